import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, openHostPull, openPull, pushFiles, revParse, saveDraft } from '../support/drafts';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * A draft is what its branch name says, and nothing more: a pull request on a
 * `cms/{collection}/{slug}` branch is published, updated, rebased and cleaned up by the CMS only
 * when its head is in this repository, it targets the default branch and it changes only its item.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
/** A token that may publish, as an automation would hold. */
let publisher: string;
const workflow = '.github/workflows/deploy.yml';

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
  publisher = (
    await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:write', 'content:publish'],
    })
  ).token;
});
afterAll(async () => {
  await service?.stop();
});

const numbers = async () =>
  (await api.get(`${blog}/pulls`, { session: demo })).body.map(
    (pull: { number: number }) => pull.number,
  );

describe('a draft branch that also changes other files', () => {
  const post = '2024-02-14-hello-world';
  const branch = `cms/posts/${post}`;
  let number: number;

  it('is listed and diffed with every file it changes, and says why it cannot be published', async () => {
    await saveDraft(api, demo, post, { title: 'Hello, workflows' });
    await pushFiles(service, 'demo/blog', branch, { [workflow]: 'on: push\njobs: {}\n' });
    number = (await openPull(api, demo, post)).number;
    expect(await numbers()).toContain(number);

    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail.mergeBlockers).toEqual([
      { reason: 'foreign-files', message: expect.stringContaining(workflow) },
    ]);

    const diff = (await api.get(`${blog}/pulls/${number}/diff`, { session: demo })).body;
    expect(diff).toHaveLength(2);
    expect(diff).toContainEqual(
      expect.objectContaining({
        collection: 'posts',
        slug: post,
        type: 'modified',
        path: `content/posts/${post}.md`,
      }),
    );
    expect(diff).toContainEqual({
      collection: '',
      slug: '',
      type: 'added',
      frontmatter: { fields: [] },
      body: { oldBody: '', newBody: 'on: push\njobs: {}\n' },
      path: workflow,
      file: { status: 'added' },
    });
  });

  let main: string;
  let head: string;

  it('is never merged (409 foreign-files)', async () => {
    main = revParse(service, 'demo/blog', 'main');
    head = revParse(service, 'demo/blog', branch);
    const merge = await api.put(`${blog}/pulls/${number}/merge`, {}, { token: publisher });
    expect(merge.status).toBe(409);
    expect(merge.body).toEqual({
      merged: false,
      reason: 'foreign-files',
      error: expect.stringContaining(workflow),
    });
  });

  it('is never updated (409 foreign-files)', async () => {
    const update = await api.put(`${blog}/pulls/${number}/update`, {}, { token: publisher });
    expect(update.status).toBe(409);
    expect(update.body).toEqual({ ok: false, reason: 'foreign-files', error: expect.any(String) });
  });

  it('is never rebased (409 foreign-files)', async () => {
    const rebase = await api.post(`${blog}/pulls/${number}/rebase`, {}, { token: publisher });
    expect(rebase.status).toBe(409);
    expect(rebase.body).toEqual({
      error: expect.stringContaining(workflow),
      reason: 'foreign-files',
    });
  });

  it('leaves main and the branch as they were after those refusals', () => {
    expect(revParse(service, 'demo/blog', 'main')).toBe(main);
    expect(() => gitShow(service.github, 'demo/blog', `main:${workflow}`)).toThrow();
    expect(revParse(service, 'demo/blog', branch)).toBe(head);
  });

  it('closes without deleting the branch', async () => {
    expect((await api.delete(`${blog}/pulls/${number}`, { token: publisher })).body).toEqual({
      ok: true,
    });
    expect((await api.get(`${blog}/pulls/${number}`, { session: demo })).body).toMatchObject({
      state: 'closed',
      merged: false,
    });
    expect(gitShow(service.github, 'demo/blog', `${branch}:${workflow}`)).toBe(
      'on: push\njobs: {}\n',
    );
  });
});

describe("a pull request from a fork whose branch has a draft's name", () => {
  const post = '2024-03-02-writing-in-markdown';
  const branch = `cms/posts/${post}`;
  let own: number;
  let forked: number;
  let ownHead: string;

  it('is not listed, and the item still names its own draft', async () => {
    await saveDraft(api, demo, post, { title: 'Ours' });
    own = (await openPull(api, demo, post)).number;
    ownHead = revParse(service, 'demo/blog', branch);
    await service.github.forkRepository('demo', 'blog', 'bob');
    await pushFiles(service, 'bob/blog', branch, {
      [`content/posts/${post}.md`]: '---\ntitle: Theirs\ndate: 2024-03-02\n---\nFrom a fork.\n',
    });
    forked = await openHostPull(service, { head: `bob:${branch}` });

    const listed = await numbers();
    expect(listed).toContain(own);
    expect(listed).not.toContain(forked);
    expect((await api.get(`${blog}/content/posts/${post}`, { session: demo })).body).toMatchObject({
      branch,
      prNumber: own,
    });
    const detail = (await api.get(`${blog}/pulls/${forked}`, { session: demo })).body;
    expect(detail.mergeBlockers).toEqual([
      { reason: 'cross-repository', message: expect.stringMatching(/fork/) },
    ]);
  });

  it("is never merged (409 cross-repository), leaving this repository's branch of the same name", async () => {
    const main = revParse(service, 'demo/blog', 'main');
    const merge = await api.put(`${blog}/pulls/${forked}/merge`, {}, { token: publisher });
    expect(merge.status).toBe(409);
    expect(merge.body).toMatchObject({ merged: false, reason: 'cross-repository' });
    expect(revParse(service, 'demo/blog', 'main')).toBe(main);
    expect(revParse(service, 'demo/blog', branch)).toBe(ownHead);
  });

  it("closes without touching this repository's branch of the same name", async () => {
    expect((await api.delete(`${blog}/pulls/${forked}`, { token: publisher })).body).toEqual({
      ok: true,
    });
    expect((await api.get(`${blog}/pulls/${forked}`, { session: demo })).body).toMatchObject({
      state: 'closed',
      merged: false,
    });
    expect(revParse(service, 'demo/blog', branch)).toBe(ownHead);
  });

  it('leaves our own draft of that name open and mergeable', async () => {
    expect((await api.get(`${blog}/pulls/${own}`, { session: demo })).body).toMatchObject({
      state: 'open',
      mergeBlockers: [],
    });
    const merged = await api.put(`${blog}/pulls/${own}/merge`, {}, { token: publisher });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${post}.md`)).toMatch(
      /title: ['"]?Ours['"]?\n/,
    );
  });
});

describe('a draft branch proposed into another branch than the default one', () => {
  const post = '2024-04-18-static-sites-and-git';
  const branch = `cms/posts/${post}`;
  let number: number;
  let develop: string;
  let commits: number;

  beforeAll(async () => {
    await saveDraft(api, demo, post, { title: 'Into develop' });
    await pushFiles(service, 'demo/blog', 'develop', { 'notes.txt': 'develop\n' });
    number = await openHostPull(service, { head: branch, base: 'develop' });
    develop = revParse(service, 'demo/blog', 'develop');
    commits = gitLog(service.github, 'demo/blog').length;
  });

  it('is not listed, and the item names no draft', async () => {
    expect(await numbers()).not.toContain(number);
    const item = (await api.get(`${blog}/content/posts/${post}`, { session: demo })).body;
    expect(item).not.toHaveProperty('prNumber');
    expect(item).not.toHaveProperty('branch');
  });

  it('is refused by merge, update and rebase (409 base-not-default), changing no branch', async () => {
    expect(
      (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([{ reason: 'base-not-default', message: expect.stringContaining('develop') }]);
    const merge = await api.put(`${blog}/pulls/${number}/merge`, {}, { token: publisher });
    expect([merge.status, merge.body.reason]).toEqual([409, 'base-not-default']);
    const update = await api.put(`${blog}/pulls/${number}/update`, {}, { token: publisher });
    expect([update.status, update.body.reason]).toEqual([409, 'base-not-default']);
    const rebase = await api.post(`${blog}/pulls/${number}/rebase`, {}, { token: publisher });
    expect([rebase.status, rebase.body.reason]).toEqual([409, 'base-not-default']);
    expect(revParse(service, 'demo/blog', 'develop')).toBe(develop);
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(commits);
  });

  it('closes keeping its branch', async () => {
    expect((await api.delete(`${blog}/pulls/${number}`, { token: publisher })).status).toBe(200);
    expect(gitShow(service.github, 'demo/blog', `${branch}:content/posts/${post}.md`)).toMatch(
      /Into develop/,
    );
  });
});
