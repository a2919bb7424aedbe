import { latestCheckRuns } from './branch-protection';
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
import { simpleUser } from './rest-shapes';
import { annotationsOf, annotationShape } from './check-annotations';
import type { CheckRunRecord, RepoRecord } from './state';

/** Check runs, as a CI service posts them; branch rules read them by name next to commit statuses. */

const DOCS = 'https://docs.github.com/rest/checks/runs';
const STATUSES = ['queued', 'in_progress', 'completed'] as const;
const CONCLUSIONS = [
  'success',
  'failure',
  'neutral',
  'cancelled',
  'skipped',
  'timed_out',
  'action_required',
] as const;

/** The host's GitHub App: every check run is attributed to it (this host has one app). */
export function appShape(ctx: HostContext) {
  const app = ctx.state.app;
  return {
    id: app.id,
    slug: app.slug,
    node_id: Buffer.from(`03:App${app.id}`).toString('base64'),
    client_id: app.clientId,
    owner: simpleUser(ctx, requireUser(ctx, app.ownerLogin)),
    name: app.name,
    description: app.description,
    external_url: ctx.webUrl,
    html_url: `${ctx.webUrl}/apps/${app.slug}`,
    created_at: app.createdAt,
    updated_at: app.createdAt,
    permissions: app.permissions,
    events: app.events,
  };
}

function pullRefs(ctx: HostContext, repo: RepoRecord, run: CheckRunRecord) {
  const api = `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}`;
  const repoRef = { id: repo.id, url: api, name: repo.name };
  return collaboration(ctx)
    .pulls.filter(
      (pull) =>
        pull.repoId === repo.id &&
        pull.state === 'open' &&
        pull.headSha === run.headSha &&
        pull.headRepoId === undefined,
    )
    .map((pull) => ({
      id: pull.id,
      number: pull.number,
      url: `${api}/pulls/${pull.number}`,
      head: { ref: pull.headRef, sha: pull.headSha, repo: repoRef },
      base: { ref: pull.baseRef, sha: pull.baseSha, repo: repoRef },
    }));
}

function runShape(ctx: HostContext, repo: RepoRecord, run: CheckRunRecord) {
  const api = `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}/check-runs/${run.id}`;
  return {
    id: run.id,
    head_sha: run.headSha,
    node_id: Buffer.from(`08:CheckRun${run.id}`).toString('base64'),
    external_id: run.externalId ?? '',
    url: api,
    html_url: `${ctx.webUrl}/${repo.owner}/${repo.name}/runs/${run.id}`,
    details_url: run.detailsUrl,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      title: run.title,
      summary: run.summary,
      text: run.text,
      annotations_count: run.annotations?.length ?? 0,
      annotations_url: `${api}/annotations`,
    },
    name: run.name,
    check_suite: { id: run.id },
    app: appShape(ctx),
    pull_requests: pullRefs(ctx, repo, run),
  };
}

const invalid = (message: string, docs: string) =>
  restError(422, `Invalid request.\n\n${message}`, docs);

/** Applies the writable fields of a create or update body; a message when one is wrong. */
function applyInput(
  ctx: HostContext,
  run: CheckRunRecord,
  input: Record<string, unknown>,
  docs: string,
): RestResult | null {
  if (input.status !== undefined && !STATUSES.includes(input.status as (typeof STATUSES)[number]))
    return invalid('"status" must be queued, in_progress or completed.', docs);
  if (
    input.conclusion !== undefined &&
    !CONCLUSIONS.includes(input.conclusion as (typeof CONCLUSIONS)[number])
  )
    return invalid('"conclusion" is not a valid conclusion.', docs);
  for (const field of ['details_url', 'external_id', 'name']) {
    if (input[field] !== undefined && typeof input[field] !== 'string')
      return invalid(`"${field}" must be a string.`, docs);
  }
  if (typeof input.name === 'string') run.name = input.name;
  if (typeof input.details_url === 'string') run.detailsUrl = input.details_url;
  if (typeof input.external_id === 'string') run.externalId = input.external_id;
  if (input.output !== undefined) {
    const output = bodyObject(input.output);
    run.title = typeof output.title === 'string' ? output.title : run.title;
    run.summary = typeof output.summary === 'string' ? output.summary : run.summary;
    run.text = typeof output.text === 'string' ? output.text : run.text;
    if (output.annotations !== undefined) {
      const added = annotationsOf(output.annotations);
      if (typeof added === 'string') return invalid(added, docs);
      // GitHub adds each request's annotations to the run's; none is replaced.
      run.annotations = [...(run.annotations ?? []), ...added];
    }
  }
  if (typeof input.started_at === 'string') run.startedAt = input.started_at;
  // A conclusion completes the run, as on GitHub.
  if (input.conclusion !== undefined) {
    run.conclusion = input.conclusion as CheckRunRecord['conclusion'];
    run.status = 'completed';
  } else if (input.status !== undefined) run.status = input.status as CheckRunRecord['status'];
  if (run.status === 'completed' && run.conclusion === null)
    return invalid('"conclusion" wasn\'t supplied.', docs);
  if (run.status === 'completed')
    run.completedAt =
      typeof input.completed_at === 'string'
        ? input.completed_at
        : (run.completedAt ?? isoSeconds(ctx.now()));
  return null;
}

/** Installation tokens need `checks: write`; user tokens need push access (see README: GitHub lets only apps write checks). */
const WRITE = { permission: 'checks', write: true } as const;

async function createRun(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#create-a-check-run`;
  const access = repoAccess(ctx, req, WRITE, docs);
  if (isResult(access)) return access;
  const input = bodyObject(req.body);
  if (typeof input.name !== 'string' || input.name === '')
    return invalid('"name" wasn\'t supplied.', docs);
  if (typeof input.head_sha !== 'string') return invalid('"head_sha" wasn\'t supplied.', docs);
  const sha = /^[0-9a-f]{40}$/.test(input.head_sha)
    ? await resolveCommitish(gitDirOf(ctx, access.repo), input.head_sha)
    : null;
  if (!sha)
    return validationFailed(docs, [{ resource: 'CheckRun', field: 'head_sha', code: 'invalid' }]);
  const run: CheckRunRecord = {
    id: nextId(ctx, 'checkRun'),
    repoId: access.repo.id,
    headSha: sha,
    name: input.name,
    status: 'queued',
    conclusion: null,
    detailsUrl: null,
    externalId: null,
    title: null,
    summary: null,
    text: null,
    startedAt: isoSeconds(ctx.now()),
    completedAt: null,
  };
  const refused = applyInput(ctx, run, input, docs);
  if (refused) return refused;
  collaboration(ctx).checkRuns.push(run);
  ctx.save();
  return { status: 201, body: runShape(ctx, access.repo, run) };
}

async function updateRun(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#update-a-check-run`;
  const access = repoAccess(ctx, req, WRITE, docs);
  if (isResult(access)) return access;
  const id = Number(req.params.check_run_id);
  const run = collaboration(ctx).checkRuns.find(
    (record) => record.repoId === access.repo.id && record.id === id,
  );
  if (!run) return restError(404, 'Not Found', docs);
  const draft = structuredClone(run);
  const refused = applyInput(ctx, draft, bodyObject(req.body), docs);
  if (refused) return refused;
  Object.assign(run, draft);
  ctx.save();
  return { status: 200, body: runShape(ctx, access.repo, run) };
}

/** `filter=latest` (the default) answers the newest run of each name; `all` every run, newest first. */
async function listForRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#list-check-runs-for-a-git-reference`;
  const access = repoAccess(ctx, req, { permission: 'checks', write: false }, docs);
  if (isResult(access)) return access;
  const sha = await resolveCommitish(gitDirOf(ctx, access.repo), req.params.ref ?? '');
  if (!sha) return restError(422, `No commit found for SHA: ${req.params.ref ?? ''}`, docs);
  const all =
    req.query.get('filter') === 'all'
      ? collaboration(ctx)
          .checkRuns.filter((run) => run.repoId === access.repo.id && run.headSha === sha)
          .reverse()
      : latestCheckRuns(ctx, access.repo, sha);
  const name = req.query.get('check_name');
  const status = req.query.get('status');
  const runs = all.filter(
    (run) => (!name || run.name === name) && (!status || run.status === status),
  );
  const page = paginate(ctx, req, runs);
  return {
    status: 200,
    headers: page.headers,
    body: {
      total_count: runs.length,
      check_runs: page.items.map((run) => runShape(ctx, access.repo, run)),
    },
  };
}

/** A run's annotations in the order they were added, paginated. */
async function listAnnotations(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#list-check-run-annotations`;
  const access = repoAccess(ctx, req, { permission: 'checks', write: false }, docs);
  if (isResult(access)) return access;
  const id = Number(req.params.check_run_id);
  const run = collaboration(ctx).checkRuns.find(
    (record) => record.repoId === access.repo.id && record.id === id,
  );
  if (!run) return restError(404, 'Not Found', docs);
  const page = paginate(ctx, req, run.annotations ?? []);
  const blob = `${ctx.webUrl}/${access.repo.owner}/${access.repo.name}/blob/${run.headSha}`;
  return {
    status: 200,
    headers: page.headers,
    body: page.items.map((annotation) => annotationShape(annotation, blob)),
  };
}

export const checkRoutes: RestRoute[] = [
  { method: 'POST', path: '/repos/{owner}/{repo}/check-runs', auth: 'token', handle: createRun },
  {
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/check-runs/{check_run_id}',
    auth: 'token',
    handle: updateRun,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations',
    auth: 'token',
    handle: listAnnotations,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits/{ref+}/check-runs',
    auth: 'token',
    handle: listForRef,
  },
];
