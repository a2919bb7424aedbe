import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, openHostPull, pushFiles, revParse, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * The board's states are GitHub's own: a draft whose pull request is a GitHub draft pull request is
 * "In progress", one ready for review is "In review", and "Ready to publish" once it is mergeable.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
/** May read and publish but not write: marking ready is a write. */
let publishOnly: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
  publishOnly = (
    await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:publish'],
    })
  ).token;
});
afterAll(async () => {
  await service?.stop();
});

const post = '2024-02-14-hello-world';
const branch = `cms/posts/${post}`;
const listed = async (number: number) =>
  (await api.get(`${blog}/pulls`, { session: demo })).body.find(
    (pull: { number: number }) => pull.number === number,
  );
/** The pull request as the local GitHub host stores it. */
const hostPull = async (number: number) =>
  (await service.github.pulls('demo', 'blog')).find((pull) => pull.number === number)!;

describe('a draft opened as a GitHub draft pull request', () => {
  let number: number;

  it('is opened with draft: true, and listed and read as a draft with its mergeability', async () => {
    await saveDraft(api, demo, post, { title: 'Hello, board' });
    const created = await api.post(
      `${blog}/pulls`,
      { branch, title: 'Hello, board', draft: true },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    number = created.body.number;
    expect((await hostPull(number)).draft).toBe(true);
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail).toMatchObject({ number, draft: true, mergeBlockers: [] });
    expect(await listed(number)).toMatchObject({
      number,
      draft: true,
      mergeable: true,
      collection: 'posts',
      slug: post,
    });
  });

  it('is marked ready for review and moved back to in progress, idempotently', async () => {
    for (let n = 0; n < 2; n += 1) {
      const ready = await api.post(`${blog}/pulls/${number}/ready`, {}, { session: demo });
      expect(ready.status, JSON.stringify(ready.body)).toBe(200);
      expect(ready.body).toEqual({ ok: true, draft: false });
      expect(await listed(number)).toMatchObject({ draft: false, mergeable: true });
    }
    for (let n = 0; n < 2; n += 1) {
      const back = await api.delete(`${blog}/pulls/${number}/ready`, { session: demo });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body).toEqual({ ok: true, draft: true });
    }
    expect((await api.get(`${blog}/pulls/${number}`, { session: demo })).body.draft).toBe(true);
    expect((await hostPull(number)).draft).toBe(true);
  });

  it('refuses a token without content:write (403) and changes nothing', async () => {
    const refused = await api.post(`${blog}/pulls/${number}/ready`, {}, { token: publishOnly });
    expect(refused.status).toBe(403);
    expect((await api.delete(`${blog}/pulls/${number}/ready`, { token: publishOnly })).status).toBe(
      403,
    );
    expect((await hostPull(number)).draft).toBe(true);
  });

  it("is published by the spec's merge while still in progress: marked ready first, then squash merged", async () => {
    const merged = await api.put(`${blog}/pulls/${number}/merge`, {}, { token: publishOnly });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toEqual({ sha: revParse(service, 'demo/blog', 'main'), merged: true });
    expect(await hostPull(number)).toMatchObject({
      state: 'closed',
      draft: false,
      mergedAt: expect.any(String),
    });
    const again = await api.post(`${blog}/pulls/${number}/ready`, {}, { session: demo });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/not open/);
  });
});

describe('pull requests that are not ready-for-review drafts of the CMS', () => {
  it("opens a pull request ready for review without `draft` (the spec's behaviour)", async () => {
    const slug = '2024-05-06-roadmap';
    await saveDraft(api, demo, slug, { title: 'Showcase, reviewed' });
    const created = await api.post(
      `${blog}/pulls`,
      { branch: `cms/posts/${slug}`, title: 'Showcase' },
      { session: demo },
    );
    expect(created.status).toBe(200);
    expect(await listed(created.body.number)).toMatchObject({ draft: false });
    expect((await hostPull(created.body.number)).draft).toBe(false);
  });

  it('answers 404 for a pull request whose branch is not a CMS branch, 409 for one that is not a genuine draft', async () => {
    await pushFiles(service, 'demo/blog', 'feature/x', { 'x.txt': 'x\n' });
    const other = await openHostPull(service, { head: 'feature/x' });
    for (const response of [
      await api.post(`${blog}/pulls/${other}/ready`, {}, { session: demo }),
      await api.delete(`${blog}/pulls/${other}/ready`, { session: demo }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toMatch(/not a CMS draft/);
    }

    await pushFiles(service, 'demo/blog', 'cms/posts/foreign', {
      'content/posts/foreign.md': '---\ntitle: F\n---\nF\n',
      'README.md': 'changed\n',
    });
    const foreign = await openHostPull(service, { head: 'cms/posts/foreign' });
    const refused = await api.post(`${blog}/pulls/${foreign}/ready`, {}, { session: demo });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: expect.stringContaining('The CMS does not mark it ready for review.'),
      reason: 'foreign-files',
    });
    const back = await api.delete(`${blog}/pulls/${foreign}/ready`, { session: demo });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ reason: 'foreign-files' });
    expect((await hostPull(foreign)).draft).toBe(false);
    expect((await api.post(`${blog}/pulls/99999/ready`, {}, { session: demo })).status).toBe(404);
    expect((await api.post(`${blog}/pulls/abc/ready`, {}, { session: demo })).status).toBe(400);
  });

  it('refuses a create body whose `draft` is not a boolean (400), opening nothing', async () => {
    const before = (await service.github.pulls('demo', 'blog')).length;
    const response = await api.post(
      `${blog}/pulls`,
      { branch, title: 'x', draft: 'yes' },
      { session: demo },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/draft/);
    expect((await service.github.pulls('demo', 'blog')).length).toBe(before);
  });
});
