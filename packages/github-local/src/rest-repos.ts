import { findRepo, findUser, repoPermissions } from './access';
import type { HostContext } from './context';
import { bodyObject, isResult } from './pulls-state';
import { adminAccess } from './rest-protection';
import { fullRepository } from './rest-shapes';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';

const GET_REPO_DOCS = 'https://docs.github.com/rest/repos/repos#get-a-repository';
const UPDATE_REPO_DOCS = 'https://docs.github.com/rest/repos/repos#update-a-repository';

const MERGE_SETTINGS = {
  allow_squash_merge: 'allowSquashMerge',
  allow_merge_commit: 'allowMergeCommit',
  allow_rebase_merge: 'allowRebaseMerge',
} as const;

/** PATCH: the merge settings only (admins); other fields are ignored by this host. */
function updateRepo(ctx: HostContext, req: RestRequest): RestResult {
  const access = adminAccess(ctx, req, true, UPDATE_REPO_DOCS);
  if (isResult(access)) return access;
  const body = bodyObject(req.body);
  const next = { ...access.repo };
  for (const [field, key] of Object.entries(MERGE_SETTINGS)) {
    if (body[field] === undefined) continue;
    if (typeof body[field] !== 'boolean')
      return restError(
        422,
        `Invalid request.\n\nFor '${field}', ${JSON.stringify(body[field])} is not a boolean.`,
        UPDATE_REPO_DOCS,
      );
    next[key] = body[field];
  }
  if (
    next.allowSquashMerge === false &&
    next.allowMergeCommit === false &&
    next.allowRebaseMerge === false
  ) {
    return restError(
      422,
      'Sorry, you need to allow at least one merge strategy. (no_merge_method)',
      UPDATE_REPO_DOCS,
    );
  }
  Object.assign(access.repo, next);
  ctx.save();
  return { status: 200, body: fullRepository(ctx, access.repo, access.owner, access.permissions) };
}

export const repoRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}',
    auth: 'token',
    handle(ctx, req) {
      const repo = findRepo(ctx, req.params.owner ?? '', req.params.repo ?? '');
      const permissions = repo ? repoPermissions(ctx, req.caller, repo) : null;
      const owner = repo ? findUser(ctx, repo.owner) : undefined;
      // Private repositories are invisible without access: 404, never 403.
      if (!repo || !permissions || !owner) return restError(404, 'Not Found', GET_REPO_DOCS);
      return { status: 200, body: fullRepository(ctx, repo, owner, permissions) };
    },
  },
  { method: 'PATCH', path: '/repos/{owner}/{repo}', auth: 'token', handle: updateRepo },
];
