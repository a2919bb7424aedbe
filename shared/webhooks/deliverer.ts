import type { Logger } from '../logger';
import { forbiddenRangeOf, resolveWebhookTarget, type NetworkPolicy } from './address-guard';
import type { Lookup } from '../ports/dns-lookup';
import type { DeliveryLog } from './delivery-log';
import type { Sender } from '../ports/webhook-sender';
import { deliveryHeader, eventHeader, signatureHeader, signWebhook } from './signature';
import type { WebhookSubscriptions } from './subscriptions';
import type { DeliveryJob, WebhookQueue } from '../ports/webhook-queue';
import type { Delivery } from './webhook-schemas';

/** The waits before each retry: attempt 1 is sent at once, attempt n+1 `backoffSeconds[n-1]` after attempt n failed. */
export const backoffSeconds = [1, 5, 30, 120, 600] as const;
export const maxAttempts = backoffSeconds.length + 1;

export interface DelivererDeps {
  subscriptions: Pick<WebhookSubscriptions, 'withSecret'>;
  log: DeliveryLog;
  send: Sender;
  policy: NetworkPolicy;
  lookup: Lookup;
  now: () => number;
  logger: Logger;
}

export type AttemptOutcome =
  { next: 'done' } | { next: 'retry'; delaySeconds: number } | { next: 'dead' };

/**
 * Makes one attempt of a queued delivery: the subscription read (a deleted one ends it), the
 * host resolved and checked again (DNS rebinding), the body signed now, sent, and the delivery's
 * log entry updated (a receiver's answer only from a public address). A 2xx delivers; anything
 * else retries until the last attempt, then dead.
 */
export function createDeliverer(deps: DelivererDeps) {
  async function attempt(
    job: DeliveryJob,
    options: { retries?: boolean } = {},
  ): Promise<{ outcome: AttemptOutcome; delivery?: Delivery }> {
    const hook = await deps.subscriptions.withSecret(job.repo, job.hookId);
    if (!hook) return { outcome: { next: 'done' } };
    const at = deps.now();
    const url = new URL(hook.url);
    let result: { status?: number; body?: string; error?: string; durationMs: number };
    let privateAddress = false;
    try {
      const target = await resolveWebhookTarget(url, deps.policy, deps.lookup);
      // Allowed by the policy although private: its answer is never kept, or a subscription would read private services back.
      privateAddress = forbiddenRangeOf(target.address) !== undefined;
      const headers = {
        [signatureHeader]: signWebhook(hook.secret, job.payload, at),
        [eventHeader]: job.event,
        [deliveryHeader]: job.deliveryId,
      };
      result = await deps.send({ url, ...target, headers, body: job.payload });
    } catch (error) {
      result = { error: (error as Error).message, durationMs: 0 };
    }
    const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
    const retries = options.retries ?? true;
    const outcome: AttemptOutcome = ok
      ? { next: 'done' }
      : retries && job.attempt < maxAttempts
        ? { next: 'retry', delaySeconds: backoffSeconds[job.attempt - 1]! }
        : { next: 'dead' };
    const delivery: Delivery = {
      id: job.deliveryId,
      event: job.event,
      state: ok ? 'delivered' : outcome.next === 'retry' ? 'retrying' : 'dead',
      attempt: job.attempt,
      createdAt: job.createdAt,
      lastAttemptAt: new Date(at).toISOString(),
      ...(result.status !== undefined && { responseStatus: result.status }),
      ...(result.body !== undefined &&
        (privateAddress
          ? { responseBodyWithheld: 'private-address' as const }
          : { responseBody: result.body })),
      ...(result.error !== undefined && { error: result.error }),
      durationMs: result.durationMs,
      ...(outcome.next === 'retry' && {
        nextAttemptAt: new Date(at + outcome.delaySeconds * 1000).toISOString(),
      }),
    };
    await deps.log.write(job.hookId, delivery);
    return { outcome, delivery };
  }

  return {
    attempt,
    /** One attempt, then what follows it on the queue: the next attempt after its backoff, or the dead letter. */
    async process(job: DeliveryJob, queue: WebhookQueue): Promise<AttemptOutcome> {
      const { outcome } = await attempt(job);
      if (outcome.next === 'retry')
        await queue.send({ ...job, attempt: job.attempt + 1 }, outcome.delaySeconds);
      if (outcome.next === 'dead') {
        deps.logger.error('Webhook delivery dead', {
          repo: job.repo,
          hookId: job.hookId,
          deliveryId: job.deliveryId,
          attempts: job.attempt,
        });
        await queue.dead(job);
      }
      return outcome;
    },
  };
}
export type Deliverer = ReturnType<typeof createDeliverer>;
