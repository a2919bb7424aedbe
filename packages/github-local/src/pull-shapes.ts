import type { HostContext } from './context';
import type { DiffEntry } from './git-diff';
import type { MergeabilityView, PullStats } from './pull-model';
import { authorAssociation, collaboration, headRepoOf, requireUser } from './pulls-state';
import { repository, simpleUser } from './rest-shapes';
import type { PullRecord, RepoRecord, UserRecord } from './state';

/** Pull request and diff-entry JSON as GitHub's OpenAPI description documents them. */

export function pullUrls(ctx: HostContext, repo: RepoRecord, number: number) {
  const full = `${repo.owner}/${repo.name}`;
  const api = `${ctx.apiUrl}/repos/${full}`;
  return {
    api: `${api}/pulls/${number}`,
    html: `${ctx.webUrl}/${full}/pull/${number}`,
    issue: `${api}/issues/${number}`,
  };
}

function branchSide(
  ctx: HostContext,
  repo: RepoRecord,
  owner: UserRecord,
  ref: string,
  sha: string,
) {
  return {
    label: `${repo.owner}:${ref}`,
    ref,
    sha,
    user: simpleUser(ctx, owner),
    repo: repository(ctx, repo, owner, null),
  };
}

/** The head side: `fork-owner:branch` and the fork for a cross-repository pull request. */
function headSide(ctx: HostContext, repo: RepoRecord, owner: UserRecord, pull: PullRecord) {
  const headRepo = headRepoOf(ctx, repo, pull);
  return branchSide(
    ctx,
    headRepo,
    headRepo === repo ? owner : requireUser(ctx, headRepo.owner),
    pull.headRef,
    pull.headSha,
  );
}

/** The global node id of a pull request: REST's `node_id` and GraphQL's `PullRequest.id` are the same. */
export function pullNodeId(pull: PullRecord): string {
  return Buffer.from(`011:PullRequest${pull.id}`).toString('base64');
}

/** The pull request record a node id names, if it is one. */
export function pullIdOfNode(nodeId: string): number | null {
  const match = /^011:PullRequest([1-9][0-9]*)$/.exec(
    Buffer.from(nodeId, 'base64').toString('utf8'),
  );
  return match ? Number(match[1]) : null;
}

/** The "Pull Request Simple" shape of list items. */
export function pullSimple(
  ctx: HostContext,
  repo: RepoRecord,
  owner: UserRecord,
  pull: PullRecord,
) {
  const urls = pullUrls(ctx, repo, pull.number);
  const api = `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}`;
  const statuses = `${api}/statuses/${pull.headSha}`;
  const href = (url: string) => ({ href: url });
  return {
    url: urls.api,
    id: pull.id,
    node_id: pullNodeId(pull),
    html_url: urls.html,
    diff_url: `${urls.html}.diff`,
    patch_url: `${urls.html}.patch`,
    issue_url: urls.issue,
    commits_url: `${urls.api}/commits`,
    review_comments_url: `${urls.api}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${urls.issue}/comments`,
    statuses_url: statuses,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: simpleUser(ctx, requireUser(ctx, pull.user)),
    body: pull.body,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    closed_at: pull.closedAt,
    merged_at: pull.mergedAt,
    merge_commit_sha: pull.mergeCommitSha,
    assignee: null,
    assignees: [],
    requested_reviewers: (pull.requestedReviewers ?? []).map((login) =>
      simpleUser(ctx, requireUser(ctx, login)),
    ),
    requested_teams: [],
    head: headSide(ctx, repo, owner, pull),
    base: branchSide(ctx, repo, owner, pull.baseRef, pull.baseSha),
    _links: {
      self: href(urls.api),
      html: href(urls.html),
      issue: href(urls.issue),
      comments: href(`${urls.issue}/comments`),
      review_comments: href(`${urls.api}/comments`),
      review_comment: href(`${api}/pulls/comments{/number}`),
      commits: href(`${urls.api}/commits`),
      statuses: href(statuses),
    },
    author_association: authorAssociation(repo, pull.user),
    auto_merge: null,
    draft: pull.draft === true,
  };
}

/** The full "Pull Request" shape (get, create, update). */
export function pullFull(
  ctx: HostContext,
  repo: RepoRecord,
  owner: UserRecord,
  pull: PullRecord,
  stats: PullStats,
  merge: MergeabilityView,
) {
  const comments = collaboration(ctx).issueComments.filter(
    (comment) => comment.repoId === repo.id && comment.issueNumber === pull.number,
  ).length;
  return {
    ...pullSimple(ctx, repo, owner, pull),
    merged: pull.mergedAt !== null,
    mergeable: merge.mergeable,
    rebaseable: merge.mergeable,
    mergeable_state: merge.mergeableState,
    merged_by: pull.mergedBy ? simpleUser(ctx, requireUser(ctx, pull.mergedBy)) : null,
    comments,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: stats.commits,
    additions: stats.additions,
    deletions: stats.deletions,
    changed_files: stats.changedFiles,
  };
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** A "Diff Entry": one changed file, with links at `commitSha`. */
export function diffEntryShape(
  ctx: HostContext,
  repo: RepoRecord,
  commitSha: string,
  entry: DiffEntry,
) {
  const full = `${repo.owner}/${repo.name}`;
  const path = encodePath(entry.filename);
  return {
    sha: entry.sha,
    filename: entry.filename,
    status: entry.status,
    additions: entry.additions,
    deletions: entry.deletions,
    changes: entry.additions + entry.deletions,
    blob_url: `${ctx.webUrl}/${full}/blob/${commitSha}/${path}`,
    raw_url: `${ctx.webUrl}/${full}/raw/${commitSha}/${path}`,
    contents_url: `${ctx.apiUrl}/repos/${full}/contents/${path}?ref=${commitSha}`,
    ...(entry.patch === undefined ? {} : { patch: entry.patch }),
    ...(entry.previousFilename === undefined ? {} : { previous_filename: entry.previousFilename }),
  };
}
