import type { NetworkPolicy } from '../shared/webhooks/address-guard';
import type { WebhookQueue } from '../shared/ports/webhook-queue';
import type { AwsEnv } from './aws-env';
import { onFirstUse } from './aws-on-first-use';

/**
 * The webhook queue of a function the stack gave one (`WEBHOOK_QUEUE_URL`, parsed with its other
 * settings: every group that writes the audit log); undefined for the others. Only the sender
 * has the dead-letter queue. The SQS client loads with the first delivery sent: most requests of
 * a group, and most writes of a repository without webhooks, send none.
 */
export function webhookQueueOf(
  env: Partial<Pick<AwsEnv, 'WEBHOOK_QUEUE_URL' | 'WEBHOOK_DLQ_URL'>>,
): WebhookQueue | undefined {
  const { WEBHOOK_QUEUE_URL: queueUrl, WEBHOOK_DLQ_URL: deadLetterQueueUrl } = env;
  if (queueUrl === undefined) return undefined;
  const queue = onFirstUse<WebhookQueue>(
    async () => {
      const [{ createSqsClient }, { createSqsWebhookQueue }] = await Promise.all([
        import('../shared/adapters/sqs/sqs'),
        import('../shared/adapters/sqs/sqs-webhook-queue'),
      ]);
      return createSqsWebhookQueue({
        sqs: createSqsClient(),
        queueUrl,
        deadLetterQueueUrl: deadLetterQueueUrl ?? queueUrl,
      });
    },
    { send: true, dead: true },
  );
  return {
    send: queue.send,
    dead: async (job) => {
      if (deadLetterQueueUrl === undefined)
        throw new Error('This function has no webhook dead-letter queue');
      await queue.dead(job);
    },
  };
}

/** On AWS nothing private is reached unless the deployment lists it; never http. */
export function webhookPolicyOf(env: Pick<AwsEnv, 'WEBHOOK_ALLOWED_PRIVATE'>): NetworkPolicy {
  return { allowedPrivate: env.WEBHOOK_ALLOWED_PRIVATE, allowHttpLoopback: false };
}
