import type { CheckAnnotation, CheckHost, CheckRunWrite, RepoChecks } from '../../ports/check-host';
import type { RepoId } from '../../ports/git-host';
import { createGitHubClient, noRetry, type GitHubClient } from './github-client';
import { readBlobs } from './github-content';
import { translateProviderError } from './github-errors';
import { createInstallationTokens } from './github-installation-tokens';
import { createRateLimitLog } from './github-rate-limits';

/** GitHub takes at most this many annotations per create or update of a check run. */
export const annotationsPerRequest = 50;

export interface GitHubCheckHostOptions {
  apiUrl: string;
  app: { appId: number | string; privateKeyPem: string };
  now?: () => number;
  fetch?: typeof fetch;
}

const annotationOf = (annotation: CheckAnnotation) => ({
  path: annotation.path,
  start_line: annotation.startLine,
  end_line: annotation.endLine,
  annotation_level: annotation.level,
  message: annotation.message,
  ...(annotation.title === undefined ? {} : { title: annotation.title }),
});

/**
 * Check runs through GitHub's Checks API with the App's own installation token, narrowed to the
 * repository and to what a check needs (`checks: write`, `pull_requests: read`, `contents: read`).
 * Reads: the pull request's files (100 a page), the head commit's files (one recursive tree) and
 * their texts (GraphQL, 100 a query). A run's annotations go 50 a request: the create or update
 * carries the first 50, each further update the next, as GitHub appends them.
 */
export function createGitHubCheckHost(options: GitHubCheckHostOptions): CheckHost {
  const rateLimits = createRateLimitLog(options.now);
  const client = (token: string) =>
    createGitHubClient(token, { apiUrl: options.apiUrl, fetch: options.fetch, rateLimits });
  const tokens = createInstallationTokens({
    app: options.app,
    client,
    now: options.now ?? Date.now,
    permissions: { checks: 'write', contents: 'read', metadata: 'read', pull_requests: 'read' },
  });
  const appId = Number(options.app.appId);

  function checksOf(github: GitHubClient, repo: RepoId): RepoChecks {
    const where = { owner: repo.owner, repo: repo.name };
    const full = `${repo.owner}/${repo.name}`;

    async function send(run: CheckRunWrite, annotations: readonly CheckAnnotation[], id?: number) {
      const output = {
        title: run.title,
        summary: run.summary,
        annotations: annotations.map(annotationOf),
      };
      if (id === undefined) {
        const { data } = await github.request('POST /repos/{owner}/{repo}/check-runs', {
          ...where,
          name: run.name,
          head_sha: run.headSha,
          status: 'completed',
          conclusion: run.conclusion,
          output,
          ...noRetry,
        });
        return Number(data.id);
      }
      await github.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
        ...where,
        check_run_id: id,
        status: 'completed',
        conclusion: run.conclusion,
        output,
        ...noRetry,
      });
      return id;
    }

    return {
      async changedFiles(pull) {
        try {
          const files = await github.paginate(
            'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
            {
              ...where,
              pull_number: pull,
              per_page: 100,
            },
          );
          return files.filter((file) => file.status !== 'removed').map((file) => file.filename);
        } catch (error) {
          translateProviderError(error, `listing the files of pull request #${pull} of ${full}`);
        }
      },

      async commitFiles(sha) {
        try {
          const { data } = await github.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
            ...where,
            tree_sha: sha,
            recursive: '1',
          });
          const files = new Map<string, string>();
          for (const entry of data.tree)
            if (entry.type === 'blob' && entry.path && entry.sha) files.set(entry.path, entry.sha);
          return { files, truncated: data.truncated };
        } catch (error) {
          translateProviderError(error, `reading the files of ${full} at ${sha.slice(0, 7)}`);
        }
      },

      texts: (oids) => readBlobs(github, repo, oids),

      async findRun(headSha, name) {
        try {
          const { data } = await github.request(
            'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
            { ...where, ref: headSha, check_name: name, filter: 'latest', app_id: appId },
          );
          const run = data.check_runs.find((candidate) => candidate.app?.id === appId);
          return run ? { id: Number(run.id), annotations: run.output.annotations_count } : null;
        } catch (error) {
          translateProviderError(error, `reading the check runs of ${full}`);
        }
      },

      async writeRun(run, existing) {
        try {
          // Annotations already on the run are kept by GitHub: only those it lacks are sent.
          const pending = run.annotations.slice(existing?.annotations ?? 0);
          let id = await send(run, pending.slice(0, annotationsPerRequest), existing?.id);
          for (let at = annotationsPerRequest; at < pending.length; at += annotationsPerRequest)
            id = await send(run, pending.slice(at, at + annotationsPerRequest), id);
          return id;
        } catch (error) {
          translateProviderError(error, `writing the check run on ${full}`);
        }
      },
    };
  }

  return {
    async open(repo) {
      const token = await tokens(repo);
      return token === null ? null : checksOf(client(token), repo);
    },
  };
}
