import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../shared/errors';
import { readBlobBytes } from '../../shared/adapters/github/github-blob-bytes';
import { createGitHubClient } from '../../shared/adapters/github/github-client';

const repo = { owner: 'o', name: 'r' };
const oid = 'a'.repeat(40);

/** A client whose GitHub answers every request with `blob` as JSON, as the Git Data API does. */
const answering = (blob: unknown) =>
  createGitHubClient('token', {
    apiUrl: 'https://github.test',
    fetch: async () =>
      new Response(JSON.stringify(blob), {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
  });

describe('readBlobBytes', () => {
  it("decodes an answer over 6 MB (octokit's own parser gives such an answer back unparsed on Node 20)", async () => {
    const bytes = Buffer.alloc(8 * 1024 * 1024, 0x2a);
    bytes.write('end', bytes.length - 3);
    const content = bytes.toString('base64').replace(/(.{60})/g, '$1\n');

    const read = await readBlobBytes(
      answering({ sha: oid, size: bytes.length, content, encoding: 'base64' }),
      repo,
      oid,
    );

    expect(read.equals(bytes)).toBe(true);
  });

  it("refuses an answer shorter than the blob's size, and one without content", async () => {
    const cut = answering({
      sha: oid,
      size: 10,
      content: Buffer.from('12345').toString('base64'),
      encoding: 'base64',
    });
    await expect(readBlobBytes(cut, repo, oid)).rejects.toThrow(
      new ProviderError(`GitHub answered 5 of blob ${oid}'s 10 bytes`),
    );
    await expect(readBlobBytes(answering({ sha: oid, size: 10 }), repo, oid)).rejects.toThrow(
      ProviderError,
    );
  });
});
