import { keys } from '../store/keys';
import type { Store, StoreItem } from '../ports/store';
import type { Webhook, WebhookEvent } from './webhook-schemas';

/** A subscription item as shown: never its sealed secret. */
export const shownWebhook = (item: StoreItem): Webhook => {
  const { id, url, events, description, createdAt, createdBy } = item as StoreItem & Webhook;
  return {
    id,
    url,
    events,
    ...(description !== undefined && { description }),
    createdAt,
    createdBy,
  };
};

/** A repository's subscriptions, oldest first: one Query of its partition (keyed by random ids), no secrets opened. */
export const subscriptionsOf = async (store: Store, repo: string): Promise<Webhook[]> =>
  (await store.query(keys.repoWebhooks(repo), { skPrefix: 'HOOK#' }))
    .map(shownWebhook)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

/** Who listens to `event` in `repo` (what the write path reads: kept apart from subscriptions.ts, so every bundle need not carry the envelope and the address guard). */
export const listenersOf = async (
  store: Store,
  repo: string,
  event: WebhookEvent,
): Promise<Webhook[]> =>
  (await subscriptionsOf(store, repo)).filter((hook) => hook.events.includes(event));
