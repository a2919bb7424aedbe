import { callerOptions } from '../../shared/http/base-deps';
import { pullsRoutes } from '../../shared/route-table/pulls';
import { reviewsRoutes } from '../../shared/route-table/reviews';
import { setsRoutes } from '../../shared/route-table/sets';
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
import { createSet, listSets, removeSetItem } from './routes/set-routes';

export const makePullsHandler = (deps: PullsDeps) =>
  makeGroupHandler({
    table: [...pullsRoutes, ...reviewsRoutes, ...setsRoutes],
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
      createSet,
      listSets,
      removeSetItem,
    },
    ...callerOptions(deps),
  });
