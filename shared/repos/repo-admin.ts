import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import { cmsConfigFileName } from '../content/config-schema';
import { readCmsConfig } from '../content/config-read';
import { repoId } from '../content/repo-reader';
import type { GitHost } from '../ports/git-host';
import { InvalidInputError, ForbiddenError, NotFoundError } from '../errors';
import type { Connections } from './connections';
import { inCallerScope, type RepoReach, type SignedInCaller } from './repo-reach';
import type { IndexRequests } from '../content/collection-index/index-requests';
import type { Logger } from '../logger';

export interface RepoAdminDeps {
  gitHost: Pick<GitHost, 'isAppInstalled' | 'getRepository' | 'snapshot'>;
  connections: Connections;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  reach: Pick<RepoReach, 'cached' | 'refresh' | 'forget'>;
  /** Queues a build of each collection's index on connect (shared/content/collection-index/). */
  indexRequests?: Pick<IndexRequests, 'queue'>;
  logger?: Logger;
}

/**
 * One answer, with no repository name in it, for every repository the caller cannot see: absent,
 * private to others, or without the app. Telling them apart would tell an outsider which private
 * repositories exist (the spec's 403 "not installed" is narrowed to this 404 on purpose).
 */
export const notVisibleMessage =
  'Repository not found, or you cannot access it, or the app is not installed on it';
const notVisible = () => new NotFoundError(notVisibleMessage);

/** Connecting and disconnecting repositories; both need write access on GitHub. */
export function createRepoAdmin(deps: RepoAdminDeps) {
  /** The user's own view first (their token), so nothing is learnt about a repository they cannot see. */
  async function writableRepo(userId: string, fullName: string) {
    const access = await deps.providerAccess.withToken(userId, (token) =>
      deps.gitHost.getRepository(token, repoId(fullName)),
    );
    if (!access) throw notVisible();
    if (!access.permissions.push)
      throw new ForbiddenError(`You need write access to ${access.fullName} on GitHub`);
    return access;
  }

  return {
    async connect({ userId, login, fullName }: Actor & { fullName: string }) {
      const access = await writableRepo(userId, fullName);
      // A user token sees a private repository only where the app is installed, but a public one anywhere.
      if (!(await deps.gitHost.isAppInstalled(repoId(access.fullName)))) throw notVisible();
      const snapshot = await deps.providerAccess.withToken(userId, (token) =>
        deps.gitHost.snapshot(token, repoId(access.fullName), {
          blobs: { config: { path: cmsConfigFileName } },
        }),
      );
      const blob = snapshot?.blobs.config;
      if (!blob || blob.text === null || blob.isTruncated)
        throw new InvalidInputError(
          `${cmsConfigFileName} is missing from the root of ${access.fullName}'s default branch`,
        );
      const config = readCmsConfig(blob.text);
      const connection = await deps.connections.connect({
        fullName: access.fullName,
        addedBy: login,
        config,
        configOid: blob.oid,
      });
      await deps.reach.forget(userId);
      // The repository is connected whatever happens to these jobs: a list asks for a missing index itself.
      await deps.indexRequests
        ?.queue(connection.fullName, Object.keys(config.collections))
        .catch((error: unknown) => {
          deps.logger?.error('Index builds not queued on connect', {
            repo: connection.fullName,
            errorName: (error as Error).name,
            errorMessage: (error as Error).message,
          });
        });
      return connection;
    },

    /** "Not connected" is said only to a user who can see the repository (and may write to it). */
    async disconnect(userId: string, fullName: string) {
      const access = await writableRepo(userId, fullName);
      await deps.connections.disconnect(access.fullName);
    },

    /**
     * Connections the caller reaches on GitHub (cached for a few minutes, see repo-reach.ts); an
     * API token sees only those in its scope too. GitHub is asked only when something could be listed.
     */
    async list(caller: SignedInCaller) {
      const [all, cached] = await Promise.all([
        deps.connections.list(),
        deps.reach.cached(caller.userId),
      ]);
      const inScope = all.filter((connection) => inCallerScope(caller, connection.fullName));
      if (inScope.length === 0) return [];
      const reach = cached ?? (await deps.reach.refresh(caller.userId));
      return inScope
        .filter((connection) => reach.has(connection.fullName.toLowerCase()))
        .map(({ fullName, addedAt }) => ({ fullName, addedAt }));
    },
  };
}

export type RepoAdmin = ReturnType<typeof createRepoAdmin>;
