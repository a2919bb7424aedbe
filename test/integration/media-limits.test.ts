import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxInlineReadBytes, maxUploadBytes } from '../../shared/ports/upload-staging';
import type { ApiClient } from '../support/api-client';
import { blog } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { jpegBytes, pngBytes, stage, upload, startMediaService } from '../support/media';

let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, demo } = await startMediaService());
});
afterAll(async () => {
  await service?.stop();
});

const begin = (body: Record<string, unknown>) =>
  api.post(`${blog}/media/uploads`, { contentType: 'image/png', ...body }, { session: demo });

describe('upload refusals', () => {
  it('refuses an upload over 25 MiB with 413 naming the limit', async () => {
    const big = await begin({ name: 'big.png', size: maxUploadBytes + 1 });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/25 MiB/);
    expect((await begin({ name: 'big.png', size: maxUploadBytes })).status).toBe(201);
  });

  it('refuses an empty upload (400 naming size)', async () => {
    const empty = await begin({ name: 'empty.png', size: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^size:/);
  });

  it.each([
    ['', /must not be empty/],
    ['../secret.png', /without "\/"/],
    ['static/x.png', /without "\/"/],
    ['a\\b.png', /without "\/" or "\\"/],
    ['bad\u0007.png', /control characters/],
    ['..', /accepted|not ".."/],
    ['README', /needs an extension/],
    ['tool.exe', /"\.exe" is not an accepted type/],
    ['---.png', /at least one letter or digit/],
  ])('refuses the name %j', async (name, message) => {
    const answer = await begin({ name, size: 10 });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^name: /);
    expect(answer.body.error).toMatch(message);
  });

  describe('checks the type from the bytes', () => {
    it('refuses a JPEG named .png (400 naming the type of the bytes)', async () => {
      const mismatch = await upload(api, { session: demo }, 'photo.png', jpegBytes());
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.error).toBe(
        'name: ".png" does not match the bytes, which are image/jpeg; name the file .jpg',
      );
    });

    it('refuses bytes of no accepted type (400)', async () => {
      const text = await upload(
        api,
        { session: demo },
        'notes.png',
        Buffer.from('just some text\n'),
      );
      expect(text.status).toBe(400);
      expect(text.body.error).toMatch(/not an accepted type/);
    });

    it('refuses an SVG with a script element (400 naming it)', async () => {
      const script = await upload(
        api,
        { session: demo },
        'evil.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        {},
        'image/svg+xml',
      );
      expect(script.status).toBe(400);
      expect(script.body.error).toMatch(/<script>/);
    });

    it('refuses an SVG with an event handler attribute (400)', async () => {
      const handler = await upload(
        api,
        { session: demo },
        'evil2.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        {},
        'image/svg+xml',
      );
      expect(handler.status).toBe(400);
    });

    it('discards every refused upload: nothing is listed', async () => {
      expect((await api.get(`${blog}/media`, { session: demo })).body.files).toEqual([]);
    });
  });

  it('serves a clean SVG only as an attachment, in a sandbox', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<!-- a dot -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><circle r="1"/></svg>\n',
    );
    const committed = await upload(api, { session: demo }, 'dot.svg', svg, {}, 'image/svg+xml');
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    const read = await fetch(`${service.url}${blog}/media/file?path=static/images/dot.svg`, {
      headers: { cookie: `cms_session=${demo}` },
    });
    expect(read.headers.get('content-type')).toBe('image/svg+xml');
    expect(read.headers.get('content-disposition')).toBe('attachment; filename="dot.svg"');
    expect(read.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('answers 410 for an upload id already committed', async () => {
    const ticket = await stage(api, { session: demo }, 'once.png', pngBytes());
    expect(
      (
        await api.post(
          `${blog}/media`,
          { uploadId: ticket.uploadId, name: 'once.png' },
          { session: demo },
        )
      ).status,
    ).toBe(201);
    const again = await api.post(
      `${blog}/media`,
      { uploadId: ticket.uploadId, name: 'once-more.png' },
      { session: demo },
    );
    expect(again.status).toBe(410);
    expect(again.body.error).toMatch(/^uploadId: /);
  });

  it('answers 410 for an upload id with no bytes', async () => {
    const unsent = await begin({ name: 'unsent.png', size: 10 });
    expect(
      (
        await api.post(
          `${blog}/media`,
          { uploadId: unsent.body.uploadId, name: 'unsent.png' },
          { session: demo },
        )
      ).status,
    ).toBe(410);
  });
});

describe('the local staging refuses what S3 refuses', () => {
  it('a length other than the signed size, a bad signature, an expired URL', async () => {
    const ticket = (await begin({ name: 'sized.png', size: 64 })).body;
    const put = (url: string, body: Buffer) =>
      fetch(url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(body) });
    expect((await put(ticket.url, pngBytes(65))).status).toBe(403);
    expect((await put(ticket.url, pngBytes(63))).status).toBe(403);
    expect((await put(ticket.url.replace(/sig=[^&]+/, 'sig=forged'), pngBytes(64))).status).toBe(
      403,
    );
    expect((await put(ticket.url.replace('size=64', 'size=65'), pngBytes(65))).status).toBe(403);
    // The type is signed too (S3: SignatureDoesNotMatch): another Content-Type, or none, is refused.
    const typed = (type: string | undefined) =>
      fetch(ticket.url, {
        method: 'PUT',
        headers: type ? { 'content-type': type } : {},
        body: new Uint8Array(pngBytes(64)),
      });
    expect((await typed('image/jpeg')).status).toBe(403);
    expect((await typed(undefined)).status).toBe(403);
    service.advanceClock(16 * 60 * 1000);
    const late = await put(ticket.url, pngBytes(64));
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({
      error: 'The upload URL has expired: begin the upload again',
    });
  });
});

describe("the local staging's lifecycle", () => {
  it("removes uploads a day past their ticket when the next upload begins, as the bucket's lifecycle rule does", async () => {
    const { readdir } = await import('node:fs/promises');
    const uploads = `${service.dataDir}/media-staging/uploads`;
    const ticket = await stage(api, { session: demo }, 'forgotten.png', pngBytes());
    expect(
      (await readdir(uploads)).filter((file) => file.startsWith(ticket.uploadId)),
    ).toHaveLength(2);
    service.advanceClock(24 * 60 * 60 * 1000 + 16 * 60 * 1000);
    await begin({ name: 'next.png', size: 10 });
    expect((await readdir(uploads)).filter((file) => file.startsWith(ticket.uploadId))).toEqual([]);
  });
});

describe('GitHub round trips', () => {
  it('counts them per step: begin 1, commit 5 (read with the head’s tree, blob, tree, commit, ref), list 1, read 2, delete 4', async () => {
    const bytes = pngBytes(128);
    const count = async (work: () => Promise<unknown>) => {
      service.github.resetRequestCount();
      await work();
      return service.github.requestCount();
    };
    let ticket: Awaited<ReturnType<typeof stage>> | undefined;
    const begun = await count(
      async () => (ticket = await stage(api, { session: demo }, 'counted.png', bytes)),
    );
    let sha = '';
    const committed = await count(async () => {
      const answer = await api.post(
        `${blog}/media`,
        { uploadId: ticket!.uploadId, name: 'counted.png' },
        { session: demo },
      );
      expect(answer.status).toBe(201);
      sha = answer.body.sha;
    });
    const listed = await count(() => api.get(`${blog}/media`, { session: demo }));
    const read = await count(() =>
      fetch(`${service.url}${blog}/media/file?path=static/images/counted.png`, {
        headers: { cookie: `cms_session=${demo}` },
      }).then((r) => r.arrayBuffer()),
    );
    const deleted = await count(() =>
      api.delete(`${blog}/media/file?path=static/images/counted.png&sha=${sha}`, { session: demo }),
    );
    expect({ begun, committed, listed, read, deleted }).toEqual({
      begun: 1,
      committed: 5,
      listed: 1,
      read: 2,
      deleted: 4,
    });
  });

  it("a draft's first upload costs one more: its branch is created from the default branch", async () => {
    const ticket = await stage(api, { session: demo }, 'draft-counted.png', pngBytes());
    service.github.resetRequestCount();
    const answer = await api.post(
      `${blog}/media`,
      {
        uploadId: ticket.uploadId,
        name: 'draft-counted.png',
        draft: { collection: 'posts', slug: '2024-03-02-writing-in-markdown' },
      },
      { session: demo },
    );
    expect(answer.status).toBe(201);
    expect(service.github.requestCount()).toBe(6);
  });
});

describe('a read over the inline limit', () => {
  it('is redirected to a signed URL that serves the bytes with their headers, for 5 minutes', async () => {
    const bytes = pngBytes(maxInlineReadBytes + 1);
    const committed = await upload(api, { session: demo }, 'large.png', bytes);
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    const read = await fetch(`${service.url}${blog}/media/file?path=static/images/large.png`, {
      headers: { cookie: `cms_session=${demo}` },
      redirect: 'manual',
    });
    expect(read.status).toBe(302);
    expect(read.headers.get('cache-control')).toBe('no-store');
    const location = read.headers.get('location')!;
    expect(location.startsWith(`${service.url}/_staging/reads/`)).toBe(true);
    const staged = await fetch(location);
    expect(staged.status).toBe(200);
    expect(staged.headers.get('content-type')).toBe('image/png');
    expect(staged.headers.get('content-disposition')).toBe('inline; filename="large.png"');
    expect(staged.headers.get('cache-control')).toBe('private, max-age=300');
    expect(Buffer.from(await staged.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(location.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403);
    service.advanceClock(6 * 60 * 1000);
    expect((await fetch(location)).status).toBe(403);
  });
});
