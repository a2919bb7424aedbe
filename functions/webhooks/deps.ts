import type { BaseDeps } from '../../shared/http/base-deps';
import type { RepoPermissions } from '../../shared/repos/repo-permissions';
import type { Deliverer } from '../../shared/webhooks/deliverer';
import type { DeliveryLog } from '../../shared/webhooks/delivery-log';
import type { WebhookSubscriptions } from '../../shared/webhooks/subscriptions';

export interface WebhooksDeps extends BaseDeps {
  subscriptions: WebhookSubscriptions;
  deliveries: Pick<DeliveryLog, 'latest'>;
  deliverer: Pick<Deliverer, 'attempt'>;
  permissions: RepoPermissions;
  now: () => number;
}
