import { beforeEach, describe, expect, it } from 'vitest';
import { createGitHubEvents } from '../../../shared/freshness/github-events';
import {
  createRepoFreshness,
  freshnessWindowSeconds,
} from '../../../shared/freshness/repo-freshness';
import type { TreeEntry } from '../../../shared/ports/git-host';
import { createConnections, type Connection } from '../../../shared/repos/connections';
import { createMemoryStore } from '../../../shared/adapters/local/memory-store';
import { keys } from '../../../shared/store/keys';
import type { Store } from '../../../shared/ports/store';

const repo = 'acme/site';
const config = {
  collections: { posts: { label: 'Posts', directory: 'content/posts', fields: [] } },
} as unknown as Connection['config'];
const entries = (oid: string): TreeEntry[] => [{ name: 'hello.md', type: 'blob', oid }];
const oid = (n: number) => String(n).repeat(40).slice(0, 40);

describe('push freshness: what a warm list may trust', () => {
  let clock: number;
  let store: Store;
  let connection: Connection;
  let freshness: ReturnType<typeof createRepoFreshness>;
  let events: ReturnType<typeof createGitHubEvents>;
  let delivery = 0;

  beforeEach(async () => {
    clock = Date.parse('2026-11-26T10:00:00Z');
    const now = () => clock;
    store = createMemoryStore({ now });
    const connections = createConnections(store, now);
    connection = await connections.connect({
      fullName: repo,
      addedBy: 'octocat',
      config,
      configOid: 'config-1',
    });
    freshness = createRepoFreshness({ store, now });
    events = createGitHubEvents({ store, connections, now });
  });

  const records = (userId = 'u1', collection = 'posts') =>
    Promise.all(freshness.keys(repo, collection, userId).map((key) => store.get(key)));
  const cached = async (userId = 'u1') => freshness.cached(await records(userId), connection);
  /** What a list records after reading GitHub at `head`. */
  const read = async (head: string, userId = 'u1', tree = entries('a'.repeat(40))) =>
    freshness.remember({
      fullName: repo,
      collection: 'posts',
      userId,
      records: await records(userId),
      configOid: 'config-1',
      at: { path: 'content/posts' },
      branch: 'main',
      headOid: head,
      entries: tree,
    });
  const push = (
    before: string,
    after: string,
    changed: { added?: string[]; modified?: string[]; removed?: string[] } = {},
    extra: Record<string, unknown> = {},
  ) =>
    events.apply('push', `delivery-${++delivery}`, {
      ref: 'refs/heads/main',
      before,
      after,
      created: false,
      deleted: false,
      forced: false,
      commits: [
        {
          id: after,
          added: changed.added ?? [],
          removed: changed.removed ?? [],
          modified: changed.modified ?? [],
        },
      ],
      repository: { full_name: 'Acme/Site', default_branch: 'main' },
      ...extra,
    });

  it('caches nothing for a repository no webhook has reached: every list reads GitHub', async () => {
    await read(oid(1));
    expect(await cached()).toBeUndefined();
    expect(await store.get(keys.collectionTree(repo, 'posts'))).toBeUndefined();
  });

  it('once webhooks arrive, answers the tree read at the confirmed head, for the user GitHub let read it, within the window', async () => {
    expect(
      await events.apply('push', 'first', {
        ref: 'refs/heads/cms/posts/x',
        before: oid(0),
        after: oid(9),
        repository: { full_name: repo, default_branch: 'main' },
      }),
    ).toBe('applied');
    await read(oid(1));
    expect(await cached()).toEqual({
      branch: 'main',
      headOid: oid(1),
      entries: entries('a'.repeat(40)),
    });
    // Another user has not been let in by GitHub yet.
    expect(await cached('u2')).toBeUndefined();
    clock += freshnessWindowSeconds * 1000 + 1;
    expect(await cached()).toBeUndefined();
  });

  describe('with webhooks arriving', () => {
    beforeEach(async () => {
      await events.apply('push', 'first', {
        ref: 'refs/heads/other',
        before: oid(0),
        after: oid(9),
        repository: { full_name: repo, default_branch: 'main' },
      });
      await read(oid(1));
    });

    it('a push elsewhere in the repository moves the head and keeps the tree warm', async () => {
      clock += 2 * 60 * 1000;
      expect(
        await push(oid(1), oid(2), { modified: ['content/pages/about.md', 'content/postsX.md'] }),
      ).toBe('applied');
      clock += 2 * 60 * 1000;
      expect((await cached())?.headOid).toBe(oid(2));
    });

    it("GitHub's word that a user may read the repository is trusted for the window only, pushes or not", async () => {
      clock += 4 * 60 * 1000;
      await push(oid(1), oid(2), { modified: ['README.md'] });
      clock += 2 * 60 * 1000;
      expect(await cached()).toBeUndefined();
      await read(oid(2));
      expect((await cached())?.headOid).toBe(oid(2));
    });

    it('a push touching the collection, the config, or an unknown set of files leaves the tree to be read again', async () => {
      await push(oid(1), oid(2), { added: ['content/posts/new.md'] });
      expect(await cached()).toBeUndefined();
      await read(oid(2));
      await push(oid(2), oid(3), { modified: ['cms.config.json'] });
      expect(await cached()).toBeUndefined();
      await read(oid(3));
      await push(oid(3), oid(4), {}, { commits: undefined });
      expect(await cached()).toBeUndefined();
      await read(oid(4));
      // A commit listing a thousand paths may have had its list cut short.
      await push(oid(4), oid(5), {
        modified: Array.from({ length: 1000 }, (_, n) => `static/img-${n}.png`),
      });
      expect(await cached()).toBeUndefined();
    });

    it('a forced push, or one from a head it did not know (out of order), forgets the head', async () => {
      await push(oid(1), oid(2), {}, { forced: true });
      expect(await cached()).toBeUndefined();
      await read(oid(2));
      await push(oid(7), oid(8));
      expect(await cached()).toBeUndefined();
      const head = await store.get(keys.repoHead(repo));
      expect(head?.headOid).toBeUndefined();
      expect(head?.webhookAt).toBeTypeOf('number');
    });

    it('applies a delivery once: its replay changes nothing', async () => {
      await events.apply('push', 'same-id', {
        ref: 'refs/heads/main',
        before: oid(1),
        after: oid(2),
        commits: [],
        repository: { full_name: repo, default_branch: 'main' },
      });
      await read(oid(2));
      expect(
        await events.apply('push', 'same-id', {
          ref: 'refs/heads/main',
          before: oid(1),
          after: oid(2),
          commits: [],
          repository: { full_name: repo, default_branch: 'main' },
        }),
      ).toBe('duplicate');
      expect((await cached())?.headOid).toBe(oid(2));
    });

    it('an event that may take access away makes every user ask GitHub again', async () => {
      expect(
        await events.apply('member', 'm1', {
          action: 'removed',
          member: { login: 'octocat' },
          repository: { full_name: repo },
        }),
      ).toBe('applied');
      expect(await cached()).toBeUndefined();
      await read(oid(1));
      expect(await cached()).toBeDefined();
      expect(
        await events.apply('organization', 'o1', {
          action: 'member_removed',
          organization: { login: 'ACME' },
        }),
      ).toBe('applied');
      expect(await cached()).toBeUndefined();
    });

    it("the service's own write forgets the head", async () => {
      await freshness.invalidate(repo);
      expect(await cached()).toBeUndefined();
    });

    it('a read that finds a push no webhook announced stops trusting webhooks until the next one', async () => {
      clock += freshnessWindowSeconds * 1000 + 1;
      await read(oid(5));
      expect(await cached()).toBeUndefined();
      await read(oid(5));
      expect(await cached()).toBeUndefined();
      expect((await store.get(keys.repoHead(repo)))?.webhookAt).toBeUndefined();
      await push(oid(5), oid(6), { modified: ['README.md'] });
      await read(oid(6));
      expect((await cached())?.headOid).toBe(oid(6));
    });

    it('a read that raced a webhook does not record the head it saw', async () => {
      const before = await records();
      await push(oid(1), oid(2), { added: ['content/posts/new.md'] });
      await freshness.remember({
        fullName: repo,
        collection: 'posts',
        userId: 'u1',
        records: before,
        configOid: 'config-1',
        at: { path: 'content/posts' },
        branch: 'main',
        headOid: oid(1),
        entries: entries('b'.repeat(40)),
      });
      expect((await store.get(keys.repoHead(repo)))?.headOid).toBe(oid(2));
      expect(await cached()).toBeUndefined();
    });
  });

  it('ignores events about repositories that are not connected, and events it does not use', async () => {
    expect(
      await events.apply('push', 'x1', {
        ref: 'refs/heads/main',
        before: oid(1),
        after: oid(2),
        repository: { full_name: 'someone/else', default_branch: 'main' },
      }),
    ).toBe('not-connected');
    expect(
      await events.apply('issues', 'x2', { action: 'opened', repository: { full_name: repo } }),
    ).toBe('ignored');
    expect(await store.get(keys.githubDelivery('x1'))).toBeUndefined();
  });
});
