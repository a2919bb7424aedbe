import { createProviderAccess } from '../../shared/auth/provider-access';
import { createConnections } from '../../shared/repos/connections';
import { createGitHubEvents } from '../../shared/freshness/github-events';
import { createIndexRequests } from '../../shared/content/collection-index/index-requests';
import { readPushStatus } from '../../shared/freshness/repo-freshness';
import { createRepoPermissions } from '../../shared/repos/repo-permissions';
import { strictNetworkPolicy } from '../../shared/webhooks/address-guard';
import { createDeliverer } from '../../shared/webhooks/deliverer';
import { createDeliveryLog } from '../../shared/webhooks/delivery-log';
import { systemLookup } from '../../shared/adapters/http/dns-lookup';
import { sendWebhookRequest } from '../../shared/adapters/http/http-sender';
import { createWebhookSubscriptions } from '../../shared/webhooks/subscriptions';
import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeWebhooksHandler } from './app';

export function wireWebhooks(
  ports: Pick<
    Ports,
    | 'store'
    | 'keyProvider'
    | 'tokenHmacKey'
    | 'oauth'
    | 'gitHost'
    | 'logger'
    | 'publicUrl'
    | 'now'
    | 'webhookPolicy'
    | 'webhookQueue'
    | 'githubWebhookSecret'
    | 'indexQueue'
  >,
) {
  const { store, keyProvider, oauth, gitHost, logger, now } = ports;
  const policy = ports.webhookPolicy ?? strictNetworkPolicy;
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });
  const subscriptions = createWebhookSubscriptions({
    store,
    keyProvider,
    now,
    policy,
    lookup: systemLookup,
  });
  const deliveries = createDeliveryLog({ store, now });
  const connections = createConnections(store, now);
  return makeWebhooksHandler(
    withOrigin(
      {
        ...callerDeps(ports),
        subscriptions,
        deliveries,
        deliverer: createDeliverer({
          subscriptions,
          log: deliveries,
          send: sendWebhookRequest,
          policy,
          lookup: systemLookup,
          now,
          logger,
        }),
        permissions: createRepoPermissions({ gitHost, connections, providerAccess }),
        githubEvents: createGitHubEvents({
          store,
          connections,
          now,
          indexRequests: createIndexRequests({ store, queue: ports.indexQueue, now }),
          ...(ports.indexQueue && { pullChecks: ports.indexQueue }),
        }),
        pushStatus: (repo: string) => readPushStatus(store, repo),
        ...(ports.githubWebhookSecret && { githubWebhookSecret: ports.githubWebhookSecret }),
        now,
      },
      ports.publicUrl,
    ),
  );
}
