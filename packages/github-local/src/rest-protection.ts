import { effectiveRules, protectionOf, setBranchProtection } from './branch-protection';
import type { HostContext } from './context';
import { resolveBranch } from './git-merge';
import { gitDirOf } from './pull-model';
import { bodyObject, isResult, repoAccess, validationFailed, type RepoAccess } from './pulls-state';
import { commitBySha } from './rest-compare';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';
import type { BranchProtectionRecord, RepoRecord } from './state';

/** Branches and classic branch protection: GET a branch (`protected`), GET/PUT/DELETE its protection. */

const DOCS = 'https://docs.github.com/rest/branches/branch-protection';
const BRANCH_DOCS = 'https://docs.github.com/rest/branches/branches#get-a-branch';

/**
 * Settings need admin rights: a user without them gets 403 `Must have admin rights to Repository.`,
 * an installation without the `administration` permission 403 `Resource not accessible by integration`.
 */
export function adminAccess(
  ctx: HostContext,
  req: RestRequest,
  write: boolean,
  docs: string,
): RestResult | RepoAccess {
  const access = repoAccess(
    ctx,
    req,
    { permission: 'administration', write: write && req.caller.kind === 'installation' },
    docs,
  );
  if (isResult(access)) return access;
  if (req.caller.kind !== 'installation' && !access.permissions.admin)
    return restError(403, 'Must have admin rights to Repository.', docs);
  return access;
}

function protectionShape(ctx: HostContext, repo: RepoRecord, record: BranchProtectionRecord) {
  const url = `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}/branches/${encodeURIComponent(record.branch)}/protection`;
  const enabled = (value: boolean | undefined) => ({ enabled: value === true });
  return {
    url,
    ...(record.hasStatusChecks !== false
      ? {
          required_status_checks: {
            url: `${url}/required_status_checks`,
            strict: record.strict === true,
            contexts: record.requiredStatusChecks,
            contexts_url: `${url}/required_status_checks/contexts`,
            checks: record.requiredStatusChecks.map((context) => ({ context, app_id: null })),
          },
        }
      : {}),
    ...(typeof record.requiredApprovingReviewCount === 'number'
      ? {
          required_pull_request_reviews: {
            url: `${url}/required_pull_request_reviews`,
            dismiss_stale_reviews: record.dismissStaleReviews === true,
            require_code_owner_reviews: record.requireCodeOwnerReviews === true,
            required_approving_review_count: record.requiredApprovingReviewCount,
            require_last_push_approval: record.requireLastPushApproval === true,
          },
        }
      : {}),
    required_signatures: { url: `${url}/required_signatures`, enabled: false },
    enforce_admins: { url: `${url}/enforce_admins`, enabled: record.enforceAdmins !== false },
    required_linear_history: enabled(record.requiredLinearHistory),
    allow_force_pushes: enabled(record.allowForcePushes),
    allow_deletions: enabled(record.allowDeletions),
    block_creations: enabled(false),
    required_conversation_resolution: enabled(record.requiredConversationResolution),
    lock_branch: enabled(false),
    allow_fork_syncing: enabled(false),
  };
}

async function existingBranch(
  ctx: HostContext,
  access: RepoAccess,
  req: RestRequest,
  docs: string,
): Promise<string | RestResult> {
  const branch = req.params.branch ?? '';
  const sha = await resolveBranch(gitDirOf(ctx, access.repo), branch);
  return sha ?? restError(404, 'Branch not found', docs);
}

async function getBranch(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const access = repoAccess(ctx, req, { permission: 'contents', write: false }, BRANCH_DOCS);
  if (isResult(access)) return access;
  const sha = await existingBranch(ctx, access, req, BRANCH_DOCS);
  if (typeof sha !== 'string') return sha;
  const branch = req.params.branch ?? '';
  const { repo } = access;
  const rules = effectiveRules(ctx, repo, branch);
  const api = `${ctx.apiUrl}/repos/${repo.owner}/${repo.name}/branches/${encodeURIComponent(branch)}`;
  const contexts = protectionOf(ctx, repo, branch)?.requiredStatusChecks ?? [];
  return {
    status: 200,
    body: {
      name: branch,
      commit: await commitBySha(ctx, repo, sha),
      _links: { self: api, html: `${ctx.webUrl}/${repo.owner}/${repo.name}/tree/${branch}` },
      protected: rules.protected,
      protection: {
        enabled: rules.protected,
        required_status_checks: {
          enforcement_level: contexts.length > 0 ? 'non_admins' : 'off',
          contexts,
          checks: contexts.map((context) => ({ context, app_id: null })),
        },
      },
      protection_url: `${api}/protection`,
    },
  };
}

async function getProtection(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#get-branch-protection`;
  const access = adminAccess(ctx, req, false, docs);
  if (isResult(access)) return access;
  const sha = await existingBranch(ctx, access, req, docs);
  if (typeof sha !== 'string') return sha;
  const record = protectionOf(ctx, access.repo, req.params.branch ?? '');
  if (!record) return restError(404, 'Branch not protected', docs);
  return { status: 200, body: protectionShape(ctx, access.repo, record) };
}

const missing = (field: string, docs: string) =>
  restError(422, `Invalid request.\n\n"${field}" wasn't supplied.`, docs);
const flag = (value: unknown) =>
  value && typeof value === 'object'
    ? (value as { enabled?: unknown }).enabled === true
    : value === true;

async function putProtection(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#update-branch-protection`;
  const access = adminAccess(ctx, req, true, docs);
  if (isResult(access)) return access;
  const sha = await existingBranch(ctx, access, req, docs);
  if (typeof sha !== 'string') return sha;
  const body = bodyObject(req.body);
  for (const field of [
    'required_status_checks',
    'enforce_admins',
    'required_pull_request_reviews',
    'restrictions',
  ]) {
    if (!(field in body)) return missing(field, docs);
  }
  if (body.restrictions !== null)
    return restError(
      422,
      'Only organization repositories can have users and team restrictions',
      docs,
    );
  const checks =
    body.required_status_checks === null ? null : bodyObject(body.required_status_checks);
  const reviews =
    body.required_pull_request_reviews === null
      ? null
      : bodyObject(body.required_pull_request_reviews);
  const contexts: string[] = [];
  if (checks) {
    if (typeof checks.strict !== 'boolean') return missing('strict', docs);
    const listed = Array.isArray(checks.checks)
      ? (checks.checks as { context?: unknown }[]).map((check) => check.context)
      : checks.contexts;
    if (
      !Array.isArray(listed) ||
      listed.some((context) => typeof context !== 'string' || context === '')
    ) {
      return validationFailed(docs, [
        { resource: 'RequiredStatusChecks', field: 'contexts', code: 'invalid' },
      ]);
    }
    contexts.push(...new Set(listed as string[]));
  }
  const count = reviews?.required_approving_review_count ?? 0;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 6) {
    return restError(
      422,
      'Invalid request.\n\nrequired_approving_review_count must be an integer from 0 to 6.',
      docs,
    );
  }
  const record: BranchProtectionRecord = {
    repoId: access.repo.id,
    branch: req.params.branch ?? '',
    requiredStatusChecks: contexts,
    hasStatusChecks: checks !== null,
    strict: checks?.strict === true,
    requiredApprovingReviewCount: reviews ? count : null,
    dismissStaleReviews: reviews?.dismiss_stale_reviews === true,
    requireCodeOwnerReviews: reviews?.require_code_owner_reviews === true,
    requireLastPushApproval: reviews?.require_last_push_approval === true,
    enforceAdmins: body.enforce_admins === true,
    requiredLinearHistory: flag(body.required_linear_history),
    allowForcePushes: flag(body.allow_force_pushes),
    allowDeletions: flag(body.allow_deletions),
    requiredConversationResolution: flag(body.required_conversation_resolution),
  };
  setBranchProtection(ctx, access.repo, record.branch, record);
  return { status: 200, body: protectionShape(ctx, access.repo, record) };
}

async function deleteProtection(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${DOCS}#delete-branch-protection`;
  const access = adminAccess(ctx, req, true, docs);
  if (isResult(access)) return access;
  const branch = req.params.branch ?? '';
  if (!protectionOf(ctx, access.repo, branch)) return restError(404, 'Branch not protected', docs);
  setBranchProtection(ctx, access.repo, branch, null);
  return { status: 204 };
}

const BRANCH = '/repos/{owner}/{repo}/branches/{branch+}';

/** Protection first: a greedy `{branch+}` would otherwise take `main/protection` as a branch name. */
export const protectionRoutes: RestRoute[] = [
  { method: 'GET', path: `${BRANCH}/protection`, auth: 'token', handle: getProtection },
  { method: 'PUT', path: `${BRANCH}/protection`, auth: 'token', handle: putProtection },
  { method: 'DELETE', path: `${BRANCH}/protection`, auth: 'token', handle: deleteProtection },
  { method: 'GET', path: BRANCH, auth: 'token', handle: getBranch },
];
