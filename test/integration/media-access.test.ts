import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, openPull, revParse, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { pngBytes, stage, upload, startMediaService } from '../support/media';

let service: TestService;
let api: ApiClient;
let demo: string;
let sha: string;

beforeAll(async () => {
  ({ service, api, demo } = await startMediaService());
  const committed = await upload(api, { session: demo }, 'private.png', pngBytes());
  expect(committed.status).toBe(201);
  sha = committed.body.sha;
});
afterAll(async () => {
  await service?.stop();
});

const read = (query: string, headers: Record<string, string>) =>
  fetch(`${service.url}${blog}/media/file?${query}`, { headers, redirect: 'manual' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("media reads check the caller's access like content reads", () => {
  it('serves a token holding content:read for the repository', async () => {
    const { token } = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read'],
    });
    const answer = await read('path=static/images/private.png', bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe(`"${sha}"`);
  });

  it('refuses a token without content:read, or scoped to another repository, with 403', async () => {
    const { token: noRead } = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['config:read'],
    });
    const refused = await read('path=static/images/private.png', bearer(noRead));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/content:read/);
    const { token: elsewhere } = await api.createToken(demo, {
      repos: ['demo/docs'],
      permissions: ['content:read'],
    });
    expect((await read('path=static/images/private.png', bearer(elsewhere))).status).toBe(403);
    expect((await api.get(`${blog}/media`, { token: elsewhere })).status).toBe(403);
    const { token: readOnly } = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read'],
    });
    expect(
      (
        await api.post(
          `${blog}/media/uploads`,
          { name: 'x.png', size: 10, contentType: 'image/png' },
          { token: readOnly },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api.delete(`${blog}/media/file?path=static/images/private.png&sha=${sha}`, {
          token: readOnly,
        })
      ).status,
    ).toBe(403);
  });

  it('tells someone who cannot see the repository nothing', async () => {
    const bob = await api.signIn('bob');
    const answer = await read('path=static/images/private.png', { cookie: `cms_session=${bob}` });
    expect(answer.status).toBe(404);
    expect((await api.get(`${blog}/media`, { session: bob })).status).toBe(404);
  });

  it('serves only files inside a media directory: other files are 404 whether or not they exist, traversal is 400', async () => {
    const session = { cookie: `cms_session=${demo}` };
    for (const path of [
      'cms.config.json',
      'content/posts/2024-05-06-roadmap.md',
      'static/imagesX/a.png',
      'static/none.png',
    ]) {
      const answer = await read(`path=${encodeURIComponent(path)}`, session);
      expect(answer.status, path).toBe(404);
      expect(((await answer.json()) as { error: string }).error).toMatch(
        /not inside a media directory/,
      );
    }
    for (const path of [
      'static/images/../../cms.config.json',
      '/etc/passwd',
      'static/images//x.png',
      '',
    ]) {
      expect((await read(`path=${encodeURIComponent(path)}`, session)).status, path).toBe(400);
    }
    expect(
      (await read('path=static/images/private.png&ref=HEAD:cms.config.json', session)).status,
    ).toBe(400);
    const deleteOther = await api.delete(
      `${blog}/media/file?path=cms.config.json&sha=${revParse(service, 'demo/blog', 'main:cms.config.json')}`,
      { session: demo },
    );
    expect(deleteOther.status).toBe(404);
  });
});

describe('an upload belongs to the user it was issued to', () => {
  it('is not taken by another writer of the repository (410), and stays for its owner', async () => {
    const alice = await api.signIn('alice');
    const ticket = await stage(api, { session: demo }, 'demo-only.png', pngBytes());
    const taken = await api.post(
      `${blog}/media`,
      { uploadId: ticket.uploadId, name: 'demo-only.png' },
      { session: alice },
    );
    expect(taken.status).toBe(410);
    expect(
      (
        await api.post(
          `${blog}/media`,
          { uploadId: ticket.uploadId, name: 'demo-only.png' },
          { session: demo },
        )
      ).status,
    ).toBe(201);
  });
});

describe('drafts carry their media', () => {
  const post = '2024-05-06-roadmap';
  const branch = `cms/posts/${post}`;

  it('commits an upload to the draft branch, shows it in the review, keeps it through a rebase and merges it with the item', async () => {
    const mainBefore = revParse(service, 'demo/blog', 'main');
    const committed = await upload(api, { session: demo }, 'roadmap-cover.png', pngBytes(200), {
      draft: { collection: 'posts', slug: post },
    });
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect(committed.body).toMatchObject({
      path: 'static/images/roadmap-cover.png',
      publicPath: '/images/roadmap-cover.png',
      branch,
      commit: revParse(service, 'demo/blog', branch),
    });
    expect(revParse(service, 'demo/blog', 'main')).toBe(mainBefore);
    const onDraft = await read(
      `path=static/images/roadmap-cover.png&ref=${encodeURIComponent(branch)}`,
      { cookie: `cms_session=${demo}` },
    );
    expect(onDraft.status).toBe(200);
    expect(
      (await read('path=static/images/roadmap-cover.png', { cookie: `cms_session=${demo}` }))
        .status,
    ).toBe(404);
    const listed = await api.get(`${blog}/media?ref=${encodeURIComponent(branch)}`, {
      session: demo,
    });
    expect(listed.body.files.map((file: { name: string }) => file.name)).toContain(
      'roadmap-cover.png',
    );

    await saveDraft(api, demo, post, { cover: '/images/roadmap-cover.png' });
    const { number } = await openPull(api, demo, post);
    expect(
      (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    const diff = await api.get(`${blog}/pulls/${number}/diff`, { session: demo });
    expect(diff.body).toContainEqual(
      expect.objectContaining({
        path: 'static/images/roadmap-cover.png',
        file: expect.objectContaining({ status: 'added', binary: true }),
      }),
    );
    expect((await api.post(`${blog}/pulls/${number}/rebase`, {}, { session: demo })).body).toEqual({
      ok: true,
    });
    expect(revParse(service, 'demo/blog', `${branch}:static/images/roadmap-cover.png`)).toBe(
      committed.body.sha,
    );
    const merged = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(revParse(service, 'demo/blog', 'main:static/images/roadmap-cover.png')).toBe(
      committed.body.sha,
    );
  });

  it('counts an upload its item does not name as a foreign file of the draft (not publishable)', async () => {
    const other = '2024-03-02-writing-in-markdown';
    expect(
      (
        await upload(api, { session: demo }, 'unused.png', pngBytes(), {
          draft: { collection: 'posts', slug: other },
        })
      ).status,
    ).toBe(201);
    await saveDraft(api, demo, other, { title: 'Writing, revised' });
    const { number } = await openPull(api, demo, other);
    const blockers = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body
      .mergeBlockers;
    expect(blockers).toEqual([
      { reason: 'foreign-files', message: expect.stringContaining('static/images/unused.png') },
    ]);
    await saveDraft(api, demo, other, { cover: '/images/unused.png' });
    expect(
      (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
  });

  it('refuses a draft slug that is not one, and a draft of another collection than `collection`', async () => {
    expect(
      (
        await upload(api, { session: demo }, 'x.png', pngBytes(), {
          draft: { collection: 'posts', slug: '../main' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await upload(api, { session: demo }, 'y.png', pngBytes(), {
          draft: { collection: 'posts', slug: post },
          collection: 'docs',
        })
      ).status,
    ).toBe(400);
  });
});
