import { describe, expect, it } from 'vitest';
import type { HostRepo } from '../../shared/ports/git-host';
import {
  createRepoReach,
  reachTtlSeconds,
  type SignedInCaller,
} from '../../shared/repos/repo-reach';
import { keys } from '../../shared/store/keys';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';

/** A host that counts list calls; the provider access hands the call a fixed token. */
function setup(repos: HostRepo[]) {
  let clock = Date.parse('2025-01-01T00:00:00Z');
  const now = () => clock;
  const store = createMemoryStore({ now });
  const calls = { list: 0 };
  const reach = createRepoReach({
    store,
    now,
    gitHost: { listInstallationRepos: async () => ((calls.list += 1), repos) },
    providerAccess: { withToken: (_userId, call) => call('ghu_test') },
  });
  return { store, reach, calls, advance: (ms: number) => (clock += ms) };
}

const repo = (fullName: string): HostRepo => ({ fullName, private: true, description: null });

describe('repo reach', () => {
  it('caches lower-cased names for the window, then forgets them', async () => {
    // Prepare
    const { reach, calls, advance } = setup([repo('Demo/Blog')]);
    // Act
    const fresh = await reach.refresh('1');
    const warm = await reach.cached('1');
    advance(reachTtlSeconds * 1000);
    const expired = await reach.cached('1');
    // Assess
    expect(fresh).toEqual(new Set(['demo/blog']));
    expect(warm).toEqual(new Set(['demo/blog']));
    expect(expired).toBeUndefined();
    expect(calls.list).toBe(1);
  });

  it('uses but does not cache a reach too large for one table item', async () => {
    // Prepare
    const many = Array.from({ length: 7_000 }, (_, i) =>
      repo(`an-organisation-with-long-names/repository-number-${String(i).padStart(6, '0')}`),
    );
    const { store, reach } = setup(many);
    // Act
    const names = await reach.refresh('1');
    // Assess
    expect(names.size).toBe(7_000);
    expect(await store.get(keys.repoReach('1'))).toBeUndefined();
  });

  it("narrows the host list to an API token's scope, case-insensitively", async () => {
    // Prepare
    const { reach } = setup([repo('demo/blog'), repo('demo/docs')]);
    const token: SignedInCaller = {
      kind: 'token',
      tokenId: 't',
      userId: '1',
      login: 'demo',
      repos: ['DEMO/BLOG'],
      permissions: ['repos:read'],
    };
    // Act
    const listed = await reach.hostRepos(token);
    // Assess
    expect(listed.map((entry) => entry.fullName)).toEqual(['demo/blog']);
  });
});
