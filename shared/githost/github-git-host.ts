import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { ProviderError, UnauthenticatedError } from '../http/errors';
import type { GitHost } from './git-host';

export interface GitHubGitHostOptions {
  /** REST base URL: https://api.github.com, or `<host>/api/v3` on GitHub Enterprise Server and locally. */
  apiUrl: string;
  fetch?: typeof fetch;
}

const GitHubClient = Octokit.plugin(paginateRest);

/** Provider failures become domain errors here, so no route sees an octokit error. */
export function translateProviderError(error: unknown, what: string): never {
  const status = (error as { status?: number }).status;
  if (status === 401) throw new UnauthenticatedError('GitHub no longer accepts your sign-in; please sign in again', { cause: error });
  throw new ProviderError(`GitHub failed while ${what}${status ? ` (HTTP ${status})` : ''}`, { cause: error });
}

export function createGitHubGitHost(options: GitHubGitHostOptions): GitHost {
  const client = (token: string) =>
    new GitHubClient({ auth: token, baseUrl: options.apiUrl, request: options.fetch ? { fetch: options.fetch } : {} });

  return {
    async getViewer(accessToken) {
      try {
        const { data } = await client(accessToken).request('GET /user');
        return { id: Number(data.id), login: data.login, name: data.name ?? null, avatarUrl: data.avatar_url };
      } catch (error) {
        translateProviderError(error, 'reading the signed-in user');
      }
    },

    async listInstallationRepos(accessToken) {
      try {
        const octokit = client(accessToken);
        const installations = await octokit.paginate('GET /user/installations', { per_page: 100 });
        const repos = [];
        for (const installation of installations) {
          const page = await octokit.paginate('GET /user/installations/{installation_id}/repositories', {
            installation_id: installation.id,
            per_page: 100,
          });
          repos.push(...page.map((repo) => ({ fullName: repo.full_name, private: repo.private, description: repo.description ?? null })));
        }
        return repos;
      } catch (error) {
        translateProviderError(error, 'listing the repositories of the app\'s installations');
      }
    },
  };
}
