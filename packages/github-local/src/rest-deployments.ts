import { latestStatuses } from './branch-protection';
import type { HostContext } from './context';
import { isAncestor } from './git-refs';
import { resolveBranch, resolveCommitish } from './git-merge';
import { gitDirOf } from './pull-model';
import {
  bodyObject,
  collaboration,
  isResult,
  nextId,
  repoAccess,
  requireUser,
  validationFailed,
} from './pulls-state';
import { isoSeconds } from './repos';
import { identityOf, mergeIntoBranch } from './rest-merges';
import { paginate } from './rest-pagination';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import { simpleUser } from './rest-shapes';
import type { DeploymentRecord, DeploymentStatusRecord, RepoRecord, UserRecord } from './state';

/** Deployments and deployment statuses: where hosting providers publish preview URLs. */

const DOCS = 'https://docs.github.com/rest/deployments/deployments';
const STATUS_DOCS = 'https://docs.github.com/rest/deployments/statuses';
const STATUS_STATES = [
  'error',
  'failure',
  'inactive',
  'in_progress',
  'queued',
  'pending',
  'success',
] as const;

function deploymentUrl(ctx: HostContext, repo: RepoRecord, id: number): string {
  return `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}/deployments/${id}`;
}

function deploymentShape(ctx: HostContext, repo: RepoRecord, record: DeploymentRecord) {
  const url = deploymentUrl(ctx, repo, record.id);
  return {
    url,
    id: record.id,
    node_id: Buffer.from(`010:Deployment${record.id}`).toString('base64'),
    sha: record.sha,
    ref: record.ref,
    task: record.task,
    payload: record.payload,
    original_environment: record.originalEnvironment,
    environment: record.environment,
    description: record.description,
    creator: simpleUser(ctx, requireUser(ctx, record.creator)),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    statuses_url: `${url}/statuses`,
    repository_url: `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}`,
    transient_environment: record.transientEnvironment,
    production_environment: record.productionEnvironment,
    performed_via_github_app: null,
  };
}

/** GitHub answers "" (not null) for URLs that were never set. */
function statusShape(
  ctx: HostContext,
  repo: RepoRecord,
  deployment: DeploymentRecord,
  status: DeploymentStatusRecord,
) {
  const url = deploymentUrl(ctx, repo, deployment.id);
  return {
    url: `${url}/statuses/${status.id}`,
    id: status.id,
    node_id: Buffer.from(`016:DeploymentStatus${status.id}`).toString('base64'),
    state: status.state,
    creator: simpleUser(ctx, requireUser(ctx, status.creator)),
    description: status.description,
    environment: status.environment,
    target_url: status.targetUrl,
    created_at: status.createdAt,
    updated_at: status.createdAt,
    deployment_url: url,
    repository_url: `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}`,
    environment_url: status.environmentUrl,
    log_url: status.logUrl,
    performed_via_github_app: null,
  };
}

function list(ctx: HostContext, req: RestRequest): RestResult {
  const access = repoAccess(
    ctx,
    req,
    { permission: 'deployments', write: false },
    `${DOCS}#list-deployments`,
  );
  if (isResult(access)) return access;
  const filters = (['sha', 'ref', 'task', 'environment'] as const).map(
    (name) => [name, req.query.get(name)] as const,
  );
  const all = collaboration(ctx)
    .deployments.filter((record) => record.repoId === access.repo.id)
    .filter((record) => filters.every(([name, value]) => value === null || record[name] === value))
    .sort((a, b) => b.id - a.id);
  const page = paginate(ctx, req, all);
  return {
    status: 200,
    headers: page.headers,
    body: page.items.map((record) => deploymentShape(ctx, access.repo, record)),
  };
}

/** Adds a status to a deployment and, for `success`, retires earlier successful ones in the environment. */
export function addDeploymentStatus(
  ctx: HostContext,
  repo: RepoRecord,
  deployment: DeploymentRecord,
  creator: UserRecord,
  input: {
    state: DeploymentStatusRecord['state'];
    description?: string;
    environment?: string;
    logUrl?: string;
    environmentUrl?: string;
    autoInactive?: boolean;
  },
): DeploymentStatusRecord {
  const now = isoSeconds(ctx.now());
  const previous = deployment.statuses.at(-1);
  const logUrl = input.logUrl ?? '';
  const status: DeploymentStatusRecord = {
    id: nextId(ctx, 'deploymentStatus'),
    state: input.state,
    creator: creator.login,
    description: input.description ?? '',
    environment: input.environment ?? previous?.environment ?? deployment.environment,
    targetUrl: logUrl,
    logUrl,
    environmentUrl: input.environmentUrl ?? '',
    createdAt: now,
  };
  deployment.statuses.push(status);
  deployment.updatedAt = now;
  if (status.environment !== deployment.environment) deployment.environment = status.environment;
  if (input.state === 'success' && input.autoInactive !== false) {
    for (const other of collaboration(ctx).deployments) {
      const last = other.statuses.at(-1);
      if (
        other === deployment ||
        other.repoId !== repo.id ||
        other.environment !== deployment.environment
      )
        continue;
      if (other.transientEnvironment || other.productionEnvironment || last?.state !== 'success')
        continue;
      other.statuses.push({
        ...last,
        id: nextId(ctx, 'deploymentStatus'),
        state: 'inactive',
        creator: creator.login,
        createdAt: now,
      });
      other.updatedAt = now;
    }
  }
  ctx.save();
  return status;
}

export interface CreateDeploymentInput {
  ref: string;
  task?: string;
  environment?: string;
  description?: string | null;
  payload?: Record<string, unknown> | string;
  transientEnvironment?: boolean;
  productionEnvironment?: boolean;
}

/** Records a deployment of `sha` (already resolved from `ref`). */
export function recordDeployment(
  ctx: HostContext,
  repo: RepoRecord,
  creator: UserRecord,
  sha: string,
  input: CreateDeploymentInput,
): DeploymentRecord {
  const now = isoSeconds(ctx.now());
  const environment = input.environment ?? 'production';
  const record: DeploymentRecord = {
    id: nextId(ctx, 'deployment'),
    repoId: repo.id,
    sha,
    ref: input.ref,
    task: input.task ?? 'deploy',
    payload: input.payload ?? {},
    environment,
    originalEnvironment: environment,
    description: input.description ?? null,
    creator: creator.login,
    transientEnvironment: input.transientEnvironment ?? false,
    productionEnvironment: input.productionEnvironment ?? environment === 'production',
    createdAt: now,
    updatedAt: now,
    statuses: [],
  };
  collaboration(ctx).deployments.push(record);
  ctx.save();
  return record;
}

async function create(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#create-a-deployment`;
  const access = repoAccess(ctx, req, { permission: 'deployments', write: true }, docs);
  if (isResult(access)) return access;
  const input = bodyObject(req.body);
  if (typeof input.ref !== 'string' || input.ref === '')
    return validationFailed(docs, [
      { resource: 'Deployment', code: 'missing_field', field: 'ref' },
    ]);
  const ref = input.ref;
  const gitDir = gitDirOf(ctx, access.repo);
  const sha = await resolveCommitish(gitDir, ref);
  if (!sha) return restError(422, `No ref found for: ${ref}`, docs);
  // auto_merge (default true): a branch behind the default branch gets the default branch merged in first.
  const defaultBranch = access.repo.defaultBranch;
  const branchSha = await resolveBranch(gitDir, ref);
  const defaultSha = await resolveBranch(gitDir, defaultBranch);
  if (
    input.auto_merge !== false &&
    branchSha &&
    ref !== defaultBranch &&
    defaultSha &&
    !(await isAncestor(gitDir, defaultSha, branchSha))
  ) {
    const merged = await mergeIntoBranch(ctx, access.repo, {
      base: ref,
      head: defaultBranch,
      message: `Auto-merged ${defaultBranch} into ${ref} on deployment.\n`,
      author: identityOf(ctx, access.actor),
    });
    if (merged.kind === 'merged')
      return {
        status: 202,
        body: { message: `Auto-merged ${defaultBranch} into ${ref} on deployment.` },
      };
    return restError(409, `Conflict merging ${defaultBranch} into ${ref}.`, docs);
  }
  // required_contexts (default: every context reported on the commit) must all be successful.
  const latest = latestStatuses(ctx, access.repo, sha);
  const required = Array.isArray(input.required_contexts)
    ? input.required_contexts.map(String)
    : latest.map((status) => status.context);
  const failing = required.filter(
    (context) => latest.find((status) => status.context === context)?.state !== 'success',
  );
  if (failing.length > 0) {
    return {
      status: 409,
      body: {
        message: `Conflict: Commit status checks failed for ${ref}.`,
        errors: [
          {
            contexts: failing.map((context) => ({
              context,
              state: latest.find((status) => status.context === context)?.state ?? 'missing',
            })),
            resource: 'Deployment',
            field: 'required_contexts',
            code: 'invalid',
          },
        ],
        documentation_url: docs,
        status: '409',
      },
    };
  }
  const record = recordDeployment(ctx, access.repo, access.actor, sha, {
    ref,
    task: typeof input.task === 'string' ? input.task : undefined,
    environment: typeof input.environment === 'string' ? input.environment : undefined,
    description: typeof input.description === 'string' ? input.description : undefined,
    payload:
      typeof input.payload === 'string' || (input.payload && typeof input.payload === 'object')
        ? (input.payload as DeploymentRecord['payload'])
        : undefined,
    transientEnvironment:
      typeof input.transient_environment === 'boolean' ? input.transient_environment : undefined,
    productionEnvironment:
      typeof input.production_environment === 'boolean' ? input.production_environment : undefined,
  });
  const body = deploymentShape(ctx, access.repo, record);
  return { status: 201, headers: { location: body.url }, body };
}

function findDeployment(
  ctx: HostContext,
  repo: RepoRecord,
  id: string | undefined,
): DeploymentRecord | undefined {
  return collaboration(ctx).deployments.find(
    (record) => record.repoId === repo.id && String(record.id) === id,
  );
}

function get(ctx: HostContext, req: RestRequest): RestResult {
  const docs = `${DOCS}#get-a-deployment`;
  const access = repoAccess(ctx, req, { permission: 'deployments', write: false }, docs);
  if (isResult(access)) return access;
  const record = findDeployment(ctx, access.repo, req.params.deployment_id);
  return record
    ? { status: 200, body: deploymentShape(ctx, access.repo, record) }
    : restError(404, 'Not Found', docs);
}

function listStatuses(ctx: HostContext, req: RestRequest): RestResult {
  const docs = `${STATUS_DOCS}#list-deployment-statuses`;
  const access = repoAccess(ctx, req, { permission: 'deployments', write: false }, docs);
  if (isResult(access)) return access;
  const record = findDeployment(ctx, access.repo, req.params.deployment_id);
  if (!record) return restError(404, 'Not Found', docs);
  const page = paginate(ctx, req, [...record.statuses].reverse());
  return {
    status: 200,
    headers: page.headers,
    body: page.items.map((status) => statusShape(ctx, access.repo, record, status)),
  };
}

function createStatus(ctx: HostContext, req: RestRequest): RestResult {
  const docs = `${STATUS_DOCS}#create-a-deployment-status`;
  const access = repoAccess(ctx, req, { permission: 'deployments', write: true }, docs);
  if (isResult(access)) return access;
  const record = findDeployment(ctx, access.repo, req.params.deployment_id);
  if (!record) return restError(404, 'Not Found', docs);
  const input = bodyObject(req.body);
  const state = input.state as DeploymentStatusRecord['state'];
  if (!STATUS_STATES.includes(state))
    return validationFailed(docs, [
      { resource: 'DeploymentStatus', field: 'state', code: 'invalid' },
    ]);
  const text = (name: string) =>
    typeof input[name] === 'string' ? (input[name] as string) : undefined;
  const status = addDeploymentStatus(ctx, access.repo, record, access.actor, {
    state,
    description: text('description'),
    environment: text('environment'),
    logUrl: text('log_url') ?? text('target_url'),
    environmentUrl: text('environment_url'),
    autoInactive: typeof input.auto_inactive === 'boolean' ? input.auto_inactive : undefined,
  });
  const body = statusShape(ctx, access.repo, record, status);
  return { status: 201, headers: { location: body.url }, body };
}

export const deploymentRoutes: RestRoute[] = [
  { method: 'GET', path: '/repos/{owner}/{repo}/deployments', auth: 'token', handle: list },
  { method: 'POST', path: '/repos/{owner}/{repo}/deployments', auth: 'token', handle: create },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/deployments/{deployment_id}',
    auth: 'token',
    handle: get,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    auth: 'token',
    handle: listStatuses,
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    auth: 'token',
    handle: createStatus,
  },
];
