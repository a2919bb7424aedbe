import { randomBytes } from 'node:crypto';
import type { ActivityLog } from '../activity/activity-log';
import type { ActivityRecord } from '../activity/activity-schemas';
import type { Logger } from '../logger';
import type { Store } from '../ports/store';
import { createDeliveryLog } from './delivery-log';
import { eventOfRecord } from './events';
import { listenersOf } from './listeners';
import type { WebhookQueue } from '../ports/webhook-queue';
import type { WebhookPayload } from './webhook-schemas';

export const newDeliveryId = () => `dlv_${randomBytes(12).toString('base64url')}`;

/**
 * Turns recorded writes into queued deliveries: a 2xx write on a repository whose action has an
 * event (events.ts) costs one Query of the repository's subscriptions; each listener gets a job.
 * Never throws: a delivery that cannot be queued is logged, the user's request is answered as is.
 */
export function createWebhookDispatch(deps: {
  store: Store;
  queue: WebhookQueue;
  now: () => number;
  logger: Logger;
}) {
  const log = createDeliveryLog(deps);
  return async (record: ActivityRecord): Promise<number> => {
    const event = eventOfRecord(record);
    if (!event || record.repo === undefined) return 0;
    const repo = record.repo;
    try {
      const listeners = await listenersOf(deps.store, repo, event);
      const createdAt = new Date(deps.now()).toISOString();
      await Promise.all(
        listeners.map(async (hook) => {
          const deliveryId = newDeliveryId();
          const payload: WebhookPayload = {
            id: deliveryId,
            event,
            repo,
            occurredAt: record.at,
            actor: { login: record.actor.login, via: record.actor.via },
            action: record.action,
            ...(record.target && { target: record.target }),
            ...(record.result && { result: record.result }),
          };
          await log.write(hook.id, {
            id: deliveryId,
            event,
            state: 'pending',
            attempt: 0,
            createdAt,
          });
          await deps.queue.send(
            {
              repo,
              hookId: hook.id,
              deliveryId,
              event,
              payload: JSON.stringify(payload),
              createdAt,
              attempt: 1,
            },
            0,
          );
        }),
      );
      return listeners.length;
    } catch (error) {
      deps.logger.error('Webhook deliveries not queued', {
        repo,
        action: record.action,
        requestId: record.requestId,
        errorName: (error as Error).name,
        errorMessage: (error as Error).message,
      });
      return 0;
    }
  };
}
export type WebhookDispatch = ReturnType<typeof createWebhookDispatch>;

/** The audit log's `record`, followed by the webhook deliveries of the write (neither ever throws). */
export const withWebhooks = (
  log: Pick<ActivityLog, 'record'>,
  dispatch: WebhookDispatch | undefined,
): Pick<ActivityLog, 'record'> =>
  dispatch === undefined
    ? log
    : {
        async record(record) {
          await log.record(record);
          await dispatch(record);
        },
      };
