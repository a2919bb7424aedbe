import type { HostContext } from './context';
import { branchHeads, countCommits, mergeBase, resolveBranch, updateRefs } from './git-merge';
import { gitDirOf, mergeability, pullStats, startMergeability, syncRepoPulls } from './pull-model';
import { pullFull, pullSimple, pullUrls } from './pull-shapes';
import {
  bodyObject,
  collaboration,
  findPull,
  headRepoOf,
  isResult,
  nextId,
  nextIssueNumber,
  repoAccess,
  validationFailed,
  type RepoAccess,
} from './pulls-state';
import { isoSeconds } from './repos';
import { paginate } from './rest-pagination';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import { announceActivity } from './host-activity';
import type { PullRecord, RepoRecord } from './state';

const DOCS = 'https://docs.github.com/rest/pulls/pulls';
const READ = { permission: 'pull_requests', write: false } as const;
const WRITE = { permission: 'pull_requests', write: true } as const;

export async function fullBody(ctx: HostContext, access: RepoAccess, pull: PullRecord) {
  const [stats, merge] = await Promise.all([
    pullStats(ctx, access.repo, pull),
    mergeability(ctx, access.repo, pull),
  ]);
  return pullFull(ctx, access.repo, access.owner, pull, stats, merge);
}

/** Resolves `{pull_number}` after syncing the repository's pull requests with their branches. */
export async function loadPull(
  ctx: HostContext,
  req: RestRequest,
  access: RepoAccess,
  docs: string,
): Promise<PullRecord | RestResult> {
  await syncRepoPulls(ctx, access.repo);
  const pull = findPull(ctx, access.repo, Number(req.params.pull_number));
  return pull ?? restError(404, 'Not Found', docs);
}

function isPull(value: PullRecord | RestResult): value is PullRecord {
  return 'number' in value;
}

/**
 * `owner:branch` → the branch and the repository holding it: this repository for its own owner, a
 * fork of it owned by `owner` otherwise (a cross-repository pull request); bare names are this
 * repository's branches. Null when `owner` has no fork of this repository.
 */
function headBranch(
  ctx: HostContext,
  access: RepoAccess,
  head: string,
): { branch: string; repo: RepoRecord } | null {
  const colon = head.indexOf(':');
  if (colon < 0) return { branch: head, repo: access.repo };
  const owner = head.slice(0, colon).toLowerCase();
  const branch = head.slice(colon + 1);
  if (owner === access.repo.owner.toLowerCase()) return { branch, repo: access.repo };
  const fork = ctx.state.repos.find(
    (repo) => repo.forkOf === access.repo.id && repo.owner.toLowerCase() === owner,
  );
  return fork ? { branch, repo: fork } : null;
}

/** The open pull request with this head (branch and repository) and base, if any. */
function openDuplicate(
  ctx: HostContext,
  access: RepoAccess,
  head: string,
  headRepo: RepoRecord,
  base: string,
  except?: PullRecord,
): PullRecord | undefined {
  return collaboration(ctx).pulls.find(
    (pull) =>
      pull.repoId === access.repo.id &&
      pull.state === 'open' &&
      pull.headRef === head &&
      headRepoOf(ctx, access.repo, pull) === headRepo &&
      pull.baseRef === base &&
      pull !== except,
  );
}

function alreadyExists(headRepo: RepoRecord, head: string, docs: string): RestResult {
  return validationFailed(docs, [
    {
      resource: 'PullRequest',
      code: 'custom',
      message: `A pull request already exists for ${headRepo.owner}:${head}.`,
    },
  ]);
}

async function list(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#list-pull-requests`;
  const access = repoAccess(ctx, req, READ, docs);
  if (isResult(access)) return access;
  await syncRepoPulls(ctx, access.repo);
  const state = req.query.get('state') ?? 'open';
  if (!['open', 'closed', 'all'].includes(state)) {
    return validationFailed(docs, [{ resource: 'Search', field: 'state', code: 'invalid' }]);
  }
  // GitHub filters by head only in the `owner:branch` form; a bare branch name is silently ignored.
  const head = req.query.get('head');
  const headFilter = head?.includes(':') ? head : null;
  const base = req.query.get('base');
  const sort = req.query.get('sort') ?? 'created';
  const direction = req.query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
  const key = (pull: PullRecord) =>
    (sort === 'updated' ? pull.updatedAt : pull.createdAt) + String(pull.number).padStart(10, '0');
  const pulls = collaboration(ctx)
    .pulls.filter((pull) => pull.repoId === access.repo.id)
    .filter((pull) => state === 'all' || pull.state === state)
    .filter(
      (pull) =>
        !headFilter ||
        `${headRepoOf(ctx, access.repo, pull).owner}:${pull.headRef}`.toLowerCase() ===
          headFilter.toLowerCase(),
    )
    .filter((pull) => !base || pull.baseRef === base)
    .sort((a, b) =>
      direction === 'asc' ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a)),
    );
  const page = paginate(ctx, req, pulls);
  return {
    status: 200,
    headers: page.headers,
    body: page.items.map((pull) => pullSimple(ctx, access.repo, access.owner, pull)),
  };
}

async function create(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#create-a-pull-request`;
  const access = repoAccess(ctx, req, WRITE, docs);
  if (isResult(access)) return access;
  const input = bodyObject(req.body);
  const missing = ['title', 'head', 'base'].filter(
    (field) => typeof input[field] !== 'string' || input[field] === '',
  );
  if (missing.length > 0)
    return validationFailed(
      docs,
      missing.map((field) => ({ resource: 'PullRequest', code: 'missing_field', field })),
    );
  if (input.draft !== undefined && typeof input.draft !== 'boolean')
    return validationFailed(docs, [{ resource: 'PullRequest', field: 'draft', code: 'invalid' }]);
  const title = input.title as string;
  const base = input.base as string;
  const resolved = headBranch(ctx, access, input.head as string);
  const gitDir = gitDirOf(ctx, access.repo);
  const heads = await syncRepoPulls(ctx, access.repo);
  const head = resolved?.branch ?? null;
  const headRepo = resolved?.repo ?? access.repo;
  const headSha =
    head === null
      ? undefined
      : headRepo === access.repo
        ? heads.get(head)
        : (await branchHeads(gitDirOf(ctx, headRepo))).get(head);
  const baseSha = heads.get(base);
  if (head === null || !headSha)
    return validationFailed(docs, [{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
  if (!baseSha)
    return validationFailed(docs, [{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
  if (openDuplicate(ctx, access, head, headRepo, base)) return alreadyExists(headRepo, head, docs);
  const common = await mergeBase(gitDir, baseSha, headSha);
  if (!common) {
    return validationFailed(docs, [
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `The ${head} branch has no history in common with ${base}`,
      },
    ]);
  }
  const ahead = await countCommits(gitDir, common, headSha);
  if (ahead === 0) {
    return validationFailed(docs, [
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `No commits between ${base} and ${head}`,
      },
    ]);
  }
  // From here to the push nothing awaits: two racing requests cannot both pass the duplicate check.
  if (openDuplicate(ctx, access, head, headRepo, base)) return alreadyExists(headRepo, head, docs);
  const now = isoSeconds(ctx.now());
  const pull: PullRecord = {
    id: nextId(ctx, 'pull'),
    repoId: access.repo.id,
    number: nextIssueNumber(ctx, access.repo),
    title,
    body: typeof input.body === 'string' ? input.body : null,
    user: access.actor.login,
    state: 'open',
    draft: input.draft === true,
    headRef: head,
    ...(headRepo === access.repo ? {} : { headRepoId: headRepo.id }),
    baseRef: base,
    headSha,
    baseSha,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
    mergedAt: null,
    mergedBy: null,
    mergeCommitSha: null,
    mergeability: null,
  };
  collaboration(ctx).pulls.push(pull);
  ctx.save();
  await updateRefs(gitDir, [{ ref: `refs/pull/${pull.number}/head`, sha: headSha }]);
  announceActivity(ctx, {
    kind: 'pull',
    action: 'opened',
    repo: access.repo,
    pull,
    actor: req.caller,
  });
  // As on GitHub, the answer says "unknown" while the mergeability job runs.
  void startMergeability(ctx, access.repo, pull);
  const stats = await pullStats(ctx, access.repo, pull, { mergeBase: common, commits: ahead });
  const body = pullFull(ctx, access.repo, access.owner, pull, stats, {
    mergeable: null,
    mergeableState: 'unknown',
  });
  return { status: 201, headers: { location: pullUrls(ctx, access.repo, pull.number).api }, body };
}

async function get(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#get-a-pull-request`;
  const access = repoAccess(ctx, req, READ, docs);
  if (isResult(access)) return access;
  const pull = await loadPull(ctx, req, access, docs);
  if (!isPull(pull)) return pull;
  return { status: 200, body: await fullBody(ctx, access, pull) };
}

async function update(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#update-a-pull-request`;
  const access = repoAccess(ctx, req, READ, docs);
  if (isResult(access)) return access;
  const pull = await loadPull(ctx, req, access, docs);
  if (!isPull(pull)) return pull;
  // Authors may edit their own pull requests; everyone else needs push access.
  if (!access.permissions.push && pull.user !== access.actor.login)
    return restError(403, 'Resource not accessible by integration', docs);
  const input = bodyObject(req.body);
  const state = input.state;
  if (state !== undefined && state !== 'open' && state !== 'closed') {
    return validationFailed(docs, [{ resource: 'PullRequest', field: 'state', code: 'invalid' }]);
  }
  const gitDir = gitDirOf(ctx, access.repo);
  const headRepo = headRepoOf(ctx, access.repo, pull);
  const headGitDir = gitDirOf(ctx, headRepo);
  let baseRef = pull.baseRef;
  let baseSha = pull.baseSha;
  if (typeof input.base === 'string' && input.base !== pull.baseRef) {
    if (pull.state === 'closed') {
      return validationFailed(docs, [
        {
          resource: 'PullRequest',
          field: 'base',
          code: 'invalid',
          message: 'Cannot change the base branch of a closed pull request.',
        },
      ]);
    }
    const sha = await resolveBranch(gitDir, input.base);
    if (!sha)
      return validationFailed(docs, [{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
    baseRef = input.base;
    baseSha = sha;
  }
  let headSha = pull.headSha;
  if (state === 'open' && pull.state === 'closed') {
    const reason = pull.mergedAt
      ? 'state cannot be changed. The pull request has been merged.'
      : !(await resolveBranch(headGitDir, pull.headRef))
        ? `state cannot be changed. The ${pull.headRef} branch has been deleted.`
        : null;
    if (reason)
      return validationFailed(docs, [
        { resource: 'PullRequest', field: 'state', code: 'custom', message: reason },
      ]);
    headSha = (await resolveBranch(headGitDir, pull.headRef)) ?? pull.headSha;
    baseSha = (await resolveBranch(gitDir, baseRef)) ?? baseSha;
    if (openDuplicate(ctx, access, pull.headRef, headRepo, baseRef, pull))
      return alreadyExists(headRepo, pull.headRef, docs);
  }
  const now = isoSeconds(ctx.now());
  if (typeof input.title === 'string') pull.title = input.title;
  if (typeof input.body === 'string' || input.body === null) pull.body = input.body || null;
  Object.assign(pull, { baseRef, baseSha, headSha, updatedAt: now });
  if (state === 'closed' && pull.state === 'open')
    Object.assign(pull, { state: 'closed', closedAt: now });
  const reopened = state === 'open' && pull.state === 'closed';
  if (reopened)
    Object.assign(pull, {
      state: 'open',
      closedAt: null,
      mergeability: null,
      mergeCommitSha: null,
    });
  ctx.save();
  if (reopened)
    announceActivity(ctx, {
      kind: 'pull',
      action: 'reopened',
      repo: access.repo,
      pull,
      actor: req.caller,
    });
  return { status: 200, body: await fullBody(ctx, access, pull) };
}

async function mergedCheck(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#check-if-a-pull-request-has-been-merged`;
  const access = repoAccess(ctx, req, READ, docs);
  if (isResult(access)) return access;
  const pull = findPull(ctx, access.repo, Number(req.params.pull_number));
  return pull?.mergedAt ? { status: 204 } : restError(404, 'Not Found', docs);
}

export const pullRoutes: RestRoute[] = [
  { method: 'GET', path: '/repos/{owner}/{repo}/pulls', auth: 'token', handle: list },
  { method: 'POST', path: '/repos/{owner}/{repo}/pulls', auth: 'token', handle: create },
  { method: 'GET', path: '/repos/{owner}/{repo}/pulls/{pull_number}', auth: 'token', handle: get },
  {
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}',
    auth: 'token',
    handle: update,
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
    auth: 'token',
    handle: mergedCheck,
  },
];
