import type { GitHubClient } from './github-client';
import { translateProviderError } from './github-errors';
import type { RepoId } from '../../ports/git-host';
import {
  checkRunAnnotationsRead,
  type CheckAnnotation,
  type CheckRunInfo,
} from '../../ports/review-host';

const at = (repo: RepoId) => ({ owner: repo.owner, repo: repo.name });

const levels = new Set(['notice', 'warning', 'failure']);

/**
 * The check runs of `ref` (GitHub's default filter: the newest of each name; the first 100) and,
 * in parallel, the first page of annotations of each run that has any.
 */
export async function checkRuns(
  client: GitHubClient,
  repo: RepoId,
  ref: string,
): Promise<CheckRunInfo[]> {
  try {
    const { data } = await client.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
      ...at(repo),
      ref,
      per_page: 100,
    });
    return await Promise.all(
      data.check_runs.map(async (run): Promise<CheckRunInfo> => {
        const count = run.output.annotations_count;
        const annotations =
          count > 0 ? await annotationsOf(client, repo, Number(run.id)) : ([] as CheckAnnotation[]);
        return {
          id: Number(run.id),
          name: run.name,
          status:
            run.status === 'completed'
              ? 'completed'
              : run.status === 'queued'
                ? 'queued'
                : 'in_progress',
          conclusion: run.status === 'completed' ? (run.conclusion ?? 'neutral') : null,
          title: run.output.title ?? null,
          summary: run.output.summary ?? null,
          url: run.details_url ?? run.html_url ?? null,
          annotationsCount: count,
          annotations,
        };
      }),
    );
  } catch (error) {
    translateProviderError(error, `reading the check runs of ${ref}`);
  }
}

async function annotationsOf(
  client: GitHubClient,
  repo: RepoId,
  id: number,
): Promise<CheckAnnotation[]> {
  const { data } = await client.request(
    'GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations',
    { ...at(repo), check_run_id: id, per_page: checkRunAnnotationsRead },
  );
  return data.map((annotation) => ({
    path: annotation.path,
    startLine: annotation.start_line,
    endLine: annotation.end_line,
    level: levels.has(annotation.annotation_level ?? '')
      ? (annotation.annotation_level as CheckAnnotation['level'])
      : 'notice',
    message: annotation.message ?? '',
    title: annotation.title ?? null,
  }));
}
