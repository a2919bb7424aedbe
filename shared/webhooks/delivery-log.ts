import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../ports/store';
import { deliveriesListed, type Delivery } from './webhook-schemas';

/** How long a delivery stays in the log. */
export const deliveryRetentionDays = 30;

/**
 * Each subscription's deliveries: one item per delivery (sk `<createdAt>#<id>`, so the newest
 * sort last), updated after every attempt with the last answer; kept 30 days. Items carry
 * `screened: true` since the deliverer keeps no answer from a private address; an older item's
 * answer may come from one, so it is not shown (such items are gone 30 days after the change).
 */
export function createDeliveryLog(deps: { store: Store; now: () => number }) {
  const key = (hookId: string, createdAt: string, id: string) => ({
    pk: keys.webhookDeliveries(hookId),
    sk: `${createdAt}#${id}`,
  });
  const ttl = () => nowSeconds(deps.now()) + deliveryRetentionDays * 86_400;
  return {
    async write(hookId: string, delivery: Delivery): Promise<void> {
      await deps.store.put({
        ...key(hookId, delivery.createdAt, delivery.id),
        ttl: ttl(),
        delivery,
        screened: true,
      });
    },
    async latest(hookId: string): Promise<Delivery[]> {
      const items = await deps.store.query(keys.webhookDeliveries(hookId), {
        ascending: false,
        limit: deliveriesListed,
      });
      return items.map((item) => {
        const delivery = item.delivery as Delivery;
        if (item.screened === true) return delivery;
        const { responseBody: _unscreened, ...rest } = delivery;
        return rest;
      });
    },
  };
}
export type DeliveryLog = ReturnType<typeof createDeliveryLog>;

/** A delivery as a caller sees it: a receiver's answer is for admins of the repository on GitHub only. */
export function deliveryAsSeen(options: { delivery: Delivery; admin: boolean }): Delivery {
  const { responseBody, ...rest } = options.delivery;
  if (options.admin || responseBody === undefined) return options.delivery;
  return { ...rest, responseBodyWithheld: 'admin-only' };
}
