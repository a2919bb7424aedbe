import { createGitHubClient, type GitHubClientOptions } from './github-client';
import { appJwt } from './github-app-jwt';
import { deleteFile, putFile, readBlobs } from './github-content';
import { readDirectory } from './github-directory';
import { createInstallationTokens } from './github-installation-tokens';
import { createRateLimitLog } from './github-rate-limits';
import { statusOfError, translateProviderError } from './github-errors';
import { snapshot } from './github-snapshot';
import type { GitHost } from '../../ports/git-host';
import { ProviderError } from '../../errors';

export interface GitHubGitHostOptions extends GitHubClientOptions {
  /** The GitHub App, for the calls the app makes as itself (is it installed on a repo?). */
  app?: { appId: number | string; privateKeyPem: string };
  now?: () => number;
}

export function createGitHubGitHost(options: GitHubGitHostOptions): GitHost {
  const rateLimits = createRateLimitLog(options.now);
  const client = (token: string) => createGitHubClient(token, { ...options, rateLimits });
  const installationToken = options.app
    ? createInstallationTokens({ app: options.app, client, now: options.now ?? Date.now })
    : undefined;

  return {
    async getViewer(accessToken) {
      try {
        const { data } = await client(accessToken).request('GET /user');
        return {
          id: Number(data.id),
          login: data.login,
          name: data.name ?? null,
          avatarUrl: data.avatar_url,
        };
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
          const page = await octokit.paginate(
            'GET /user/installations/{installation_id}/repositories',
            { installation_id: installation.id, per_page: 100 },
          );
          repos.push(
            ...page.map((repo) => ({
              fullName: repo.full_name,
              private: repo.private,
              description: repo.description ?? null,
            })),
          );
        }
        return repos;
      } catch (error) {
        translateProviderError(error, "listing the repositories of the app's installations");
      }
    },

    async getRepository(accessToken, repo) {
      try {
        const { data } = await client(accessToken).request('GET /repos/{owner}/{repo}', {
          owner: repo.owner,
          repo: repo.name,
        });
        const permissions = data.permissions ?? { admin: false, push: false, pull: false };
        // `maintain` and `triage` are absent from some GitHub Enterprise Server answers: a higher role implies them.
        const maintain = permissions.admin || permissions.maintain === true;
        const triage = permissions.push || maintain || permissions.triage === true;
        return {
          fullName: data.full_name,
          defaultBranch: data.default_branch,
          permissions: {
            admin: permissions.admin,
            maintain,
            push: permissions.push,
            triage,
            pull: permissions.pull,
          },
        };
      } catch (error) {
        if (statusOfError(error) === 404) return null;
        translateProviderError(error, `reading ${repo.owner}/${repo.name}`);
      }
    },

    async isAppInstalled(repo) {
      if (!options.app) throw new Error('The GitHub App credentials are not configured');
      try {
        await client(appJwt(options.app.appId, options.app.privateKeyPem, options.now?.())).request(
          'GET /repos/{owner}/{repo}/installation',
          {
            owner: repo.owner,
            repo: repo.name,
          },
        );
        return true;
      } catch (error) {
        if (statusOfError(error) === 404) return false;
        if (statusOfError(error) === 401)
          throw new ProviderError(
            "GitHub refused the app's own credentials; check the GitHub App configuration",
            { cause: error },
          );
        translateProviderError(
          error,
          `checking the app installation on ${repo.owner}/${repo.name}`,
        );
      }
    },

    async installationToken(repo) {
      if (!installationToken) throw new Error('The GitHub App credentials are not configured');
      return installationToken(repo);
    },

    rateBudget: (accessToken) => rateLimits.budget(accessToken),
    snapshot: (accessToken, repo, request) => snapshot(client(accessToken), repo, request),
    readDirectory: (accessToken, repo, at) => readDirectory(client(accessToken), repo, at),
    readBlobs: (accessToken, repo, oids) => readBlobs(client(accessToken), repo, oids),
    putFile: (accessToken, repo, write) => putFile(client(accessToken), repo, write),
    deleteFile: (accessToken, repo, change) => deleteFile(client(accessToken), repo, change),
  };
}
