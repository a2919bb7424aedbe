import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGitHubEvents } from '../../../shared/freshness/github-events';
import { createRepoFreshness } from '../../../shared/freshness/repo-freshness';
import type { TreeEntry } from '../../../shared/ports/git-host';
import { createConnections, type Connection } from '../../../shared/repos/connections';
import { keys } from '../../../shared/store/keys';
import { createMemoryStore } from '../../../shared/adapters/local/memory-store';
import type { Store } from '../../../shared/ports/store';

/** GitHub's own example deliveries (test/fixtures/github-webhooks/README.md), as received. */
const payload = (path: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(new URL(`../../fixtures/github-webhooks/${path}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

const config = {
  collections: { posts: { label: 'Posts', directory: 'content/posts', fields: [] } },
} as unknown as Connection['config'];
const tree: TreeEntry[] = [{ name: 'hello.md', type: 'blob', oid: 'a'.repeat(40) }];

describe("GitHub's example deliveries", () => {
  let clock: number;
  let store: Store;
  let connections: ReturnType<typeof createConnections>;
  let freshness: ReturnType<typeof createRepoFreshness>;
  let events: ReturnType<typeof createGitHubEvents>;
  let delivery = 0;
  const apply = (event: string, body: Record<string, unknown>) =>
    events.apply(event, `example-${++delivery}`, body);

  beforeEach(async () => {
    clock = Date.parse('2026-11-26T10:00:00Z');
    const now = () => clock;
    store = createMemoryStore({ now });
    connections = createConnections(store, now);
    for (const fullName of [
      'Codertocat/Hello-World',
      'octocat/Hello-World',
      'Octocoders/Hello-World',
    ])
      await connections.connect({ fullName, addedBy: 'octocat', config, configOid: 'config-1' });
    freshness = createRepoFreshness({ store, now });
    events = createGitHubEvents({ store, connections, now });
  });

  /** A list of `fullName` read GitHub at `head` and recorded it; whether the next one may answer from the table. */
  async function listedAt(fullName: string, head: string) {
    const connection = (await connections.get(fullName))!;
    const records = () =>
      Promise.all(freshness.keys(fullName, 'posts', 'u1').map((key) => store.get(key)));
    await freshness.remember({
      fullName,
      collection: 'posts',
      userId: 'u1',
      records: await records(),
      configOid: 'config-1',
      at: { path: 'content/posts' },
      branch: 'master',
      headOid: head,
      entries: tree,
    });
    return { warm: async () => freshness.cached(await records(), connection) !== undefined };
  }

  it('a tag deleted shows webhooks arrive and moves no head', async () => {
    const tagDeleted = payload('push/with-installation.payload.json');
    expect(await apply('push', tagDeleted)).toBe('applied');
    const head = await store.get(keys.repoHead('Codertocat/Hello-World'));
    expect(head?.webhookAt).toBe(clock);
    expect(head?.headOid).toBeUndefined();
    const list = await listedAt(
      'Codertocat/Hello-World',
      '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
    );
    expect(await list.warm()).toBe(true);
    expect(await apply('push', tagDeleted)).toBe('applied');
    expect(await list.warm()).toBe(true);
  });

  it('the default branch created forgets the head', async () => {
    const created = payload('push/with-new-branch.payload.json');
    await apply('push', payload('push/with-installation.payload.json'));
    const list = await listedAt('Codertocat/Hello-World', '0'.repeat(39) + '1');
    expect(await apply('push', created)).toBe('applied');
    expect(await list.warm()).toBe(false);
  });

  it('the same commit pushed on top of a known head carries the tree along', async () => {
    const created = payload('push/with-new-branch.payload.json');
    await apply('push', payload('push/with-installation.payload.json'));
    await apply('push', created);
    // The example's commit (it adds README.md) as a plain push from the head the list recorded.
    const before = '0'.repeat(39) + '2';
    const next = await listedAt('Codertocat/Hello-World', before);
    expect(await next.warm()).toBe(true);
    expect(await apply('push', { ...created, before, created: false })).toBe('applied');
    expect(await next.warm()).toBe(true);
    expect((await store.get(keys.repoHead('Codertocat/Hello-World')))?.headOid).toBe(created.after);
  });

  it.each([
    ['member', 'member/edited.payload.json', 'Codertocat/Hello-World'],
    ['membership', 'membership/removed.with-installation.payload.json', 'Octocoders/Hello-World'],
    [
      'installation_repositories',
      'installation_repositories/removed.payload.json',
      'octocat/Hello-World',
    ],
    ['installation', 'installation/deleted.payload.json', 'octocat/Hello-World'],
    ['team', 'team/removed_from_repository.payload.json', 'Octocoders/Hello-World'],
    ['repository', 'repository/privatized.payload.json', 'Codertocat/Hello-World'],
  ])(
    '%s (%s) makes the next list of %s ask GitHub who may read it',
    async (event, file, fullName) => {
      await apply('push', {
        ref: 'refs/heads/other',
        before: '1'.repeat(40),
        after: '2'.repeat(40),
        commits: [],
        repository: { full_name: fullName, default_branch: 'master' },
      });
      const list = await listedAt(fullName, '3'.repeat(40));
      expect(await list.warm()).toBe(true);
      expect(await apply(event, payload(file))).toBe('applied');
      expect(await list.warm()).toBe(false);
    },
  );

  it('a repository event (the default branch may have changed) also forgets the recorded head', async () => {
    await apply('push', {
      ref: 'refs/heads/other',
      before: '1'.repeat(40),
      after: '2'.repeat(40),
      commits: [],
      repository: { full_name: 'Codertocat/Hello-World', default_branch: 'master' },
    });
    await listedAt('Codertocat/Hello-World', '3'.repeat(40));
    await apply('repository', payload('repository/privatized.payload.json'));
    expect((await store.get(keys.repoHead('Codertocat/Hello-World')))?.headOid).toBeUndefined();
    // Other access events keep it.
    await listedAt('Codertocat/Hello-World', '3'.repeat(40));
    await apply('member', payload('member/edited.payload.json'));
    expect((await store.get(keys.repoHead('Codertocat/Hello-World')))?.headOid).toBe(
      '3'.repeat(40),
    );
  });

  it('a ping is acknowledged and changes nothing', async () => {
    expect(await apply('ping', payload('ping/with-app_id.payload.json'))).toBe('ignored');
    expect(await store.get(keys.repoHead('Codertocat/Hello-World'))).toBeUndefined();
  });
});
