import { describe, expect, it } from 'vitest';
import {
  putErrorText,
  putWithProgress,
  uploadFile,
  type Ticket,
  type UploadSteps,
  type XhrLike,
} from '../../../web/src/lib/media-upload';

const ticket: Ticket = {
  uploadId: 'u1',
  url: '/_staging/u1?sig=x',
  method: 'PUT',
  headers: { 'Content-Type': 'image/png', 'Content-Length': '10' },
  maxBytes: 100,
};

/** An XMLHttpRequest that records what it was asked and answers as told. */
class FakeXhr implements XhrLike {
  static last: FakeXhr | undefined;
  opened?: [string, string];
  headers: Record<string, string> = {};
  body: unknown;
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  constructor(private readonly answer: { status?: number; text?: string; fail?: boolean }) {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.upload.onprogress?.({ loaded: 4, total: 10, lengthComputable: true });
    this.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
    if (this.answer.fail) return this.onerror?.();
    this.status = this.answer.status ?? 200;
    this.responseText = this.answer.text ?? '';
    this.onload?.();
  }
}

describe('an upload in three steps', () => {
  it('asks for a ticket, sends the bytes, then commits to the target', async () => {
    const calls: string[] = [];
    const steps: UploadSteps<{ name: string; size: number; type: string }> = {
      begin: async (target, input) => {
        calls.push(`begin ${target.repo} ${JSON.stringify(input)}`);
        return ticket;
      },
      put: async (got, file, progress) => {
        calls.push(`put ${got.uploadId} ${file.name}`);
        progress(5, 10);
      },
      commit: async (target, input) => {
        calls.push(`commit ${JSON.stringify(target.draft)} ${JSON.stringify(input)}`);
        return {
          path: 'static/images/a.png',
          publicPath: '/images/a.png',
          sha: 'b'.repeat(40),
          size: 10,
          contentType: 'image/png',
          branch: 'cms/posts/hello',
        };
      },
    };
    const progress: number[] = [];
    const target = {
      repo: 'o/r',
      collection: 'posts',
      draft: { collection: 'posts', slug: 'hello' },
    };
    const committed = await uploadFile(
      { name: 'A.png', size: 10, type: '' },
      target,
      steps,
      (fraction) => progress.push(fraction),
    );
    expect(committed.publicPath).toBe('/images/a.png');
    expect(calls).toEqual([
      'begin o/r {"name":"A.png","size":10,"contentType":"application/octet-stream"}',
      'put u1 A.png',
      'commit {"collection":"posts","slug":"hello"} {"uploadId":"u1","name":"A.png"}',
    ]);
    expect(progress).toEqual([0, 0.5, 1]);
  });

  it('refuses an empty file before asking for a ticket', async () => {
    const steps = {
      begin: () => Promise.reject(new Error('not called')),
      put: () => Promise.resolve(),
      commit: () => Promise.reject(new Error('not called')),
    };
    await expect(
      uploadFile({ name: 'e.png', size: 0, type: 'image/png' }, { repo: 'o/r' }, steps),
    ).rejects.toThrow('e.png is empty');
  });

  it('PUTs with the ticket headers (not Content-Length, which the browser sets) and reports progress', async () => {
    const seen: [number, number][] = [];
    await putWithProgress(
      ticket,
      'bytes',
      (sent, total) => seen.push([sent, total]),
      () => new FakeXhr({ status: 200 }),
    );
    const xhr = FakeXhr.last!;
    expect(xhr.opened).toEqual(['PUT', '/_staging/u1?sig=x']);
    expect(xhr.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(xhr.body).toBe('bytes');
    expect(seen).toEqual([
      [4, 10],
      [10, 10],
    ]);
  });

  it('a refused PUT fails with the staging’s own words; a dead connection says so', async () => {
    await expect(
      putWithProgress(
        ticket,
        'x',
        () => {},
        () => new FakeXhr({ status: 403, text: '{"error":"The signature has expired"}' }),
      ),
    ).rejects.toThrow('The signature has expired');
    await expect(
      putWithProgress(
        ticket,
        'x',
        () => {},
        () => new FakeXhr({ fail: true }),
      ),
    ).rejects.toThrow('the connection failed');
    expect(
      putErrorText(
        400,
        '<Error><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
      ),
    ).toBe('Your proposed upload exceeds the maximum allowed size');
    expect(putErrorText(500, '')).toBe('The file could not be sent (HTTP 500). Try again.');
  });
});
