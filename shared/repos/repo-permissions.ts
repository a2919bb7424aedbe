import type { ProviderAccess } from '../auth/provider-access';
import { repoId } from '../content/repo-reader';
import type { GitHost, RepoAccess } from '../ports/git-host';
import { unreachableRepo, type Connections } from './connections';

export interface RepoPermissionsDeps {
  gitHost: Pick<GitHost, 'getRepository'>;
  connections: Pick<Connections, 'key' | 'requireFrom'>;
  providerAccess: Pick<ProviderAccess, 'readAlongside'>;
}

/**
 * What the provider lets a user do in a connected repository, asked with their own token (one
 * table read for the connection and the user, one provider round trip). For routes that touch no
 * file yet must honour the provider's access: a repository the user cannot see is 404, as if it
 * were not connected.
 */
export function createRepoPermissions(deps: RepoPermissionsDeps) {
  return async (userId: string, fullName: string): Promise<RepoAccess['permissions']> => {
    const access = await deps.providerAccess.readAlongside(userId, [
      deps.connections.key(fullName),
    ]);
    const connection = deps.connections.requireFrom(fullName, access.items[0]);
    const found = await access.withToken((token) =>
      deps.gitHost.getRepository(token, repoId(connection.fullName)),
    );
    if (!found?.permissions.pull) throw unreachableRepo(fullName);
    return found.permissions;
  };
}

export type RepoPermissions = ReturnType<typeof createRepoPermissions>;
