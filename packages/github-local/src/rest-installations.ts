import {
  findRepo,
  findUser,
  installationForRepo,
  reposOfInstallation,
  repoPermissions,
  userRole,
  type Caller,
} from './access';
import type { HostContext } from './context';
import { isoSeconds } from './repos';
import { paginate } from './rest-pagination';
import { installation as installationShape, repository } from './rest-shapes';
import { restError, type RestResult, type RestRoute } from './rest-router';
import type { InstallationRecord, RepoRecord } from './state';
import { mintInstallationToken } from './tokens';

const APPS_DOCS = 'https://docs.github.com/rest/apps/apps';

/** Installation repositories the user can reach (GitHub lists only those to a user-to-server token). */
function userReposOf(
  ctx: HostContext,
  installation: InstallationRecord,
  login: string,
): RepoRecord[] {
  return reposOfInstallation(ctx, installation)
    .filter((repo) => userRole(repo, login) !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

function loginOf(caller: Caller): string {
  return caller.kind === 'user' ? caller.login : '';
}

function installationBody(ctx: HostContext, record: InstallationRecord) {
  const account = findUser(ctx, record.account);
  if (!account) throw new Error(`Installation ${record.id} has no account ${record.account}`);
  return installationShape(ctx, record, account);
}

function repoBody(ctx: HostContext, caller: Caller, repo: RepoRecord) {
  const owner = findUser(ctx, repo.owner);
  if (!owner) throw new Error(`Repository ${repo.name} has no owner ${repo.owner}`);
  return repository(ctx, repo, owner, repoPermissions(ctx, caller, repo));
}

function createAccessToken(ctx: HostContext, installationId: number, body: unknown): RestResult {
  const record = ctx.state.installations.find((candidate) => candidate.id === installationId);
  if (!record)
    return restError(
      404,
      'Not Found',
      `${APPS_DOCS}#create-an-installation-access-token-for-an-app`,
    );
  const input = (body && typeof body === 'object' ? body : {}) as {
    repositories?: unknown;
    repository_ids?: unknown;
    permissions?: unknown;
  };
  const covered = reposOfInstallation(ctx, record);
  let selected: RepoRecord[] | null = null;
  if (Array.isArray(input.repositories) || Array.isArray(input.repository_ids)) {
    const names = Array.isArray(input.repositories) ? input.repositories.map(String) : [];
    const ids = Array.isArray(input.repository_ids) ? input.repository_ids.map(Number) : [];
    selected = covered.filter((repo) => names.includes(repo.name) || ids.includes(repo.id));
    if (selected.length !== names.length + ids.length) {
      return restError(
        422,
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
      );
    }
  }
  let permissions: InstallationRecord['permissions'] | undefined;
  if (input.permissions && typeof input.permissions === 'object') {
    const requested = input.permissions as Record<string, unknown>;
    const granted = Object.entries(requested).every(([name, level]) => {
      const has = record.permissions[name];
      return has === 'write' || (has === 'read' && level === 'read');
    });
    if (!granted)
      return restError(422, 'The permissions requested are not granted to this installation.');
    permissions = requested as InstallationRecord['permissions'];
  }
  const minted = mintInstallationToken(
    ctx,
    record.id,
    selected ? selected.map((repo) => repo.id) : null,
    permissions,
  );
  const caller: Caller = { kind: 'installation', installationId: record.id, repositoryIds: null };
  return {
    status: 201,
    body: {
      token: minted.token,
      expires_at: isoSeconds(minted.expiresAt),
      permissions: permissions ?? record.permissions,
      repository_selection: selected ? 'selected' : record.repositorySelection,
      ...(selected ? { repositories: selected.map((repo) => repoBody(ctx, caller, repo)) } : {}),
    },
  };
}

export const installationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/user/installations',
    auth: 'user',
    handle(ctx, req) {
      const login = loginOf(req.caller);
      const visible = ctx.state.installations.filter(
        (record) => userReposOf(ctx, record, login).length > 0,
      );
      const page = paginate(ctx, req, visible);
      return {
        status: 200,
        headers: page.headers,
        body: {
          total_count: visible.length,
          installations: page.items.map((record) => installationBody(ctx, record)),
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/user/installations/{installation_id}/repositories',
    auth: 'user',
    handle(ctx, req) {
      const record = ctx.state.installations.find(
        (candidate) => String(candidate.id) === req.params.installation_id,
      );
      const repos = record ? userReposOf(ctx, record, loginOf(req.caller)) : [];
      if (!record || repos.length === 0) {
        return restError(
          404,
          'Not Found',
          'https://docs.github.com/rest/apps/installations#list-repositories-accessible-to-the-user-access-token',
        );
      }
      const page = paginate(ctx, req, repos);
      return {
        status: 200,
        headers: page.headers,
        body: {
          total_count: repos.length,
          repository_selection: record.repositorySelection,
          repositories: page.items.map((repo) => repoBody(ctx, req.caller, repo)),
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/installation',
    auth: 'app',
    handle(ctx, req) {
      const repo = findRepo(ctx, req.params.owner ?? '', req.params.repo ?? '');
      const record = repo ? installationForRepo(ctx, repo) : undefined;
      if (!record)
        return restError(
          404,
          'Not Found',
          `${APPS_DOCS}#get-a-repository-installation-for-the-authenticated-app`,
        );
      return { status: 200, body: installationBody(ctx, record) };
    },
  },
  {
    method: 'POST',
    path: '/app/installations/{installation_id}/access_tokens',
    auth: 'app',
    handle: (ctx, req) => createAccessToken(ctx, Number(req.params.installation_id), req.body),
  },
];
