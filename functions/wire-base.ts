import { createApiTokens } from '../shared/auth/api-tokens';
import { createSessions } from '../shared/auth/sessions';
import { createActivityLog } from '../shared/activity/activity-log';
import { createWebhookDispatch, withWebhooks } from '../shared/webhooks/dispatch';
import { createRepoFreshness } from '../shared/freshness/repo-freshness';
import { withWriteInvalidation } from '../shared/freshness/write-invalidation';
import type { Ports } from './ports';

/**
 * Adds `publicUrl` as a getter over the port, last: spreading a getter reads it once, too early
 * for local mode, which learns its origin after the gateway listens.
 */
export const withOrigin = <T extends object>(deps: T, publicUrl: Ports['publicUrl']) =>
  Object.defineProperty(deps, 'publicUrl', { get: publicUrl, enumerable: true }) as T & {
    readonly publicUrl: string;
  };

/**
 * The audit log, each recorded write followed by its webhook deliveries when the runtime queues
 * them, and forgetting the repository's recorded head (a list then reads GitHub again).
 */
export function auditWithWebhooks(
  ports: Pick<Ports, 'store' | 'logger' | 'now'> & {
    activityRetentionDays?: number;
    webhookQueue?: Ports['webhookQueue'];
  },
) {
  const { store, now, logger, webhookQueue } = ports;
  const log = withWriteInvalidation(
    createActivityLog({ store, now, logger, retentionDays: ports.activityRetentionDays }),
    createRepoFreshness({ store, now }),
    logger,
  );
  return withWebhooks(
    log,
    webhookQueue && createWebhookDispatch({ store, queue: webhookQueue, now, logger }),
  );
}

/**
 * What every group that knows its callers builds first: sessions and API tokens on the table,
 * and the audit log. The webhook queue is read from the ports object as the runtime built it
 * (every runtime hands each wire its whole ports), so a group's wire need not name it.
 */
export function callerDeps(
  ports: Pick<Ports, 'store' | 'tokenHmacKey' | 'logger' | 'now'> & {
    activityRetentionDays?: number;
    webhookQueue?: Ports['webhookQueue'];
  },
) {
  return {
    sessions: createSessions(ports.store, ports.now),
    apiTokens: createApiTokens(ports.store, ports.tokenHmacKey, ports.now),
    logger: ports.logger,
    activity: auditWithWebhooks(ports),
  };
}
