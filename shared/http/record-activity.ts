import type { MiddlewareObj, Request } from '@middy/core';
import type { ActivityLog } from '../activity/activity-log';
import { activityOf } from './activity-entry';
import type { CmsContext, HttpEvent, HttpResult, RequestState } from './types';

/**
 * The audit record of an answered request (activity-entry.ts: the rows that record, and what),
 * written once the answer is known, an error's answer included; the answer is not changed.
 * `activity.record` never throws: a record that cannot be written is logged.
 */
export const recordActivity = (options: {
  activity: Pick<ActivityLog, 'record'>;
  now: () => number;
}): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => {
  const record = async (request: Request<HttpEvent, HttpResult, Error, CmsContext>) => {
    const state = request.context.cms as RequestState | undefined;
    if (!state?.route || !request.response) return;
    const entry = activityOf({
      route: state.route,
      state,
      result: request.response,
      requestId: request.context.awsRequestId,
      path: request.event.rawPath,
      at: new Date(options.now()).toISOString(),
    });
    if (entry) await options.activity.record(entry);
  };
  return { after: record, onError: record };
};
