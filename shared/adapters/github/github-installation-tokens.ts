import { ProviderError } from '../../errors';
import { appJwt } from './github-app-jwt';
import type { GitHubClient } from './github-client';
import { statusOfError, translateProviderError } from './github-errors';
import type { RepoId } from '../../ports/git-host';

/** A token is used until this long before it expires (GitHub issues them for an hour). */
const renewBeforeMs = 5 * 60 * 1000;

export interface InstallationTokenOptions {
  app: { appId: number | string; privateKeyPem: string };
  client: (token: string) => GitHubClient;
  now: () => number;
  /** What the tokens may do; reading contents by default (`contents: read`, `metadata: read`). */
  permissions?: Record<string, 'read' | 'write'>;
}

const readContents = { contents: 'read', metadata: 'read' } as const;

/**
 * Installation tokens as the app mints them for itself (the App JWT, then the repository's
 * installation and a token narrowed to that one repository and to `permissions`, by default
 * `contents: read` and `metadata: read`), kept per repository in the process until shortly
 * before they expire.
 */
export function createInstallationTokens(options: InstallationTokenOptions) {
  const minted = new Map<string, { token: string; expiresAt: number }>();

  async function mint(repo: RepoId): Promise<{ token: string; expiresAt: number } | null> {
    const app = options.client(appJwt(options.app.appId, options.app.privateKeyPem, options.now()));
    let installationId: number;
    try {
      const { data } = await app.request('GET /repos/{owner}/{repo}/installation', {
        owner: repo.owner,
        repo: repo.name,
      });
      installationId = data.id;
    } catch (error) {
      if (statusOfError(error) === 404) return null;
      if (statusOfError(error) === 401)
        throw new ProviderError(
          "GitHub refused the app's own credentials; check the GitHub App configuration",
          { cause: error },
        );
      translateProviderError(error, `finding the app's installation on ${repo.owner}/${repo.name}`);
    }
    try {
      const { data } = await app.request(
        'POST /app/installations/{installation_id}/access_tokens',
        {
          installation_id: installationId,
          repositories: [repo.name],
          permissions: options.permissions ?? readContents,
        },
      );
      return { token: data.token, expiresAt: Date.parse(data.expires_at) };
    } catch (error) {
      if (statusOfError(error) === 404 || statusOfError(error) === 422) return null;
      translateProviderError(
        error,
        `minting a token of the app's installation on ${repo.owner}/${repo.name}`,
      );
    }
  }

  return async (repo: RepoId): Promise<string | null> => {
    const key = `${repo.owner}/${repo.name}`.toLowerCase();
    const kept = minted.get(key);
    if (kept && kept.expiresAt - renewBeforeMs > options.now()) return kept.token;
    const fresh = await mint(repo);
    if (fresh) minted.set(key, fresh);
    else minted.delete(key);
    return fresh?.token ?? null;
  };
}
