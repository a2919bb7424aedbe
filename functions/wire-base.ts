import { createApiTokens } from '../shared/auth/api-tokens';
import { createSessions } from '../shared/auth/sessions';
import { createActivityLog } from '../shared/activity/activity-log';
import type { Ports } from './ports';

/**
 * Adds `publicUrl` as a getter over the port, last: spreading a getter reads it once, too early
 * for local mode, which learns its origin after the gateway listens.
 */
export const withOrigin = <T extends object>(deps: T, publicUrl: Ports['publicUrl']) =>
  Object.defineProperty(deps, 'publicUrl', { get: publicUrl, enumerable: true }) as T & { readonly publicUrl: string };

/** What every group that knows its callers builds first: sessions and API tokens on the table. */
export function callerDeps(ports: Pick<Ports, 'store' | 'tokenHmacKey' | 'logger' | 'now'> & { activityRetentionDays?: number }) {
  return {
    sessions: createSessions(ports.store, ports.now),
    apiTokens: createApiTokens(ports.store, ports.tokenHmacKey, ports.now),
    logger: ports.logger,
    activity: createActivityLog({ store: ports.store, now: ports.now, logger: ports.logger, retentionDays: ports.activityRetentionDays }),
  };
}
