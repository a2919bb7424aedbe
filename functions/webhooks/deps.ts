import type { BaseDeps } from '../../shared/http/base-deps';
import type { RepoPermissions } from '../../shared/repos/repo-permissions';
import type { Deliverer } from '../../shared/webhooks/deliverer';
import type { DeliveryLog } from '../../shared/webhooks/delivery-log';
import type { WebhookSubscriptions } from '../../shared/webhooks/subscriptions';
import type { GitHubEvents } from '../../shared/freshness/github-events';
import type { PushStatus } from '../../shared/freshness/repo-freshness';

export interface WebhooksDeps extends BaseDeps {
  subscriptions: WebhookSubscriptions;
  deliveries: Pick<DeliveryLog, 'latest'>;
  deliverer: Pick<Deliverer, 'attempt'>;
  permissions: RepoPermissions;
  /** Applies the GitHub App's verified webhook deliveries (push freshness, access changes). */
  githubEvents: Pick<GitHubEvents, 'apply'>;
  /** Whether GitHub's push deliveries keep the repository's lists fresh, for the subscriptions page. */
  pushStatus: (repo: string) => Promise<PushStatus>;
  /** The GitHub App's webhook secret; absent, GitHub deliveries are refused (404). */
  githubWebhookSecret?: string;
  now: () => number;
}
