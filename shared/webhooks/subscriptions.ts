import { randomBytes } from 'node:crypto';
import { openEnvelope, sealEnvelope } from '../crypto/envelope';
import { encryptionPurposes, type EncryptionContext, type KeyProvider } from '../crypto/key-provider';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { keys } from '../store/keys';
import type { Store } from '../store/store';
import { shownWebhook, subscriptionsOf } from './listeners';
import { checkWebhookUrl, resolveWebhookTarget, type Lookup, type NetworkPolicy } from './address-guard';
import { maxSubscriptionsPerRepo, type CreateWebhookBody, type Webhook } from './webhook-schemas';

/** A secret is sealed to its subscription: a copy in another record cannot open. */
export const webhookSecretContext = (repo: string, id: string): EncryptionContext => ({ purpose: encryptionPurposes.webhookSecret, owner: `${keys.webhook(repo, id).pk}#${id}` });

/**
 * A repository's webhook subscriptions on the table, under one partition (one Query finds who
 * listens to a write). The secret is made here, returned once, and stored sealed (KMS envelope).
 */
export function createWebhookSubscriptions(deps: { store: Store; keyProvider: KeyProvider; now: () => number; policy: NetworkPolicy; lookup: Lookup }) {
  const { store } = deps;
  const list = (repo: string) => subscriptionsOf(store, repo);

  return {
    list,

    async create(repo: string, input: CreateWebhookBody, createdBy: string): Promise<Webhook & { secret: string }> {
      const problem = checkWebhookUrl(input.url, deps.policy);
      if (problem) throw new InvalidInputError(`url: ${problem}`);
      await resolveWebhookTarget(new URL(input.url), deps.policy, deps.lookup);
      if ((await list(repo)).length >= maxSubscriptionsPerRepo) throw new ConflictError(`This repository has ${maxSubscriptionsPerRepo} webhooks, the most it may have: delete one first`);
      const id = randomBytes(9).toString('base64url');
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const webhook: Webhook = { id, url: input.url, events: [...new Set(input.events)], ...(input.description && { description: input.description }), createdAt: new Date(deps.now()).toISOString(), createdBy };
      const sealed = await sealEnvelope(deps.keyProvider, secret, webhookSecretContext(repo, id));
      await store.put({ ...keys.webhook(repo, id), ...webhook, repo, secret: sealed }, { notExists: true });
      return { ...webhook, secret };
    },

    async remove(repo: string, id: string): Promise<Webhook> {
      const item = await store.get(keys.webhook(repo, id));
      if (!item) throw new NotFoundError(`No webhook ${id} in this repository`);
      await store.delete(keys.webhook(repo, id));
      return shownWebhook(item);
    },

    async get(repo: string, id: string): Promise<Webhook> {
      const item = await store.get(keys.webhook(repo, id));
      if (!item) throw new NotFoundError(`No webhook ${id} in this repository`);
      return shownWebhook(item);
    },

    /** The subscription with its secret opened, for a delivery; undefined once deleted. */
    async withSecret(repo: string, id: string): Promise<(Webhook & { secret: string }) | undefined> {
      const item = await store.get(keys.webhook(repo, id));
      if (!item) return undefined;
      return { ...shownWebhook(item), secret: await openEnvelope(deps.keyProvider, String(item.secret), webhookSecretContext(repo, id)) };
    },
  };
}
export type WebhookSubscriptions = ReturnType<typeof createWebhookSubscriptions>;
