import { vi } from 'vitest';
import {
  createProviderAccess,
  type ProviderAccessOptions,
} from '../../../shared/auth/provider-access';
import { createUsers } from '../../../shared/auth/users';
import { parseCmsConfig } from '../../../shared/content/config-read';
import { createParsedCache } from '../../../shared/store/parsed-cache';
import { createRepoReader } from '../../../shared/content/repo-reader';
import { silentLogger } from '../../../shared/logger';
import { createConnections } from '../../../shared/repos/connections';
import { createMemoryStore } from '../../../shared/adapters/local/memory-store';
import { countCalls } from '../../fakes/call-counter';
import type { FileChange } from '../../fakes/memory-git';
import { createMemoryGitHost } from '../../fakes/memory-git-host';
import { createMemoryKeyProvider } from '../../fakes/memory-key-provider';
import { createMemoryProvider } from '../../fakes/memory-provider';
import { createMemoryReviewHost } from '../../fakes/memory-review-host';
import { createMemoryPullHost } from '../../fakes/memory-pull-host';
import { createMemoryMediaHost } from '../../fakes/memory-media-host';

/** The config of the site every domain test starts from: a direct collection and one locked to drafts. */
export const siteConfig = {
  name: 'Site',
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        { name: 'date', type: 'date', label: 'Date' },
        { name: 'draft', type: 'boolean', label: 'Draft', default: false },
        { name: 'tags', type: 'string[]', label: 'Tags' },
      ],
    },
    pages: {
      label: 'Pages',
      directory: 'content/pages',
      fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
      workflow: { default: 'pr', locked: true },
    },
  },
};

/** Unit tests of the domain make no network call: a fetch that throws proves it. */
export function forbidNetwork(): void {
  vi.stubGlobal('fetch', () => {
    throw new Error('A unit test must not use the network');
  });
}

export interface WorldOptions {
  files?: FileChange[];
  blobTextLimit?: number;
  oauth?: ProviderAccessOptions['oauth'];
}

/**
 * The domain's ports wired as the service wires them, over fakes: an in-memory provider with
 * `demo/site` (the config above plus `files`) connected, a memory store, a memory key provider
 * and the signed-in user `demo` whose provider token does not expire.
 */
export async function createWorld(options: WorldOptions = {}) {
  const clock = { now: Date.parse('2025-03-01T12:00:00Z') };
  const now = () => clock.now;
  const provider = createMemoryProvider({ blobTextLimit: options.blobTextLimit, now });
  const git = countCalls(createMemoryGitHost(provider));
  const pulls = countCalls(createMemoryPullHost(provider));
  const media = countCalls(createMemoryMediaHost(provider));
  const store = createMemoryStore({ now });
  const keyProvider = createMemoryKeyProvider();
  const users = createUsers(store, keyProvider, now);
  const token = provider.issueToken('demo');
  const userId = await users.saveSignIn(
    { id: 1001, login: 'demo', name: 'Demo', avatarUrl: '' },
    {
      accessToken: token,
      accessTokenExpiresAt: null,
      refreshToken: null,
      refreshTokenExpiresAt: null,
    },
  );
  const oauth = options.oauth ?? {
    refresh: () => Promise.reject(new Error('no refresh expected')),
  };
  const providerAccess = createProviderAccess({ store, keyProvider, oauth, now });

  const configText = `${JSON.stringify(siteConfig, null, 2)}\n`;
  provider.createRepository({ owner: 'demo', name: 'site' });
  const push = (changes: FileChange[], branch = 'main') => {
    const refs = provider.repo({ owner: 'demo', name: 'site' })!.refs;
    if (!refs.has(branch) && refs.has('main')) refs.set(branch, refs.get('main')!);
    return provider.commitFiles('demo', 'site', { branch, changes, message: 'A push' }).commitSha;
  };
  push([{ path: 'cms.config.json', content: configText }, ...(options.files ?? [])]);
  const connections = createConnections(store, now);
  await connections.connect({
    fullName: 'demo/site',
    addedBy: 'demo',
    config: parseCmsConfig(configText),
    configOid: provider.objects.putBlob(configText),
  });
  const reader = createRepoReader({ gitHost: git.port, connections, providerAccess });
  const cache = createParsedCache(store, silentLogger, now);

  const site = () => provider.repo({ owner: 'demo', name: 'site' })!;
  return {
    clock,
    provider,
    gitHost: git.port,
    pullHost: pulls.port,
    mediaHost: media.port,
    reviewHost: createMemoryReviewHost(provider).reviewHost,
    /** Provider calls by method, GitHost, PullHost and MediaHost together. */
    calls: () => ({ ...git.calls, ...pulls.calls, ...media.calls }),
    resetCalls: () => (git.reset(), pulls.reset(), media.reset()),
    store,
    keyProvider,
    users,
    userId,
    token,
    providerAccess,
    connections,
    reader,
    cache,
    fullName: 'demo/site',
    repo: { owner: 'demo', name: 'site' },
    /** A push behind the service's back; a missing branch starts at main. */
    push,
    head: (branch = 'main') => site().refs.get(branch) ?? null,
    /** The text of `path` at `branch` now, or null. */
    fileAt(path: string, branch = 'main'): string | null {
      const entry = provider.treeAt(site(), branch)?.get(path);
      return entry ? provider.objects.blobs.get(entry.oid)!.toString('utf8') : null;
    },
    oidOf: (text: string | Buffer) => provider.objects.putBlob(text),
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;
