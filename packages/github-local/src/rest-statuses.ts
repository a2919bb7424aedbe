import { latestStatuses } from './branch-protection';
import type { HostContext } from './context';
import { resolveCommitish } from './git-merge';
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
import { paginate } from './rest-pagination';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import { avatarUrl, repository, simpleUser } from './rest-shapes';
import type { CommitStatusRecord, RepoRecord } from './state';

/** Commit statuses (the checks that branch protection can require). */

const DOCS = 'https://docs.github.com/rest/commits/statuses';
const STATES = ['error', 'failure', 'pending', 'success'] as const;

function statusShape(ctx: HostContext, repo: RepoRecord, status: CommitStatusRecord) {
  const creator = requireUser(ctx, status.creator);
  return {
    url: `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}/statuses/${status.sha}`,
    avatar_url: avatarUrl(ctx, creator),
    id: status.id,
    node_id: Buffer.from(`013:StatusContext${status.id}`).toString('base64'),
    state: status.state,
    description: status.description,
    target_url: status.targetUrl,
    context: status.context,
    created_at: status.createdAt,
    updated_at: status.createdAt,
    creator: simpleUser(ctx, creator),
  };
}

async function create(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#create-a-commit-status`;
  const access = repoAccess(ctx, req, { permission: 'statuses', write: true }, docs);
  if (isResult(access)) return access;
  const input = bodyObject(req.body);
  const state = input.state as CommitStatusRecord['state'];
  if (!STATES.includes(state))
    return validationFailed(docs, [
      {
        resource: 'Status',
        field: 'state',
        code: 'custom',
        message: 'state is not included in the list',
      },
    ]);
  const sha = /^[0-9a-f]{40}$/i.test(req.params.sha ?? '')
    ? await resolveCommitish(gitDirOf(ctx, access.repo), req.params.sha ?? '')
    : null;
  if (!sha) return restError(422, `No commit found for SHA: ${req.params.sha ?? ''}`, docs);
  const record: CommitStatusRecord = {
    id: nextId(ctx, 'status'),
    repoId: access.repo.id,
    sha,
    state,
    context: typeof input.context === 'string' && input.context !== '' ? input.context : 'default',
    description: typeof input.description === 'string' ? input.description : null,
    targetUrl: typeof input.target_url === 'string' ? input.target_url : null,
    creator: access.actor.login,
    createdAt: isoSeconds(ctx.now()),
  };
  collaboration(ctx).commitStatuses.push(record);
  ctx.save();
  const body = statusShape(ctx, access.repo, record);
  return { status: 201, headers: { location: body.url }, body };
}

async function statusesOf(ctx: HostContext, req: RestRequest, docs: string) {
  const access = repoAccess(ctx, req, { permission: 'statuses', write: false }, docs);
  if (isResult(access)) return access;
  const sha = await resolveCommitish(gitDirOf(ctx, access.repo), req.params.ref ?? '');
  if (!sha) return restError(404, `No commit found for SHA: ${req.params.ref ?? ''}`, docs);
  return { access, sha };
}

async function combined(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#get-the-combined-status-for-a-specific-reference`;
  const found = await statusesOf(ctx, req, docs);
  if ('status' in found) return found;
  const { access, sha } = found;
  const latest = latestStatuses(ctx, access.repo, sha);
  const state = latest.some((status) => status.state === 'error' || status.state === 'failure')
    ? 'failure'
    : latest.length === 0 || latest.some((status) => status.state === 'pending')
      ? 'pending'
      : 'success';
  const page = paginate(ctx, req, latest);
  const api = `${ctx.apiUrl}/repos/${access.repo.owner}/${access.repo.name}`;
  return {
    status: 200,
    headers: page.headers,
    body: {
      state,
      statuses: page.items.map((status) => statusShape(ctx, access.repo, status)),
      sha,
      total_count: latest.length,
      repository: repository(ctx, access.repo, access.owner, null),
      commit_url: `${api}/commits/${sha}`,
      url: `${api}/commits/${sha}/status`,
    },
  };
}

export const statusRoutes: RestRoute[] = [
  { method: 'POST', path: '/repos/{owner}/{repo}/statuses/{sha}', auth: 'token', handle: create },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits/{ref+}/status',
    auth: 'token',
    handle: combined,
  },
];
