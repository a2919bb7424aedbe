import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, openPull, publishDirect, saveDraft } from '../support/drafts';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

let service: TestService;
let api: ApiClient;
let demo: string;
const slug = '2024-03-02-writing-in-markdown';

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

describe('a draft from first save to merge', () => {
  let number: number;

  it('saves to cms/{collection}/{slug}, leaving the default branch alone', async () => {
    const mainBefore = gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`);
    const saved = await saveDraft(api, demo, slug, { title: 'Writing in markdown, revised' });
    expect(saved).toEqual({
      sha: expect.any(String),
      path: `content/posts/${slug}.md`,
      branch: `cms/posts/${slug}`,
    });
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`)).toBe(mainBefore);
    expect(
      gitShow(service.github, 'demo/blog', `cms/posts/${slug}:content/posts/${slug}.md`),
    ).toMatch(/title: ['"]?Writing in markdown, revised['"]?\n/);
    const onBranch = await api.get(`${blog}/content/posts/${slug}?branch=cms/posts/${slug}`, {
      session: demo,
    });
    expect(onBranch.body.frontmatter.title).toBe('Writing in markdown, revised');
    expect(onBranch.body.sha).toBe(saved.sha);
    expect(
      (await api.get(`${blog}/content/posts/${slug}`, { session: demo })).body,
    ).not.toHaveProperty('prNumber');
  });

  it('reads from a branch whose name git takes; one git would refuse answers 400 naming what is wrong', async () => {
    for (const [branch, named] of [
      ['cms//posts', '"//"'],
      ['cms/posts/.x', 'start with "."'],
      ['main.lock', '".lock"'],
      ['-main', '"-"'],
    ] as const) {
      const response = await api.get(
        `${blog}/content/posts/${slug}?branch=${encodeURIComponent(branch)}`,
        { session: demo },
      );
      expect(response.status, branch).toBe(400);
      expect(response.body.error, branch).toContain(`branch: `);
      expect(response.body.error, branch).toContain(named);
    }
  });

  it("saves again to the same branch with the branch copy's sha; a stale sha answers 409", async () => {
    const first = (
      await api.get(`${blog}/content/posts/${slug}?branch=cms/posts/${slug}`, { session: demo })
    ).body;
    const second = await saveDraft(api, demo, slug, { description: 'Now with more detail.' });
    expect(second.sha).not.toBe(first.sha);
    const stale = await api.put(
      `${blog}/content/posts/${slug}`,
      { frontmatter: first.frontmatter, body: first.body, sha: first.sha, mode: 'branch' },
      { session: demo },
    );
    expect(stale.status).toBe(409);
  });

  it('opens a pull request for the draft branch', async () => {
    const opened = await openPull(api, demo, slug, 'Revise the markdown post');
    number = opened.number;
    expect(opened.htmlUrl).toBe(`${service.github.url}/demo/blog/pull/${number}`);
    expect(opened.previewUrl).toBeNull();
  });

  it('answers 409 to a second pull request for the same branch', async () => {
    expect(
      (
        await api.post(
          `${blog}/pulls`,
          { branch: `cms/posts/${slug}`, title: 'Again' },
          { session: demo },
        )
      ).status,
    ).toBe(409);
  });

  it('answers 400 to a pull request from a branch that is no draft, or with a blank title, and 404 for a missing draft', async () => {
    expect(
      (await api.post(`${blog}/pulls`, { branch: 'main', title: 'x' }, { session: demo })).status,
    ).toBe(400);
    expect(
      (
        await api.post(
          `${blog}/pulls`,
          { branch: 'cms/posts/no-such-post', title: 'x' },
          { session: demo },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await api.post(
          `${blog}/pulls`,
          { branch: `cms/posts/${slug}`, title: '  ' },
          { session: demo },
        )
      ).status,
    ).toBe(400);
  });

  it('shows branch and prNumber on the item once the pull request is open', async () => {
    const item = (await api.get(`${blog}/content/posts/${slug}`, { session: demo })).body;
    expect(item).toMatchObject({ branch: `cms/posts/${slug}`, prNumber: number });
  });

  it('lists the draft with collection, slug and author, and details it', async () => {
    const list = await api.get(`${blog}/pulls`, { session: demo });
    expect(list.body).toContainEqual(
      expect.objectContaining({
        number,
        branch: `cms/posts/${slug}`,
        collection: 'posts',
        slug,
        state: 'open',
        merged: false,
        author: 'demo',
        previewUrl: null,
      }),
    );
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail).toMatchObject({
      number,
      title: 'Revise the markdown post',
      body: '',
      headSha: expect.stringMatching(/^[0-9a-f]{40}$/),
      baseSha: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect([true, null]).toContain(detail.mergeable);
  });

  it('diffs field by field in config order, with the body old and new', async () => {
    const diff = (await api.get(`${blog}/pulls/${number}/diff`, { session: demo })).body;
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({ collection: 'posts', slug, type: 'modified' });
    const fields = diff[0].frontmatter.fields;
    expect(fields.map((field: { name: string }) => field.name).slice(0, 5)).toEqual([
      'title',
      'date',
      'description',
      'tags',
      'draft',
    ]);
    expect(fields[0]).toMatchObject({
      name: 'title',
      changed: true,
      newValue: 'Writing in markdown, revised',
    });
    expect(fields.find((field: { name: string }) => field.name === 'date').changed).toBe(false);
    expect(diff[0].body.oldBody).toBe(diff[0].body.newBody);
  });

  it('keeps a comment thread; an empty comment answers 400', async () => {
    expect(
      (await api.post(`${blog}/pulls/${number}/comments`, { body: '   ' }, { session: demo }))
        .status,
    ).toBe(400);
    const created = await api.post(
      `${blog}/pulls/${number}/comments`,
      { body: 'Looks good to me.' },
      { session: demo },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      body: 'Looks good to me.',
      author: 'demo',
      avatarUrl: expect.stringMatching(/^http/),
      createdAt: expect.any(String),
    });
    expect((await api.get(`${blog}/pulls/${number}/comments`, { session: demo })).body).toEqual([
      created.body,
    ]);
  });

  it('squash merges into one commit on main and deletes the branch', async () => {
    const commits = gitLog(service.github, 'demo/blog').length;
    const merged = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toEqual({ sha: expect.stringMatching(/^[0-9a-f]{40}$/), merged: true });
    const log = gitLog(service.github, 'demo/blog');
    expect(log).toHaveLength(commits + 1);
    expect(log[0]).toContain(merged.body.sha);
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`)).toMatch(
      /title: ['"]?Writing in markdown, revised['"]?\n/,
    );
    expect(() => gitShow(service.github, 'demo/blog', `cms/posts/${slug}:README.md`)).toThrow();
    expect(
      (await api.get(`${blog}/pulls`, { session: demo })).body.map(
        (pull: { number: number }) => pull.number,
      ),
    ).not.toContain(number);
    expect((await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo })).status).toBe(
      409,
    );
  });
});

describe('the other transitions', () => {
  it('closes a draft without merging and deletes its branch', async () => {
    const post = '2024-04-18-static-sites-and-git';
    await saveDraft(api, demo, post, { title: 'Never mind' });
    const { number } = await openPull(api, demo, post);
    expect((await api.delete(`${blog}/pulls/${number}`, { session: demo })).body).toEqual({
      ok: true,
    });
    expect(() => gitShow(service.github, 'demo/blog', `cms/posts/${post}:README.md`)).toThrow();
    const detail = await api.get(`${blog}/pulls/${number}`, { session: demo });
    expect(detail.body).toMatchObject({ state: 'closed', merged: false });
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${post}.md`)).not.toContain(
      'Never mind',
    );
  });

  describe('a draft whose field was changed on main as well', () => {
    const post = '2024-05-06-roadmap';
    let number: number;

    beforeAll(async () => {
      await saveDraft(api, demo, post, { title: 'Roadmap (draft)' });
      ({ number } = await openPull(api, demo, post));
      await publishDirect(api, demo, post, { title: 'Roadmap (published elsewhere)' });
    });

    it('is refused by merge (409 conflicts)', async () => {
      const merge = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
      expect(merge.status).toBe(409);
      expect(merge.body).toEqual({
        merged: false,
        reason: 'conflicts',
        error: expect.stringMatching(/conflicts with the default branch/),
      });
    });

    it('is refused by update, which names the field changed on both sides (409)', async () => {
      const update = await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo });
      expect(update.status).toBe(409);
      expect(update.body).toEqual({ ok: false, reason: 'conflicts', fields: ['title'] });
    });

    it("is rebased onto main keeping the draft's value", async () => {
      const rebase = await api.post(`${blog}/pulls/${number}/rebase`, {}, { session: demo });
      expect(rebase.body).toEqual({ ok: true });
      const onBranch = gitShow(
        service.github,
        'demo/blog',
        `cms/posts/${post}:content/posts/${post}.md`,
      );
      expect(onBranch).toMatch(/title: ['"]?Roadmap \(draft\)['"]?\n/);
      expect(gitLog(service.github, 'demo/blog', `cms/posts/${post}`)[1]).toBe(
        gitLog(service.github, 'demo/blog')[0],
      );
    });

    it('merges once rebased', async () => {
      expect((await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo })).status).toBe(
        200,
      );
    });
  });

  it('updates a draft from main field by field when git alone would conflict', async () => {
    const post = '2024-02-14-hello-world';
    await saveDraft(api, demo, post, { title: 'Hello, drafts' });
    const { number } = await openPull(api, demo, post);
    // The date line is next to the title line: git's own merge conflicts there.
    await publishDirect(api, demo, post, { date: '2024-02-15' });
    const update = await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const file = gitShow(service.github, 'demo/blog', `cms/posts/${post}:content/posts/${post}.md`);
    expect(file).toMatch(/title: ['"]?Hello, drafts['"]?\n/);
    expect(file).toContain('date: 2024-02-15');
    expect((await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo })).status).toBe(
      200,
    );
    const published = gitShow(service.github, 'demo/blog', `main:content/posts/${post}.md`);
    expect(published).toMatch(/title: ['"]?Hello, drafts['"]?\n/);
    expect(published).toContain('date: 2024-02-15');
  });

  it('updates a draft when main changed another file (plain merge) and says ok when nothing is new', async () => {
    const post = '2024-02-14-hello-world';
    await saveDraft(api, demo, post, { title: 'Hello again' });
    const { number } = await openPull(api, demo, post);
    expect((await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo })).body).toEqual({
      ok: true,
    });
    await publishDirect(api, demo, '2024-05-06-roadmap', { description: 'Elsewhere.' });
    expect((await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo })).body).toEqual({
      ok: true,
    });
    expect(
      gitShow(service.github, 'demo/blog', `cms/posts/${post}:content/posts/2024-05-06-roadmap.md`),
    ).toContain('Elsewhere.');
  });
});
