import { InvalidInputError, NotFoundError } from '../../../shared/errors';
import { signedIn } from '../../../shared/http/signed-in';
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

export const listPulls: RouteFn<Route<'listPulls'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.pullReads.list(signedIn(caller).userId, params.repo),
});

export const createPull: RouteFn<Route<'createPull'>, PullsDeps> = async (
  { caller, params, body },
  deps,
) => ({
  status: 200,
  body: await deps.pullActions.create(signedIn(caller).userId, params.repo, body),
});

export const getPull: RouteFn<Route<'getPull'>, PullsDeps> = async ({ caller, params }, deps) => ({
  status: 200,
  body: await deps.pullReads.get(signedIn(caller).userId, params.repo, numberOf(params)),
});

export const closePull: RouteFn<Route<'closePull'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.pullActions.close(signedIn(caller).userId, params.repo, numberOf(params)),
});

export const getPullDiff: RouteFn<Route<'getPullDiff'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.pullReads.diff(signedIn(caller).userId, params.repo, numberOf(params)),
});

export const mergePull: RouteFn<Route<'mergePull'>, PullsDeps> = async (
  { caller, params },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.pullActions.merge(user.userId, user.login, params.repo, numberOf(params)),
  };
};

export const updatePull: RouteFn<Route<'updatePull'>, PullsDeps> = async (
  { caller, params },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.pullActions.update(user.userId, user.login, params.repo, numberOf(params)),
  };
};

export const rebasePull: RouteFn<Route<'rebasePull'>, PullsDeps> = async (
  { caller, params },
  deps,
) => {
  const user = signedIn(caller);
  return {
    status: 200,
    body: await deps.pullActions.rebase(user.userId, user.login, params.repo, numberOf(params)),
  };
};

export const markPullReady: RouteFn<Route<'markPullReady'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.pullActions.setReady(
    signedIn(caller).userId,
    params.repo,
    numberOf(params),
    true,
  ),
});

export const markPullInProgress: RouteFn<Route<'markPullInProgress'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.pullActions.setReady(
    signedIn(caller).userId,
    params.repo,
    numberOf(params),
    false,
  ),
});

export const listComments: RouteFn<Route<'listComments'>, PullsDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.pullReads.comments(signedIn(caller).userId, params.repo, numberOf(params)),
});

export const createComment: RouteFn<Route<'createComment'>, PullsDeps> = async (
  { caller, params, body },
  deps,
) => ({
  status: 201,
  body: await deps.pullActions.comment(
    signedIn(caller).userId,
    params.repo,
    numberOf(params),
    body.body,
  ),
});

export const createReview: RouteFn<Route<'createReview'>, PullsDeps> = async (
  { caller, params, body },
  deps,
) => ({
  status: 201,
  body: await deps.pullActions.review(signedIn(caller).userId, params.repo, numberOf(params), body),
});

export const requestReviewers: RouteFn<Route<'requestReviewers'>, PullsDeps> = async (
  { caller, params, body },
  deps,
) => ({
  status: 200,
  body: await deps.pullActions.requestReviewers(
    signedIn(caller).userId,
    params.repo,
    numberOf(params),
    body.reviewers,
  ),
});
