import { InvalidInputError, NotFoundError } from '../../../shared/errors';
import type { Caller } from '../../../shared/auth/caller';
import { actingOn, signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { PullsDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'pulls'>, { id: Id }>;

/** GitHub numbers pull requests with GraphQL `Int`s (32-bit): no pull request has a larger number. */
const maxPullNumber = 2 ** 31 - 1;

const numberOf = (params: { number: string }): number => {
  const value = params.number;
  if (!/^[1-9][0-9]*$/.test(value))
    throw new InvalidInputError('number: must be a positive integer');
  if (value.length > 10 || Number(value) > maxPullNumber)
    throw new NotFoundError(`Pull request #${value} not found`);
  return Number(value);
};

/** Who acts and on which pull request, from a request to `…/pulls/{number}`. */
const pullOf = (request: { caller: Caller; params: { repo: string; number: string } }) => ({
  ...actingOn(request),
  number: numberOf(request.params),
});

export const listPulls: RouteFn<Route<'listPulls'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.pullReads.list(signedIn(caller).userId, params.repo),
});

export const createPull: RouteFn<Route<'createPull'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullActions.create({ ...actingOn(request), input: request.body }),
});

export const getPull: RouteFn<Route<'getPull'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullReads.get(pullOf(request)),
});

export const getPullChecks: RouteFn<Route<'getPullChecks'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullReads.checks(pullOf(request)),
});

export const closePull: RouteFn<Route<'closePull'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullActions.close(pullOf(request)),
});

export const getPullDiff: RouteFn<Route<'getPullDiff'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullReads.diff(pullOf(request)),
});

export const mergePull: RouteFn<Route<'mergePull'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullActions.merge({ ...pullOf(request), sha: request.query.sha }),
});

export const updatePull: RouteFn<Route<'updatePull'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullActions.update(pullOf(request)),
});

export const rebasePull: RouteFn<Route<'rebasePull'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullActions.rebase(pullOf(request)),
});

export const markPullReady: RouteFn<Route<'markPullReady'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullActions.setReady({ ...pullOf(request), ready: true }),
});

export const markPullInProgress: RouteFn<Route<'markPullInProgress'>, PullsDeps> = async (
  request,
  deps,
) => ({
  status: 200,
  body: await deps.pullActions.setReady({ ...pullOf(request), ready: false }),
});

export const listComments: RouteFn<Route<'listComments'>, PullsDeps> = async (request, deps) => ({
  status: 200,
  body: await deps.pullReads.comments(pullOf(request)),
});

export const createComment: RouteFn<Route<'createComment'>, PullsDeps> = async (request, deps) => ({
  status: 201,
  body: await deps.pullActions.comment({ ...pullOf(request), body: request.body.body }),
});

export const createReview: RouteFn<Route<'createReview'>, PullsDeps> = async (request, deps) => ({
  status: 201,
  body: await deps.pullActions.review({ ...pullOf(request), input: request.body }),
});

export const requestReviewers: RouteFn<Route<'requestReviewers'>, PullsDeps> = async (
  request,
  deps,
) => ({
  status: 200,
  body: await deps.pullActions.requestReviewers({
    ...pullOf(request),
    reviewers: request.body.reviewers,
  }),
});
