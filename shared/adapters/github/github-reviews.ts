import { InvalidInputError } from '../../errors';
import { noRetry, type GitHubClient } from './github-client';
import { providerMessage, statusOfError, translateProviderError } from './github-errors';
import type { RepoId } from '../../ports/git-host';
import type { CheckInfo, CheckState, ReviewEvent, ReviewInfo } from '../../ports/review-host';

const at = (repo: RepoId) => ({ owner: repo.owner, repo: repo.name });

interface RawReview {
  id: number;
  user: { login: string } | null;
  state: string;
  body: string;
  submitted_at?: string;
  commit_id: string | null;
  html_url: string;
}

const toReview = (raw: RawReview): ReviewInfo => ({
  id: raw.id,
  author: raw.user?.login ?? 'ghost',
  state: raw.state as ReviewInfo['state'],
  body: raw.body,
  submittedAt: raw.submitted_at ?? null,
  commitId: raw.commit_id ?? '',
  htmlUrl: raw.html_url,
});

/** GitHub's reason for a 422: the `errors` strings (review rules) or the message. */
function reasonOf(error: unknown): string {
  const errors =
    (error as { response?: { data?: { errors?: unknown[] } } }).response?.data?.errors ?? [];
  const texts = errors
    .map((entry) =>
      typeof entry === 'string'
        ? entry
        : typeof (entry as { message?: unknown })?.message === 'string'
          ? (entry as { message: string }).message
          : '',
    )
    .filter(Boolean);
  return texts.length > 0 ? texts.join('; ') : providerMessage(error);
}

export async function listReviews(
  client: GitHubClient,
  repo: RepoId,
  number: number,
): Promise<ReviewInfo[]> {
  try {
    const reviews = await client.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
      ...at(repo),
      pull_number: number,
      per_page: 100,
    });
    return (reviews as RawReview[]).map(toReview);
  } catch (error) {
    translateProviderError(error, `reading the reviews of pull request #${number}`);
  }
}

export async function createReview(
  client: GitHubClient,
  repo: RepoId,
  number: number,
  input: { event: ReviewEvent; body: string },
): Promise<ReviewInfo> {
  try {
    const { data } = await client.request(
      'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      { ...at(repo), pull_number: number, event: input.event, body: input.body, ...noRetry },
    );
    return toReview(data as RawReview);
  } catch (error) {
    if (statusOfError(error) === 422)
      throw new InvalidInputError(`GitHub refused the review: ${reasonOf(error)}`, {
        cause: error,
      });
    translateProviderError(error, `reviewing pull request #${number}`);
  }
}

export async function requestReviewers(
  client: GitHubClient,
  repo: RepoId,
  number: number,
  reviewers: string[],
): Promise<string[]> {
  try {
    const { data } = await client.request(
      'POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
      { ...at(repo), pull_number: number, reviewers, ...noRetry },
    );
    return (data.requested_reviewers ?? []).map((user) => user.login);
  } catch (error) {
    if (statusOfError(error) === 422)
      throw new InvalidInputError(`GitHub refused the review request: ${reasonOf(error)}`, {
        cause: error,
      });
    translateProviderError(error, `requesting reviewers for pull request #${number}`);
  }
}

const STATUS_STATES: Record<string, CheckState> = {
  success: 'success',
  failure: 'failure',
  error: 'error',
  pending: 'pending',
};

/**
 * Check runs (newest per name) and the combined status's statuses of `ref`, in two parallel round
 * trips; the first 100 of each (a commit with more checks than that is not expected here).
 */
export async function checkState(
  client: GitHubClient,
  repo: RepoId,
  ref: string,
): Promise<CheckInfo[]> {
  try {
    const [runs, combined] = await Promise.all([
      client.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
        ...at(repo),
        ref,
        per_page: 100,
      }),
      client.request('GET /repos/{owner}/{repo}/commits/{ref}/status', {
        ...at(repo),
        ref,
        per_page: 100,
      }),
    ]);
    const fromRuns: CheckInfo[] = runs.data.check_runs.map((run) => ({
      name: run.name,
      state: run.status === 'completed' ? ((run.conclusion ?? 'neutral') as CheckState) : 'pending',
      url: run.details_url ?? run.html_url ?? null,
      kind: 'check-run',
    }));
    const fromStatuses: CheckInfo[] = combined.data.statuses.map((status) => ({
      name: status.context,
      state: STATUS_STATES[status.state] ?? 'pending',
      url: status.target_url ?? null,
      kind: 'status',
    }));
    return [...fromRuns, ...fromStatuses];
  } catch (error) {
    translateProviderError(error, `reading the checks of ${ref}`);
  }
}
