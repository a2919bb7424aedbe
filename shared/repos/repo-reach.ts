import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost, HostRepo } from '../ports/git-host';
import { inRepoScope } from '../auth/caller';
import type { Caller } from '../auth/caller';
import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../ports/store';

/**
 * How long a user's reachable set is trusted without asking GitHub again. Within it, a user who
 * lost access on GitHub may still see a connected repository's name in `GET /api/repos`; every
 * read or write of the repository still goes to GitHub with the user's own token and is refused.
 */
export const reachTtlSeconds = 5 * 60;

/** A DynamoDB item holds at most 400 KB: a larger reach is used but not cached. */
const maxCachedChars = 350_000;

export type SignedInCaller = Exclude<Caller, { kind: 'anonymous' }>;

export interface RepoReachDeps {
  store: Store;
  gitHost: Pick<GitHost, 'listInstallationRepos'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  now?: () => number;
}

/** An API token acts as its creator, narrowed to its repo scope; a session is the user. */
export const inCallerScope = (caller: SignedInCaller, fullName: string): boolean =>
  caller.kind !== 'token' || inRepoScope(caller.repos, fullName);

/**
 * The repositories a user reaches through the app's installations, as GitHub lists them to the
 * user's own token; cached per user in one table item (`USER#<id>` / `REACH`, lower-cased names)
 * for `reachTtlSeconds`, so a warm `GET /api/repos` makes no GitHub round trip.
 */
export function createRepoReach(deps: RepoReachDeps) {
  const now = deps.now ?? Date.now;

  async function hostReposOf(userId: string): Promise<HostRepo[]> {
    const repos = await deps.providerAccess.withToken(userId, (token) =>
      deps.gitHost.listInstallationRepos(token),
    );
    const names = [...new Set(repos.map((repo) => repo.fullName.toLowerCase()))];
    if (JSON.stringify(names).length <= maxCachedChars) {
      await deps.store.put({
        ...keys.repoReach(userId),
        names,
        ttl: nowSeconds(now()) + reachTtlSeconds,
      });
    }
    return repos;
  }

  return {
    /** Fresh from GitHub (and refreshes the cache), narrowed to an API token's scope. */
    async hostRepos(caller: SignedInCaller): Promise<HostRepo[]> {
      return (await hostReposOf(caller.userId)).filter((repo) =>
        inCallerScope(caller, repo.fullName),
      );
    },

    /** The cached set of lower-cased names, or undefined when there is none within the window. */
    async cached(userId: string): Promise<Set<string> | undefined> {
      const item = await deps.store.get(keys.repoReach(userId));
      return item && Array.isArray(item.names) ? new Set(item.names.map(String)) : undefined;
    },

    /** Lower-cased names, fresh from GitHub (and cached). */
    async refresh(userId: string): Promise<Set<string>> {
      return new Set((await hostReposOf(userId)).map((repo) => repo.fullName.toLowerCase()));
    },

    /** Drops the cached set (after a connect, so the new connection is listed at once). */
    async forget(userId: string): Promise<void> {
      await deps.store.delete(keys.repoReach(userId));
    },
  };
}

export type RepoReach = ReturnType<typeof createRepoReach>;
