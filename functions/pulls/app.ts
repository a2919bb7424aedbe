import { callerOptions } from '../../shared/http/base-deps';
import { routesOfGroup } from '../../shared/routes';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { PullsDeps } from './deps';
import { closePull, createComment, createPull, createReview, getPull, getPullDiff, listComments, listPulls, markPullInProgress, markPullReady, mergePull, rebasePull, requestReviewers, updatePull } from './routes/pull-routes';

export const makePullsHandler = (deps: PullsDeps) =>
  makeGroupHandler({
    table: routesOfGroup('pulls'),
    routes: { listPulls, createPull, getPull, closePull, getPullDiff, mergePull, updatePull, rebasePull, markPullReady, markPullInProgress, listComments, createComment, createReview, requestReviewers },
    ...callerOptions(deps),
  });
