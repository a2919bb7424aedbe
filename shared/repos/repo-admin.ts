import type { ProviderAccess } from '../auth/provider-access';
import { cmsConfigFileName, parseCmsConfig } from '../content/config-schema';
import { repoId } from '../content/repo-reader';
import type { GitHost } from '../githost/git-host';
import { inRepoScope } from '../http/authorise';
import { BadRequestError, ForbiddenError, NotFoundError } from '../http/errors';
import type { Caller } from '../http/types';
import type { Connections } from './connections';

export interface RepoAdminDeps {
  gitHost: Pick<GitHost, 'isAppInstalled' | 'getRepository' | 'snapshot'>;
  connections: Connections;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
}

/** Connecting and disconnecting repositories; both need write access on GitHub. */
export function createRepoAdmin(deps: RepoAdminDeps) {
  async function writableRepo(userId: string, fullName: string) {
    const repo = repoId(fullName);
    const access = await deps.providerAccess.withToken(userId, (token) => deps.gitHost.getRepository(token, repo));
    if (!access) {
      if (!(await deps.gitHost.isAppInstalled(repo))) throw new ForbiddenError(`The app is not installed on ${fullName}; install it on the repository first`);
      throw new NotFoundError(`Repository ${fullName} was not found on GitHub, or you cannot access it`);
    }
    if (!access.permissions.push) throw new ForbiddenError(`You need write access to ${access.fullName} on GitHub`);
    return access;
  }

  return {
    async connect(userId: string, login: string, fullName: string) {
      const repo = repoId(fullName);
      if (!(await deps.gitHost.isAppInstalled(repo))) throw new ForbiddenError(`The app is not installed on ${fullName}; install it on the repository first`);
      const access = await writableRepo(userId, fullName);
      const snapshot = await deps.providerAccess.withToken(userId, (token) =>
        deps.gitHost.snapshot(token, repoId(access.fullName), { blobs: { config: { path: cmsConfigFileName } } }),
      );
      const blob = snapshot?.blobs.config;
      if (!blob || blob.text === null || blob.isTruncated) throw new BadRequestError(`${cmsConfigFileName} is missing from the root of ${access.fullName}'s default branch`);
      const config = parseCmsConfig(blob.text);
      return deps.connections.connect({ fullName: access.fullName, addedBy: login, config, configOid: blob.oid });
    },

    async disconnect(userId: string, fullName: string) {
      const connection = await deps.connections.require(fullName);
      await writableRepo(userId, connection.fullName);
      await deps.connections.disconnect(connection.fullName);
    },

    /** Every connection; an API token sees only those in its scope. */
    async list(caller: Caller) {
      const all = await deps.connections.list();
      const visible = caller.kind === 'token' ? all.filter((connection) => inRepoScope(caller.repos, connection.fullName)) : all;
      return visible.map(({ fullName, addedAt }) => ({ fullName, addedAt }));
    },
  };
}

export type RepoAdmin = ReturnType<typeof createRepoAdmin>;
