import type { HostContext } from './context';
import type { InstallationRecord, RepoRecord, RepoRole, UserRecord } from './state';

/** Who is calling the REST API, resolved from the Authorization header. */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'user'; login: string }
  | {
      kind: 'installation';
      installationId: number;
      repositoryIds: number[] | null;
      permissions?: Record<string, string>;
    }
  | { kind: 'app' };

export interface RepoPermissions {
  admin: boolean;
  maintain: boolean;
  push: boolean;
  triage: boolean;
  pull: boolean;
}

const ROLE_RANK: Record<RepoRole, number> = { read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

export function permissionsForRole(role: RepoRole | null): RepoPermissions {
  const rank = role ? ROLE_RANK[role] : 0;
  return {
    admin: rank >= 5,
    maintain: rank >= 4,
    push: rank >= 3,
    triage: rank >= 2,
    pull: rank >= 1,
  };
}

export function findUser(ctx: HostContext, login: string): UserRecord | undefined {
  const lower = login.toLowerCase();
  return ctx.state.users.find((user) => user.login.toLowerCase() === lower);
}

export function findRepo(ctx: HostContext, owner: string, name: string): RepoRecord | undefined {
  const full = `${owner}/${name}`.toLowerCase();
  return ctx.state.repos.find((repo) => `${repo.owner}/${repo.name}`.toLowerCase() === full);
}

/** The user's own role on a repository, ignoring the app: owner → admin, else the collaborator role. */
export function userRole(repo: RepoRecord, login: string): RepoRole | null {
  if (repo.owner.toLowerCase() === login.toLowerCase()) return 'admin';
  const match = Object.entries(repo.collaborators).find(
    ([who]) => who.toLowerCase() === login.toLowerCase(),
  );
  return match ? match[1] : null;
}

export function installationCovers(installation: InstallationRecord, repo: RepoRecord): boolean {
  if (installation.account.toLowerCase() !== repo.owner.toLowerCase()) return false;
  return installation.repositorySelection === 'all' || installation.repositoryIds.includes(repo.id);
}

export function installationForRepo(
  ctx: HostContext,
  repo: RepoRecord,
): InstallationRecord | undefined {
  return ctx.state.installations.find((installation) => installationCovers(installation, repo));
}

export function reposOfInstallation(
  ctx: HostContext,
  installation: InstallationRecord,
): RepoRecord[] {
  return ctx.state.repos.filter((repo) => installationCovers(installation, repo));
}

/**
 * What the caller may do on a repository, or null when GitHub would answer 404.
 * A user-to-server token reaches only repositories where the user has access AND the app is installed;
 * an installation token reaches the installation's repositories (narrowed by the token, if it was).
 */
export function repoPermissions(
  ctx: HostContext,
  caller: Caller,
  repo: RepoRecord,
): RepoPermissions | null {
  if (caller.kind === 'user') {
    const role = userRole(repo, caller.login);
    if (!role || !installationForRepo(ctx, repo)) return null;
    return permissionsForRole(role);
  }
  if (caller.kind === 'installation') {
    const installation = ctx.state.installations.find(
      (candidate) => candidate.id === caller.installationId,
    );
    if (!installation || !installationCovers(installation, repo)) return null;
    if (caller.repositoryIds && !caller.repositoryIds.includes(repo.id)) return null;
    // A token minted with fewer permissions than the installation holds has only those (GitHub's rule).
    const contents = (caller.permissions ?? installation.permissions).contents;
    return {
      admin: false,
      maintain: false,
      push: contents === 'write',
      triage: false,
      pull: contents !== undefined,
    };
  }
  return null;
}
