import { Octokit } from '@octokit/core';
import { ProviderError, UnauthenticatedError } from '../http/errors';
import type { GitHost } from './git-host';

export interface GitHubGitHostOptions {
  /** REST base URL: https://api.github.com, or `<host>/api/v3` on GitHub Enterprise Server and locally. */
  apiUrl: string;
  fetch?: typeof fetch;
}

/** Provider failures become domain errors here, so no route sees an octokit error. */
export function translateProviderError(error: unknown, what: string): never {
  const status = (error as { status?: number }).status;
  if (status === 401) throw new UnauthenticatedError('GitHub no longer accepts your sign-in; please sign in again', { cause: error });
  throw new ProviderError(`GitHub failed while ${what}${status ? ` (HTTP ${status})` : ''}`, { cause: error });
}

export function createGitHubGitHost(options: GitHubGitHostOptions): GitHost {
  const client = (token: string) =>
    new Octokit({ auth: token, baseUrl: options.apiUrl, request: options.fetch ? { fetch: options.fetch } : {} });

  return {
    async getViewer(accessToken) {
      try {
        const { data } = await client(accessToken).request('GET /user');
        return { id: Number(data.id), login: data.login, name: data.name ?? null, avatarUrl: data.avatar_url };
      } catch (error) {
        translateProviderError(error, 'reading the signed-in user');
      }
    },
  };
}
