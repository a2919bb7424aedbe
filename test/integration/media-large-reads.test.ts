import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxInlineReadBytes } from '../../shared/ports/upload-staging';
import type { ApiClient } from '../support/api-client';
import { blog } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { pngBytes, startMediaService, upload } from '../support/media';

let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, demo } = await startMediaService());
});
afterAll(async () => {
  await service?.stop();
});

const MiB = 1024 * 1024;

/** A PNG-typed file of `mib` MiB whose every MiB is marked with its index, so a cut or shuffled read cannot pass for it. */
function markedFile(mib: number): Buffer {
  const bytes = pngBytes(mib * MiB);
  for (let at = 1; at < mib; at += 1) bytes.writeUInt32BE(at, at * MiB);
  bytes.writeUInt32BE(0xc0ffee, bytes.length - 4);
  return bytes;
}

describe('a committed media file of up to 25 MiB reads back byte for byte', () => {
  it.each([4, 8, 16, 25])(
    'at %i MiB: inline up to 4 MiB, else by a redirect to a signed URL',
    async (mib) => {
      const bytes = markedFile(mib);
      const name = `large-${mib}.png`;
      const committed = await upload(api, { session: demo }, name, bytes);
      expect(committed.status, JSON.stringify(committed.body)).toBe(201);

      const read = await fetch(`${service.url}${blog}/media/file?path=static/images/${name}`, {
        headers: { cookie: `cms_session=${demo}` },
        redirect: 'manual',
      });
      const inline = bytes.length <= maxInlineReadBytes;
      expect(read.status, read.status >= 400 ? await read.text() : '').toBe(inline ? 200 : 302);
      const served = inline ? read : await fetch(read.headers.get('location')!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );
});
