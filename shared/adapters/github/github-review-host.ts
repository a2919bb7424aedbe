import { branchRules, mergeMethods } from './github-branch-rules';
import { checkRuns } from './github-check-runs';
import { createGitHubClient, type GitHubClientOptions } from './github-client';
import { checkState, createReview, listReviews, requestReviewers } from './github-reviews';
import type { ReviewHost } from '../../ports/review-host';

export function createGitHubReviewHost(options: GitHubClientOptions): ReviewHost {
  const client = (token: string) => createGitHubClient(token, options);
  return {
    branchRules: (token, repo, branch) => branchRules(client(token), repo, branch),
    mergeMethods: (token, repo) => mergeMethods(client(token), repo),
    listReviews: (token, repo, number) => listReviews(client(token), repo, number),
    createReview: (token, repo, number, input) => createReview(client(token), repo, number, input),
    requestReviewers: (token, repo, number, reviewers) =>
      requestReviewers(client(token), repo, number, reviewers),
    checkState: (token, repo, ref) => checkState(client(token), repo, ref),
    checkRuns: (token, repo, ref) => checkRuns(client(token), repo, ref),
  };
}
