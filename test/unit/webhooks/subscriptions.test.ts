import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../../shared/errors';
import { createMemoryStore } from '../../../shared/adapters/local/memory-store';
import { keys } from '../../../shared/store/keys';
import { localNetworkPolicy } from '../../../shared/webhooks/address-guard';
import { createWebhookSubscriptions } from '../../../shared/webhooks/subscriptions';
import { maxSubscriptionsPerRepo } from '../../../shared/webhooks/webhook-schemas';
import { createMemoryKeyProvider } from '../../fakes/memory-key-provider';

const subscriptions = (store = createMemoryStore()) => ({
  store,
  hooks: createWebhookSubscriptions({
    store,
    keyProvider: createMemoryKeyProvider(),
    now: Date.now,
    policy: localNetworkPolicy,
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
  }),
});
const input = (n: number) => ({
  url: `http://127.0.0.1:9/hook-${n}`,
  events: ['content.saved' as const],
});

describe('at most 10 webhooks per repository', () => {
  it('holds when many are created at once: the ones beyond the limit get 409 and none is stored', async () => {
    const { hooks } = subscriptions();
    const results = await Promise.allSettled(
      Array.from({ length: maxSubscriptionsPerRepo + 5 }, (_, n) =>
        hooks.create({ repo: 'demo/blog', input: input(n), createdBy: 'demo' }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(
      maxSubscriptionsPerRepo,
    );
    const refused = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    expect(refused).toHaveLength(5);
    for (const result of refused) expect(result.reason).toBeInstanceOf(ConflictError);
    expect(await hooks.list('demo/blog')).toHaveLength(maxSubscriptionsPerRepo);
  });

  it('frees a place when one is deleted, and counts each repository on its own', async () => {
    const { hooks } = subscriptions();
    const made = [];
    for (let n = 0; n < maxSubscriptionsPerRepo; n += 1)
      made.push(await hooks.create({ repo: 'demo/blog', input: input(n), createdBy: 'demo' }));
    await expect(
      hooks.create({ repo: 'demo/blog', input: input(99), createdBy: 'demo' }),
    ).rejects.toThrow(ConflictError);
    await hooks.create({ repo: 'demo/other', input: input(99), createdBy: 'demo' });
    await hooks.remove('demo/blog', made[3]!.id);
    await hooks.create({ repo: 'demo/blog', input: input(100), createdBy: 'demo' });
    await expect(
      hooks.create({ repo: 'demo/blog', input: input(101), createdBy: 'demo' }),
    ).rejects.toThrow(ConflictError);
  });

  it('takes back a place whose subscription was never stored (a create cut short)', async () => {
    const { store, hooks } = subscriptions();
    for (let n = 0; n < maxSubscriptionsPerRepo - 1; n += 1)
      await hooks.create({ repo: 'demo/blog', input: input(n), createdBy: 'demo' });
    const slots = await store.query(keys.repoWebhooks('demo/blog'), { skPrefix: 'SLOT#' });
    const free = Array.from({ length: maxSubscriptionsPerRepo }, (_, n) => n).find(
      (n) => !slots.some((slot) => slot.sk === `SLOT#${n}`),
    )!;
    await store.put({
      pk: keys.repoWebhooks('demo/blog'),
      sk: `SLOT#${free}`,
      hookId: 'never-stored',
    });
    await hooks.create({ repo: 'demo/blog', input: input(50), createdBy: 'demo' });
    expect(await hooks.list('demo/blog')).toHaveLength(maxSubscriptionsPerRepo);
  });
});

describe('listing webhooks', () => {
  it("lists a repository's subscriptions oldest first, as the API says", async () => {
    let clock = Date.parse('2026-11-26T10:00:00Z');
    const store = createMemoryStore();
    const hooks = createWebhookSubscriptions({
      store,
      keyProvider: createMemoryKeyProvider(),
      now: () => clock,
      policy: localNetworkPolicy,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const made: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      made.push((await hooks.create({ repo: 'demo/blog', input: input(n), createdBy: 'demo' })).id);
      clock += 1000;
    }
    expect((await hooks.list('demo/blog')).map((hook) => hook.id)).toEqual(made);
  });
});
