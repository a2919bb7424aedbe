import { randomBytes } from 'node:crypto';
import { openEnvelope, sealEnvelope } from '../crypto/envelope';
import {
  encryptionPurposes,
  type EncryptionContext,
  type KeyProvider,
} from '../ports/key-provider';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { keys } from '../store/keys';
import { ConditionFailedError, type Store } from '../ports/store';
import { shownWebhook, subscriptionsOf } from './listeners';
import { checkWebhookUrl, resolveWebhookTarget, type NetworkPolicy } from './address-guard';
import type { Lookup } from '../ports/dns-lookup';
import { maxSubscriptionsPerRepo, type CreateWebhookBody, type Webhook } from './webhook-schemas';
import { randomId } from '../random-id';

/** A secret is sealed to its subscription: a copy in another record cannot open. */
export const webhookSecretContext = (repo: string, id: string): EncryptionContext => ({
  purpose: encryptionPurposes.webhookSecret,
  owner: `${keys.webhook(repo, id).pk}#${id}`,
});

/**
 * A repository's webhook subscriptions on the table, under one partition (one Query finds who
 * listens to a write). The secret is made here, returned once, and stored sealed (KMS envelope).
 */
export function createWebhookSubscriptions(deps: {
  store: Store;
  keyProvider: KeyProvider;
  now: () => number;
  policy: NetworkPolicy;
  lookup: Lookup;
}) {
  const { store } = deps;
  const list = (repo: string) => subscriptionsOf(store, repo);
  const full = () =>
    new ConflictError(
      `This repository has ${maxSubscriptionsPerRepo} webhooks, the most it may have: delete one first`,
    );

  /**
   * The limit holds under concurrent creates: each subscription first claims one of the
   * repository's numbered places (`SLOT#0`…`SLOT#9`) with a conditional write, so two creates
   * never take the same one. A place whose subscription was never stored (a create cut short) is
   * taken back when no other is free. Subscriptions made before places existed count too.
   */
  async function claimSlot(repo: string, id: string): Promise<number> {
    const partition = keys.repoWebhooks(repo);
    for (let round = 0; round < 3; round += 1) {
      const [slots, hooks] = await Promise.all([
        store.query(partition, { skPrefix: 'SLOT#' }),
        list(repo),
      ]);
      const unplaced = hooks.filter(
        (hook) => !slots.some((slot) => slot.hookId === hook.id),
      ).length;
      const taken = new Map(
        slots.map((slot) => [Number(String(slot.sk).slice('SLOT#'.length)), String(slot.hookId)]),
      );
      const ids = new Set(hooks.map((hook) => hook.id));
      const free = Array.from({ length: maxSubscriptionsPerRepo - unplaced }, (_, n) => n).filter(
        (n) => !taken.has(n),
      );
      if (free.length === 0) {
        // Places held by no stored subscription; on the next round they are free (or claimed by a racing create).
        const orphans = [...taken].filter(([, holder]) => !ids.has(holder));
        if (orphans.length === 0) throw full();
        await Promise.all(orphans.map(([n, holder]) => releaseSlot(repo, n, holder)));
        continue;
      }
      for (const n of free) {
        try {
          await store.put({ pk: partition, sk: `SLOT#${n}`, hookId: id }, { notExists: true });
          return n;
        } catch (error) {
          if (!(error instanceof ConditionFailedError)) throw error;
        }
      }
    }
    throw full();
  }

  async function releaseSlot(repo: string, n: number, id: string): Promise<void> {
    try {
      await store.delete(
        { pk: keys.repoWebhooks(repo), sk: `SLOT#${n}` },
        { attr: 'hookId', op: '=', value: id },
      );
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }

  return {
    list,

    async create({
      repo,
      input,
      createdBy,
    }: {
      repo: string;
      input: CreateWebhookBody;
      /** The login of the admin who subscribes. */
      createdBy: string;
    }): Promise<Webhook & { secret: string }> {
      const problem = checkWebhookUrl(input.url, deps.policy);
      if (problem) throw new InvalidInputError(`url: ${problem}`);
      await resolveWebhookTarget(new URL(input.url), deps.policy, deps.lookup);
      const id = randomId(9);
      const slot = await claimSlot(repo, id);
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const webhook: Webhook = {
        id,
        url: input.url,
        events: [...new Set(input.events)],
        ...(input.description && { description: input.description }),
        createdAt: new Date(deps.now()).toISOString(),
        createdBy,
      };
      try {
        const sealed = await sealEnvelope(deps.keyProvider, secret, webhookSecretContext(repo, id));
        await store.put(
          { ...keys.webhook(repo, id), ...webhook, repo, slot, secret: sealed },
          { notExists: true },
        );
      } catch (error) {
        await releaseSlot(repo, slot, id);
        throw error;
      }
      return { ...webhook, secret };
    },

    async remove(repo: string, id: string): Promise<Webhook> {
      const item = await store.get(keys.webhook(repo, id));
      if (!item) throw new NotFoundError(`No webhook ${id} in this repository`);
      await store.delete(keys.webhook(repo, id));
      if (typeof item.slot === 'number') await releaseSlot(repo, item.slot, id);
      return shownWebhook(item);
    },

    async get(repo: string, id: string): Promise<Webhook> {
      const item = await store.get(keys.webhook(repo, id));
      if (!item) throw new NotFoundError(`No webhook ${id} in this repository`);
      return shownWebhook(item);
    },

    /** The subscription with its secret opened, for a delivery; undefined once deleted. */
    async withSecret(
      repo: string,
      id: string,
    ): Promise<(Webhook & { secret: string }) | undefined> {
      const item = await store.get(keys.webhook(repo, id));
      if (!item) return undefined;
      return {
        ...shownWebhook(item),
        secret: await openEnvelope(
          deps.keyProvider,
          String(item.secret),
          webhookSecretContext(repo, id),
        ),
      };
    },
  };
}
export type WebhookSubscriptions = ReturnType<typeof createWebhookSubscriptions>;
