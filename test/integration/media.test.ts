import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, revParse } from '../support/drafts';
import { gitLog } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { responseValidator } from '../support/openapi-validator';
import { jpegBytes, pngBytes, upload, startMediaService } from '../support/media';

let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, demo } = await startMediaService());
});
afterAll(async () => {
  await service?.stop();
});

/** A media file read; the answer is checked against the OpenAPI document as the test client's are: its type, its headers. */
async function readFile(path: string, headers: Record<string, string> = {}, cookie = demo) {
  const target = `${blog}/media/file?path=${encodeURIComponent(path)}`;
  const response = await fetch(`${service.url}${target}`, {
    headers: { cookie: `cms_session=${cookie}`, ...headers },
    redirect: 'manual',
  });
  const text = await response.clone().text();
  responseValidator().assertValid({
    method: 'GET',
    path: target,
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
    headers: response.headers,
  });
  return response;
}

describe('an image from upload to deletion through HTTP', () => {
  const bytes = pngBytes(300);
  let committed: Awaited<ReturnType<typeof upload>>;

  it('commits an upload as one commit on the default branch under a slugged name', async () => {
    const before = gitLog(service.github, 'demo/blog').length;
    committed = await upload(api, { session: demo }, 'Summer Trip É.PNG', bytes);
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect(committed.body).toEqual({
      path: 'static/images/summer-trip-e.png',
      publicPath: '/images/summer-trip-e.png',
      sha: revParse(service, 'demo/blog', 'main:static/images/summer-trip-e.png'),
      size: 300,
      contentType: 'image/png',
      commit: revParse(service, 'demo/blog', 'main'),
    });
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(before + 1);
  });

  it('lists the upload in its directory', async () => {
    const listed = await api.get(`${blog}/media`, { session: demo });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      directory: 'static/images',
      publicPath: '/images',
      files: [
        {
          name: 'summer-trip-e.png',
          path: 'static/images/summer-trip-e.png',
          publicPath: '/images/summer-trip-e.png',
          size: 300,
          type: 'image/png',
          sha: committed.body.sha,
        },
      ],
      nextCursor: null,
    });
  });

  it('serves the bytes as uploaded, inert (nosniff, sandboxed), privately cached with an ETag', async () => {
    const read = await readFile('static/images/summer-trip-e.png');
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    expect(
      Object.fromEntries(
        [
          'content-type',
          'x-content-type-options',
          'content-security-policy',
          'content-disposition',
          'cache-control',
          'etag',
        ].map((name) => [name, read.headers.get(name)]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline; filename="summer-trip-e.png"',
      'cache-control': 'private, max-age=300',
      etag: `"${committed.body.sha}"`,
    });
  });

  it('answers 304 to a read naming its ETag', async () => {
    const notModified = await readFile('static/images/summer-trip-e.png', {
      'if-none-match': `"${committed.body.sha}"`,
    });
    expect(notModified.status).toBe(304);
    expect([notModified.headers.get('etag'), notModified.headers.get('location')]).toEqual([
      `"${committed.body.sha}"`,
      null,
    ]);
  });

  it('refuses a delete naming a stale sha (409)', async () => {
    const stale = await api.delete(
      `${blog}/media/file?path=static/images/summer-trip-e.png&sha=${'0'.repeat(40)}`,
      { session: demo },
    );
    expect(stale.status).toBe(409);
  });

  it('deletes it in one commit, after which it is neither served nor listed', async () => {
    const deleted = await api.delete(
      `${blog}/media/file?path=static/images/summer-trip-e.png&sha=${committed.body.sha}`,
      { session: demo },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ ok: true, commit: revParse(service, 'demo/blog', 'main') });
    expect((await readFile('static/images/summer-trip-e.png')).status).toBe(404);
    expect((await api.get(`${blog}/media`, { session: demo })).body.files).toEqual([]);
  });
});

describe('media: upload, list, read, delete through HTTP', () => {
  it('pages a listing with a cursor, a collection listing its own directory', async () => {
    for (const name of ['a.png', 'b.png', 'c.png'])
      expect((await upload(api, { session: demo }, name, pngBytes())).status).toBe(201);
    const first = await api.get(`${blog}/media?limit=2`, { session: demo });
    expect(first.body.files.map((file: { name: string }) => file.name)).toEqual(['a.png', 'b.png']);
    const second = await api.get(`${blog}/media?limit=2&cursor=${first.body.nextCursor}`, {
      session: demo,
    });
    expect(second.body.files.map((file: { name: string }) => file.name)).toEqual(['c.png']);
    expect(second.body.nextCursor).toBeNull();
    expect((await api.get(`${blog}/media?limit=101`, { session: demo })).status).toBe(400);
    expect((await api.get(`${blog}/media?cursor=nonsense!`, { session: demo })).status).toBe(400);
    const docs = await api.get(`${blog}/media?collection=docs`, { session: demo });
    expect(docs.body).toMatchObject({ directory: 'static/docs', publicPath: '/docs', files: [] });
  });

  describe('never overwrites silently', () => {
    let first: Awaited<ReturnType<typeof upload>>;

    it('refuses an upload to a taken name (409 naming it), whatever its case', async () => {
      first = await upload(api, { session: demo }, 'logo.png', pngBytes(80));
      expect(first.status).toBe(201);
      const again = await upload(api, { session: demo }, 'Logo.png', pngBytes(90));
      expect(again.status).toBe(409);
      expect(again.body.error).toContain('static/images/logo.png exists already');
    });

    it('refuses a replace naming a sha the file no longer has (409)', async () => {
      const stale = await upload(api, { session: demo }, 'logo.png', pngBytes(90), {
        replace: { sha: '1'.repeat(40) },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toContain('changed since it was read');
    });

    it('replaces the file given its current sha', async () => {
      const replaced = await upload(api, { session: demo }, 'logo.png', pngBytes(90), {
        replace: { sha: first.body.sha },
      });
      expect(replaced.status).toBe(201);
      expect(replaced.body.size).toBe(90);
      expect(revParse(service, 'demo/blog', 'main:static/images/logo.png')).toBe(replaced.body.sha);
    });
  });

  it("takes a collection's own media directory", async () => {
    const committed = await upload(
      api,
      { session: demo },
      'photo.jpg',
      jpegBytes(),
      { collection: 'docs' },
      'image/jpeg',
    );
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect(committed.body).toMatchObject({
      path: 'static/docs/photo.jpg',
      publicPath: '/docs/photo.jpg',
      contentType: 'image/jpeg',
    });
  });
});
