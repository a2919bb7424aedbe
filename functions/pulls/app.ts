import { callerOptions } from '../../shared/http/base-deps';
import { pullsRoutes } from '../../shared/route-table/pulls';
import { reviewsRoutes } from '../../shared/route-table/reviews';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { PullsDeps } from './deps';
import {
  closePull,
  createComment,
  createPull,
  createReview,
  getPull,
  getPullChecks,
  getPullDiff,
  listComments,
  listPulls,
  markPullInProgress,
  markPullReady,
  mergePull,
  rebasePull,
  requestReviewers,
  updatePull,
} from './routes/pull-routes';

export const makePullsHandler = (deps: PullsDeps) =>
  makeGroupHandler({
    table: [...pullsRoutes, ...reviewsRoutes],
    routes: {
      listPulls,
      createPull,
      getPull,
      closePull,
      getPullChecks,
      getPullDiff,
      mergePull,
      updatePull,
      rebasePull,
      markPullReady,
      markPullInProgress,
      listComments,
      createComment,
      createReview,
      requestReviewers,
    },
    ...callerOptions(deps),
  });
