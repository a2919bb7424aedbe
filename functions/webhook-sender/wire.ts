import { strictNetworkPolicy } from '../../shared/webhooks/address-guard';
import { createDeliverer } from '../../shared/webhooks/deliverer';
import { createDeliveryLog } from '../../shared/webhooks/delivery-log';
import { systemLookup } from '../../shared/adapters/http/dns-lookup';
import { sendWebhookRequest } from '../../shared/adapters/http/http-sender';
import { createWebhookSubscriptions } from '../../shared/webhooks/subscriptions';
import type { Ports } from '../ports';

/** The webhook sender's deliverer, the same on AWS (the SQS consumer) and locally (the in-process queue). */
export function wireWebhookSender(
  ports: Pick<Ports, 'store' | 'keyProvider' | 'logger' | 'now' | 'webhookPolicy'>,
) {
  const { store, keyProvider, logger, now } = ports;
  const policy = ports.webhookPolicy ?? strictNetworkPolicy;
  const log = createDeliveryLog({ store, now });
  return createDeliverer({
    subscriptions: createWebhookSubscriptions({
      store,
      keyProvider,
      now,
      policy,
      lookup: systemLookup,
    }),
    log,
    send: sendWebhookRequest,
    policy,
    lookup: systemLookup,
    now,
    logger,
  });
}
