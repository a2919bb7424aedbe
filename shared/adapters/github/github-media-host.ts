import { createGitHubClient, noRetry, type GitHubClientOptions } from './github-client';
import { readBlobBytes } from './github-blob-bytes';
import { translateProviderError } from './github-errors';
import type { MediaHost } from '../../ports/media-host';

const at = (repo: { owner: string; name: string }) => ({ owner: repo.owner, repo: repo.name });

/**
 * Media blobs over GitHub's Git Data API. A 25 MiB file is 33 MiB of base64 each way, so these
 * calls get a longer time limit than the 6 s of the other provider calls.
 */
export function createGitHubMediaHost(options: GitHubClientOptions): MediaHost {
  const client = (token: string) => createGitHubClient(token, { timeoutMs: 20_000, ...options });
  return {
    async createBlob(token, repo, bytes) {
      try {
        const { data } = await client(token).request('POST /repos/{owner}/{repo}/git/blobs', {
          ...at(repo),
          content: Buffer.from(bytes).toString('base64'),
          encoding: 'base64',
          ...noRetry,
        });
        return data.sha;
      } catch (error) {
        translateProviderError(error, `storing a file in ${repo.owner}/${repo.name}`);
      }
    },
    async readBlob(token, repo, oid) {
      try {
        return new Uint8Array(await readBlobBytes(client(token), repo, oid));
      } catch (error) {
        translateProviderError(error, `reading a file of ${repo.owner}/${repo.name}`);
      }
    },
  };
}
