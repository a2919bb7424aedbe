import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../store/store';
import { deliveriesListed, type Delivery } from './webhook-schemas';

/** How long a delivery stays in the log. */
export const deliveryRetentionDays = 30;

/**
 * Each subscription's deliveries: one item per delivery (sk `<createdAt>#<id>`, so the newest
 * sort last), updated after every attempt with the last answer; kept 30 days.
 */
export function createDeliveryLog(deps: { store: Store; now: () => number }) {
  const key = (hookId: string, createdAt: string, id: string) => ({ pk: keys.webhookDeliveries(hookId), sk: `${createdAt}#${id}` });
  const ttl = () => nowSeconds(deps.now()) + deliveryRetentionDays * 86_400;
  return {
    async write(hookId: string, delivery: Delivery): Promise<void> {
      await deps.store.put({ ...key(hookId, delivery.createdAt, delivery.id), ttl: ttl(), delivery });
    },
    async latest(hookId: string): Promise<Delivery[]> {
      const items = await deps.store.query(keys.webhookDeliveries(hookId), { ascending: false, limit: deliveriesListed });
      return items.map((item) => item.delivery as Delivery);
    },
  };
}
export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
