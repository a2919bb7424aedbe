import { findUser, permissionsForRole, userRole } from './access';
import type { HostContext } from './context';
import { pullSimple, pullUrls } from './pull-shapes';
import {
  authorAssociation,
  bodyObject,
  collaboration,
  isResult,
  nextId,
  repoAccess,
  requireUser,
  validationFailed,
} from './pulls-state';
import { isoSeconds } from './repos';
import { paginate } from './rest-pagination';
import { loadPull } from './rest-pulls';
import type { RestRequest, RestResult, RestRoute } from './rest-router';
import { simpleUser } from './rest-shapes';
import { reviewsOf } from './reviews';
import type { PullRecord, RepoRecord, ReviewRecord } from './state';

/** Pull request reviews (approve, request changes, comment) and requested reviewers. */

const DOCS = 'https://docs.github.com/rest/pulls/reviews';
const REQUEST_DOCS = 'https://docs.github.com/rest/pulls/review-requests';
const EVENTS: Record<string, ReviewRecord['state']> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

function reviewShape(ctx: HostContext, repo: RepoRecord, review: ReviewRecord) {
  const urls = pullUrls(ctx, repo, review.pullNumber);
  const html = `${urls.html}#pullrequestreview-${review.id}`;
  return {
    id: review.id,
    node_id: Buffer.from(`017:PullRequestReview${review.id}`).toString('base64'),
    user: simpleUser(ctx, requireUser(ctx, review.user)),
    body: review.body,
    state: review.state,
    html_url: html,
    pull_request_url: urls.api,
    _links: { html: { href: html }, pull_request: { href: urls.api } },
    ...(review.submittedAt ? { submitted_at: review.submittedAt } : {}),
    commit_id: review.commitId,
    author_association: authorAssociation(repo, review.user),
  };
}

/** GitHub's 422 for review rules: `Unprocessable Entity` with the reason as a plain string. */
const unprocessable = (reason: string, docs: string): RestResult => ({
  status: 422,
  body: {
    message: 'Unprocessable Entity',
    errors: [reason],
    documentation_url: docs,
    status: '422',
  },
});

async function listReviews(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#list-reviews-for-a-pull-request`;
  const access = repoAccess(ctx, req, { permission: 'pull_requests', write: false }, docs);
  if (isResult(access)) return access;
  const pull = await loadPull(ctx, req, access, docs);
  if ('status' in pull) return pull;
  // A pending review is seen by its author only.
  const visible = reviewsOf(ctx, access.repo, pull).filter(
    (review) => review.state !== 'PENDING' || review.user === access.actor.login,
  );
  const page = paginate(ctx, req, visible);
  return {
    status: 200,
    headers: page.headers,
    body: page.items.map((review) => reviewShape(ctx, access.repo, review)),
  };
}

/** Anyone who can read the repository may review; only reviews by users with write access count for branch rules. */
async function createReview(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#create-a-review-for-a-pull-request`;
  const access = repoAccess(
    ctx,
    req,
    { permission: 'pull_requests', write: req.caller.kind === 'installation' },
    docs,
  );
  if (isResult(access)) return access;
  const pull = await loadPull(ctx, req, access, docs);
  if ('status' in pull) return pull;
  const input = bodyObject(req.body);
  if (input.event !== undefined && (typeof input.event !== 'string' || !(input.event in EVENTS))) {
    return validationFailed(docs, [
      { resource: 'PullRequestReview', field: 'event', code: 'invalid' },
    ]);
  }
  if (input.body !== undefined && typeof input.body !== 'string')
    return validationFailed(docs, [
      { resource: 'PullRequestReview', field: 'body', code: 'invalid' },
    ]);
  const state =
    input.event === undefined ? 'PENDING' : (EVENTS[input.event as string] ?? 'PENDING');
  const body = (input.body as string | undefined) ?? '';
  const login = access.actor.login;
  const own = pull.user.toLowerCase() === login.toLowerCase();
  if (own && state === 'APPROVED')
    return unprocessable('Can not approve your own pull request', docs);
  if (own && state === 'CHANGES_REQUESTED')
    return unprocessable('Can not request changes on your own pull request', docs);
  if ((state === 'CHANGES_REQUESTED' || state === 'COMMENTED') && body.trim() === '') {
    return unprocessable(
      `Review Body is required when using the ${input.event as string} event`,
      docs,
    );
  }
  if (pull.state !== 'open' && state !== 'COMMENTED')
    return unprocessable('Can not review a closed pull request', docs);
  const reviews = collaboration(ctx).reviews;
  if (
    state === 'PENDING' &&
    reviews.some(
      (review) =>
        review.repoId === access.repo.id &&
        review.pullNumber === pull.number &&
        review.user === login &&
        review.state === 'PENDING',
    )
  ) {
    return unprocessable('User can only have one pending review per pull request', docs);
  }
  const commitId = typeof input.commit_id === 'string' ? input.commit_id : pull.headSha;
  if (!/^[0-9a-f]{40}$/.test(commitId))
    return validationFailed(docs, [
      { resource: 'PullRequestReview', field: 'commit_id', code: 'invalid' },
    ]);
  const record: ReviewRecord = {
    id: nextId(ctx, 'review'),
    repoId: access.repo.id,
    pullNumber: pull.number,
    user: login,
    state,
    body,
    commitId,
    submittedAt: state === 'PENDING' ? null : isoSeconds(ctx.now()),
  };
  reviews.push(record);
  if (state !== 'PENDING')
    pull.requestedReviewers = (pull.requestedReviewers ?? []).filter(
      (name) => name.toLowerCase() !== login.toLowerCase(),
    );
  ctx.save();
  return { status: 200, body: reviewShape(ctx, access.repo, record) };
}

function requestedBody(ctx: HostContext, pull: PullRecord) {
  return {
    users: (pull.requestedReviewers ?? []).map((login) => simpleUser(ctx, requireUser(ctx, login))),
    teams: [],
  };
}

async function listRequested(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${REQUEST_DOCS}#get-all-requested-reviewers-for-a-pull-request`;
  const access = repoAccess(ctx, req, { permission: 'pull_requests', write: false }, docs);
  if (isResult(access)) return access;
  const pull = await loadPull(ctx, req, access, docs);
  if ('status' in pull) return pull;
  return { status: 200, body: requestedBody(ctx, pull) };
}

function reviewerList(input: Record<string, unknown>, field: string): string[] | null {
  const value = input[field] ?? [];
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
    ? (value as string[])
    : null;
}

/** Review requests need write access; reviewers must be collaborators and not the author. */
async function changeRequested(
  ctx: HostContext,
  req: RestRequest,
  add: boolean,
): Promise<RestResult> {
  const docs = `${REQUEST_DOCS}#${add ? 'request-reviewers-for-a-pull-request' : 'remove-requested-reviewers-from-a-pull-request'}`;
  const access = repoAccess(ctx, req, { permission: 'pull_requests', write: true }, docs);
  if (isResult(access)) return access;
  const pull = await loadPull(ctx, req, access, docs);
  if ('status' in pull) return pull;
  const input = bodyObject(req.body);
  const users = reviewerList(input, 'reviewers');
  const teams = reviewerList(input, 'team_reviewers');
  if (!users || !teams || (!add && !('reviewers' in input)))
    return validationFailed(docs, [
      { resource: 'PullRequest', field: 'reviewers', code: 'invalid' },
    ]);
  const current = pull.requestedReviewers ?? [];
  if (add) {
    const resolved = users.map((login) => findUser(ctx, login));
    const outsiders =
      teams.length > 0 ||
      resolved.some((user) => !user || !permissionsForRole(userRole(access.repo, user.login)).pull);
    if (outsiders) {
      const full = `${access.repo.owner}/${access.repo.name}`;
      return unprocessable(
        `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${full} repository.`,
        docs,
      );
    }
    if (resolved.some((user) => user?.login.toLowerCase() === pull.user.toLowerCase()))
      return unprocessable('Review cannot be requested from pull request author.', docs);
    const logins = resolved.map((user) => user?.login ?? '');
    pull.requestedReviewers = [
      ...current,
      ...logins.filter(
        (login, index) => !current.includes(login) && logins.indexOf(login) === index,
      ),
    ];
  } else {
    const removed = new Set(users.map((login) => login.toLowerCase()));
    pull.requestedReviewers = current.filter((login) => !removed.has(login.toLowerCase()));
  }
  pull.updatedAt = isoSeconds(ctx.now());
  ctx.save();
  return { status: add ? 201 : 200, body: pullSimple(ctx, access.repo, access.owner, pull) };
}

const PULL = '/repos/{owner}/{repo}/pulls/{pull_number}';

export const reviewRoutes: RestRoute[] = [
  { method: 'GET', path: `${PULL}/reviews`, auth: 'token', handle: listReviews },
  { method: 'POST', path: `${PULL}/reviews`, auth: 'token', handle: createReview },
  { method: 'GET', path: `${PULL}/requested_reviewers`, auth: 'token', handle: listRequested },
  {
    method: 'POST',
    path: `${PULL}/requested_reviewers`,
    auth: 'token',
    handle: (ctx, req) => changeRequested(ctx, req, true),
  },
  {
    method: 'DELETE',
    path: `${PULL}/requested_reviewers`,
    auth: 'token',
    handle: (ctx, req) => changeRequested(ctx, req, false),
  },
];
