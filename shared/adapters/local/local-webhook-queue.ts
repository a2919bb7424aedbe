import type { Logger } from '../../logger';
import type { Deliverer } from '../../webhooks/deliverer';
import type { DeliveryJob, WebhookQueue } from '../../ports/webhook-queue';

/** Runs `run` after `ms`: setTimeout in the local runtime; tests pass a scheduler they advance by hand. */
export type Scheduler = (ms: number, run: () => void) => void;

export const timerScheduler: Scheduler = (ms, run) => {
  setTimeout(run, ms).unref();
};

/**
 * The in-process queue of local mode: each job runs after its delay; a failed attempt queues the
 * next one after its backoff; a dead one is only logged (the delivery log says `dead`). Nothing
 * survives a restart (local mode's deliveries are for trying receivers out).
 */
export function createLocalWebhookQueue(deps: {
  scheduler: Scheduler;
  deliverer: () => Deliverer;
  logger: Logger;
}): WebhookQueue & { readonly deadLetters: readonly DeliveryJob[] } {
  const deadLetters: DeliveryJob[] = [];
  const queue: WebhookQueue & { deadLetters: DeliveryJob[] } = {
    deadLetters,
    async send(job, delaySeconds) {
      deps.scheduler(delaySeconds * 1000, () => {
        deps
          .deliverer()
          .process(job, queue)
          .catch((error: unknown) => {
            deps.logger.error('Webhook delivery failed to run', {
              deliveryId: job.deliveryId,
              errorMessage: (error as Error).message,
            });
          });
      });
    },
    async dead(job) {
      deadLetters.push(job);
    },
  };
  return queue;
}
