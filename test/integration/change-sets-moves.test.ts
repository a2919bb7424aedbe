import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { readItem, saveInto } from '../support/change-sets';
import { blog, onGitHub, pushFiles, revParse } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { pngBytes, stage } from '../support/media';
import { signedInService } from '../support/signed-in';

/**
 * Renames, duplicates and media uploads into a change set (issue #38) over real HTTP: each lands
 * on the set's branch `cms/_sets/{name}` with the rules of a save into a set, and the set
 * publishes them with its other items in one squash merge.
 */
let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

const set = 'moves';
const setBranch = `cms/_sets/${set}`;
const old = '2024-04-18-static-sites-and-git';
const roadmap = '2024-05-06-roadmap';
const post = '2024-02-14-hello-world';
const as = () => ({ session: demo });
const item = (collection: string, slug: string, branch?: string) =>
  readItem(api, as(), { collection, slug, ...(branch && { branch }) });
const status = async (collection: string, slug: string, branch?: string) =>
  (
    await api.get(
      `${blog}/content/${collection}/${slug}${branch ? `?branch=${encodeURIComponent(branch)}` : ''}`,
      as(),
    )
  ).status;
const createSet = async (name: string) => {
  const created = await api.post(`${blog}/sets`, { name }, as());
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.number as number;
};

describe('moves and media in a change set', () => {
  let number: number;

  it('renames an item in the set: one commit on its branch, one item, a rename in its diff', async () => {
    number = await createSet(set);
    const main = revParse(service, 'demo/blog', 'main');
    const source = await item('posts', old);
    service.github.resetRequestCount();
    const renamed = await api.post(
      `${blog}/content/posts/${old}/rename`,
      { to: 'static-sites', sha: source.sha, set },
      as(),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // A direct rename's 5 (the read, the blob's mode, then tree, commit and ref) and the open pull requests.
    expect(service.github.requestCount()).toBe(6);
    expect(renamed.body).toEqual({
      path: 'content/posts/static-sites.md',
      sha: source.sha,
      previousPath: `content/posts/${old}.md`,
      branch: setBranch,
    });
    expect(revParse(service, 'demo/blog', 'main')).toBe(main);
    expect(await status('posts', old)).toBe(200);
    expect(await status('posts', old, setBranch)).toBe(404);
    expect((await item('posts', 'static-sites', setBranch)).sha).toBe(source.sha);
    const sets = (await api.get(`${blog}/sets`, as())).body;
    expect(sets[0].items).toEqual([{ collection: 'posts', slug: 'static-sites' }]);
    const diff = (await api.get(`${blog}/pulls/${number}/diff`, as())).body;
    expect(diff).toEqual([
      expect.objectContaining({
        path: 'content/posts/static-sites.md',
        slug: 'static-sites',
        previousSlug: old,
        previousPath: `content/posts/${old}.md`,
      }),
    ]);
    expect((await api.get(`${blog}/pulls/${number}`, as())).body.mergeBlockers).toEqual([]);
  });

  it("duplicates an item into the set as a new item of it, from the set's copy", async () => {
    expect(
      (
        await saveInto(api, as(), {
          set,
          collection: 'posts',
          slug: roadmap,
          change: { title: 'Set roadmap' },
        })
      ).status,
    ).toBe(200);
    const copied = await api.post(
      `${blog}/content/posts/${roadmap}/duplicate`,
      { to: 'roadmap-copy', set },
      as(),
    );
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body).toMatchObject({ path: 'content/posts/roadmap-copy.md', branch: setBranch });
    expect(await status('posts', 'roadmap-copy')).toBe(404);
    expect((await item('posts', 'roadmap-copy', setBranch)).frontmatter.title).toBe('Set roadmap');
  });

  it('commits a media upload on the set, which passes its rules once an item references it', async () => {
    const ticket = await stage(api, as(), 'Launch.png', pngBytes());
    const committed = await api.post(
      `${blog}/media`,
      { uploadId: ticket.uploadId, name: 'Launch.png', set },
      as(),
    );
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect(committed.body).toMatchObject({ path: 'static/media/launch.png', branch: setBranch });
    expect(() => gitShow(service.github, 'demo/blog', 'main:static/media/launch.png')).toThrow();
    expect(
      gitShow(service.github, 'demo/blog', `${setBranch}:static/media/launch.png`).length,
    ).toBe(64);
    const unreferenced = (await api.get(`${blog}/pulls/${number}`, as())).body.mergeBlockers;
    expect(unreferenced).toEqual([
      {
        reason: 'foreign-files',
        message: expect.stringContaining(
          'static/media/launch.png (none of its items references it)',
        ),
      },
    ]);
    const cover = await saveInto(api, as(), {
      set,
      collection: 'posts',
      slug: post,
      change: { cover: '/media/launch.png' },
    });
    expect(cover.status, JSON.stringify(cover.body)).toBe(200);
    expect((await api.get(`${blog}/pulls/${number}`, as())).body.mergeBlockers).toEqual([]);
  });

  it('refuses mode with set, a set that does not exist, and set with draft (4xx naming them), changing nothing', async () => {
    const head = revParse(service, 'demo/blog', setBranch);
    const about = await item('pages', 'about');
    const mixed = await api.post(
      `${blog}/content/posts/${post}/rename`,
      { to: 'hello', sha: (await item('posts', post, setBranch)).sha, set, mode: 'branch' },
      as(),
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toContain('set and mode are exclusive');
    const missing = await api.post(
      `${blog}/content/authors/alice/duplicate`,
      { to: 'alice-copy', set: 'nope' },
      as(),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain('no change set nope in demo/blog');
    const begin = await api.post(
      `${blog}/media/uploads`,
      { name: 'a.png', size: 64, contentType: 'image/png', set: 'nope' },
      as(),
    );
    expect(begin.status).toBe(404);
    expect(begin.body.error).toContain('no change set nope in demo/blog');
    const ticket = await stage(api, as(), 'b.png', pngBytes());
    const both = await api.post(
      `${blog}/media`,
      { uploadId: ticket.uploadId, name: 'b.png', set, draft: { collection: 'posts', slug: post } },
      as(),
    );
    expect(both.status).toBe(400);
    expect(both.body.error).toContain('set and draft are exclusive');
    // A collection locked to direct commits takes no set, as for a save.
    const locked = await api.post(
      `${blog}/content/pages/about/rename`,
      { to: 'about-us', sha: about.sha, set },
      as(),
    );
    expect(locked.status).toBe(400);
    expect(locked.body.error).toContain('collection pages is locked to direct commits');
    expect(revParse(service, 'demo/blog', setBranch)).toBe(head);
  });

  it('refuses an item held by another set or by its own draft (409 naming it)', async () => {
    const other = await createSet('other');
    const head = revParse(service, 'demo/blog', 'cms/_sets/other');
    const held = await api.post(
      `${blog}/content/posts/${post}/rename`,
      { to: 'hello', sha: (await item('posts', post)).sha, set: 'other' },
      as(),
    );
    expect(held.status).toBe(409);
    expect(held.body.error).toContain(`posts/${post} is in change set ${set} (#${number})`);
    // The new slug of a copy counts too: static-sites is the first set's.
    const taken = await api.post(
      `${blog}/content/authors/alice/duplicate`,
      { to: 'alice-2', set: 'other' },
      as(),
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const copyHeld = await api.post(
      `${blog}/content/posts/2024-03-02-writing-in-markdown/duplicate`,
      { to: 'static-sites', set: 'other' },
      as(),
    );
    expect(copyHeld.status).toBe(409);
    expect(copyHeld.body.error).toContain(
      `posts/static-sites is in change set ${set} (#${number})`,
    );
    const writing = await item('posts', '2024-03-02-writing-in-markdown');
    const draft = await api.put(
      `${blog}/content/posts/2024-03-02-writing-in-markdown`,
      {
        frontmatter: { ...writing.frontmatter, title: 'Its own draft' },
        body: writing.body,
        sha: writing.sha,
        mode: 'branch',
      },
      as(),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const own = await api.post(
      `${blog}/content/posts/2024-03-02-writing-in-markdown/rename`,
      { to: 'writing', sha: writing.sha, set: 'other' },
      as(),
    );
    expect(own.status).toBe(409);
    expect(own.body.error).toContain('has a draft (cms/posts/2024-03-02-writing-in-markdown)');
    // One commit landed on the other set: the copy it took; none of the refusals.
    expect(revParse(service, 'demo/blog', 'cms/_sets/other')).not.toBe(head);
    expect(
      (await api.get(`${blog}/sets`, as())).body.find(
        (one: { number: number }) => one.number === other,
      ).items,
    ).toEqual([{ collection: 'authors', slug: 'alice-2' }]);
  });

  it('refuses a full set and a closed one (409), for a copy and for a media upload', async () => {
    const full = await createSet('full');
    await pushFiles(
      service,
      'demo/blog',
      'cms/_sets/full',
      Object.fromEntries(
        Array.from({ length: 100 }, (_, n) => [
          `content/authors/guest-${n}.md`,
          `---\nname: Guest ${n}\n---\n`,
        ]),
      ),
    );
    const copy = await api.post(
      `${blog}/content/authors/bob/duplicate`,
      { to: 'bob-2', set: 'full' },
      as(),
    );
    expect(copy.status).toBe(409);
    expect(copy.body.error).toBe(
      'Change set full holds 100 items, the most one set may hold (100); publish it or start another set',
    );
    await onGitHub(service.github, 'demo', 'PATCH', `/repos/demo/blog/pulls/${full}`, {
      state: 'closed',
    });
    const ticket = await stage(api, as(), 'c.png', pngBytes());
    const closed = await api.post(
      `${blog}/media`,
      { uploadId: ticket.uploadId, name: 'c.png', set: 'full' },
      as(),
    );
    expect(closed.status).toBe(409);
    expect(closed.body.error).toContain('Change set full has no open pull request');
    expect(() =>
      gitShow(service.github, 'demo/blog', 'cms/_sets/full:static/media/c.png'),
    ).toThrow();
  });

  it('publishes the rename, the copy and the media with its items in one squash merge', async () => {
    const head = (await api.get(`${blog}/pulls/${number}`, as())).body.headSha;
    const merge = await api.put(`${blog}/pulls/${number}/merge?sha=${head}`, {}, as());
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    expect(await status('posts', old)).toBe(404);
    expect(await status('posts', 'static-sites')).toBe(200);
    expect((await item('posts', 'roadmap-copy')).frontmatter.title).toBe('Set roadmap');
    expect((await item('posts', post)).frontmatter.cover).toBe('/media/launch.png');
    expect(gitShow(service.github, 'demo/blog', 'main:static/media/launch.png').length).toBe(64);
  });
});
