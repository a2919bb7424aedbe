import type { Logger } from '../logger';
import type { ApiTokens } from '../auth/api-tokens';
import { createCallerResolver } from './callers';
import type { Sessions } from '../auth/sessions';
import type { ActivityLog } from '../activity/activity-log';

/** What every group that knows its callers needs: sessions, API tokens, a logger, its origin. */
export interface BaseDeps {
  sessions: Sessions;
  apiTokens: Pick<ApiTokens, 'verify'>;
  logger: Logger;
  /** The service's public origin, e.g. https://cms.example.org. */
  publicUrl: string;
  /** Where writes are recorded (the audit log). */
  activity?: Pick<ActivityLog, 'record'>;
}

/** The makeGroupHandler options that follow from BaseDeps. */
export const callerOptions = <D extends BaseDeps>(deps: D) => ({
  deps,
  callers: createCallerResolver(deps.sessions, (token, alsoRead) =>
    deps.apiTokens.verify(token, alsoRead),
  ),
  logger: deps.logger,
  publicUrl: () => deps.publicUrl,
  activity: deps.activity,
});
