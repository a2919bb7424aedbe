import { ProviderError } from '../../errors';
import type { GitHubClient } from './github-client';
import type { RepoId } from '../../ports/git-host';

/**
 * A blob's bytes over the Git Data API (GitHub serves blobs up to 100 MB there; the contents API
 * stops at 1 MB). The JSON answer is parsed here with the runtime's own JSON.parse, not octokit's:
 * octokit's big-integer parser throws on Node 20 for an answer over about 6 MB (a regular
 * expression over the whole text overflows the stack), and octokit then hands back the unparsed
 * text, so a media file of 8 MiB could not be read. The decoded length is checked against the
 * blob's size: a cut answer is an error, never a shorter file.
 */
export async function readBlobBytes(
  client: GitHubClient,
  repo: RepoId,
  oid: string,
): Promise<Buffer> {
  const { data } = await client.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', {
    owner: repo.owner,
    repo: repo.name,
    file_sha: oid,
    request: { parseSuccessResponseBody: false },
  });
  const blob = JSON.parse(
    await new Response(data as unknown as ReadableStream<Uint8Array>).text(),
  ) as { content?: unknown; encoding?: unknown; size?: unknown };
  if (typeof blob.content !== 'string')
    throw new ProviderError(`GitHub answered blob ${oid} without its content`);
  const bytes = Buffer.from(blob.content, blob.encoding === 'base64' ? 'base64' : 'utf8');
  if (typeof blob.size === 'number' && bytes.length !== blob.size)
    throw new ProviderError(`GitHub answered ${bytes.length} of blob ${oid}'s ${blob.size} bytes`);
  return bytes;
}
