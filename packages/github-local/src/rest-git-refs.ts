import { bypassesProtection, PROTECTED_BRANCH_DOCS, pushRefusal } from './branch-protection';
import type { HostContext } from './context';
import { readObjectInfos } from './git-objects';
import {
  compareAndDeleteRef,
  compareAndSwapRef,
  GitRefConflictError,
  isAncestor,
  readRef,
  validRefName,
  type GitRef,
} from './git-refs';
import {
  bodyOf,
  CAS_ATTEMPTS,
  HEX40,
  invalid,
  isResult,
  legacyNodeId,
  missingField,
  repoPath,
  repoTarget,
  type RepoTarget,
} from './rest-git-common';
import { restError, type RestRequest, type RestResult, type RestRoute } from './rest-router';

/** The Git database's references: read, create, fast-forward or force-update, delete; every move a compare-and-swap. */

const GIT_DOCS = 'https://docs.github.com/rest/git';

function refShape(target: RepoTarget, ref: GitRef) {
  return {
    ref: ref.ref,
    node_id: legacyNodeId('Ref', `${target.repo.id}:${ref.ref}`),
    url: `${target.api}/git/${ref.ref}`,
    object: { type: ref.type, sha: ref.oid, url: `${target.api}/git/${ref.type}s/${ref.oid}` },
  };
}

/** A branch's rules refuse a direct update through the Git database with 422 and GitHub's reason. */
function protectedUpdate(
  ctx: HostContext,
  req: RestRequest,
  target: RepoTarget,
  ref: string,
  update: { newSha: string | null; fastForward: boolean },
): RestResult | null {
  if (!ref.startsWith('refs/heads/')) return null;
  const reason = pushRefusal(ctx, target.repo, ref.slice('refs/heads/'.length), {
    ...update,
    admin: bypassesProtection(ctx, req.caller, target.repo),
  });
  return reason ? restError(422, reason, PROTECTED_BRANCH_DOCS) : null;
}

async function getRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#get-a-reference`;
  const target = repoTarget(ctx, req, 'read', docs);
  if (isResult(target)) return target;
  const ref = await readRef(target.gitDir, `refs/${req.params.ref ?? ''}`);
  if (!ref) return restError(404, 'Not Found', docs);
  return { status: 200, body: refShape(target, ref) };
}

async function createRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#create-a-reference`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (typeof body.ref !== 'string') return missingField('ref', docs);
  if (typeof body.sha !== 'string') return missingField('sha', docs);
  if (!(await validRefName(target.gitDir, body.ref)))
    return invalid('Reference name is invalid', docs);
  const [object] = await readObjectInfos(target.gitDir, [HEX40.test(body.sha) ? body.sha : '']);
  if (!object) return invalid('Object does not exist', docs);
  if (body.ref.startsWith('refs/heads/') && object.type !== 'commit')
    return invalid('Object does not exist', docs);
  try {
    // Old value "none": fails if the ref appeared meanwhile, so two creators never both win.
    await compareAndSwapRef(target.gitDir, body.ref, body.sha, null);
  } catch (error) {
    if (error instanceof GitRefConflictError) return invalid('Reference already exists', docs);
    throw error;
  }
  const result = refShape(target, { ref: body.ref, oid: body.sha, type: object.type });
  return { status: 201, body: result, headers: { location: result.url } };
}

async function updateRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#update-a-reference`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const body = bodyOf(req);
  if (typeof body.sha !== 'string') return missingField('sha', docs);
  const full = `refs/${req.params.ref ?? ''}`;
  const [object] = await readObjectInfos(target.gitDir, [HEX40.test(body.sha) ? body.sha : '']);
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
    const current = await readRef(target.gitDir, full);
    if (!current) return invalid('Reference does not exist', docs);
    if (!object || (full.startsWith('refs/heads/') && object.type !== 'commit'))
      return invalid('Object does not exist', docs);
    const fastForward =
      current.oid === body.sha || (await isAncestor(target.gitDir, current.oid, body.sha));
    if (body.force !== true && !fastForward) return invalid('Update is not a fast forward', docs);
    const refused = protectedUpdate(ctx, req, target, full, { newSha: body.sha, fastForward });
    if (refused) return refused;
    try {
      await compareAndSwapRef(target.gitDir, full, body.sha, current.oid);
      return {
        status: 200,
        body: refShape(target, { ref: full, oid: body.sha, type: object.type }),
      };
    } catch (error) {
      if (!(error instanceof GitRefConflictError)) throw error;
    }
  }
  return invalid('Reference cannot be updated', docs);
}

async function deleteRef(ctx: HostContext, req: RestRequest): Promise<RestResult> {
  const docs = `${GIT_DOCS}/refs#delete-a-reference`;
  const target = repoTarget(ctx, req, 'write', docs);
  if (isResult(target)) return target;
  const full = `refs/${req.params.ref ?? ''}`;
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
    const current = await readRef(target.gitDir, full);
    if (!current) return invalid('Reference does not exist', docs);
    const refused = protectedUpdate(ctx, req, target, full, { newSha: null, fastForward: true });
    if (refused) return refused;
    try {
      await compareAndDeleteRef(target.gitDir, full, current.oid);
      return { status: 204 };
    } catch (error) {
      if (!(error instanceof GitRefConflictError)) throw error;
    }
  }
  return invalid('Reference cannot be updated', docs);
}

export const gitRefRoutes: RestRoute[] = [
  { method: 'GET', path: repoPath('/git/ref/{ref+}'), auth: 'token', handle: getRef },
  { method: 'POST', path: repoPath('/git/refs'), auth: 'token', handle: createRef },
  { method: 'PATCH', path: repoPath('/git/refs/{ref+}'), auth: 'token', handle: updateRef },
  { method: 'DELETE', path: repoPath('/git/refs/{ref+}'), auth: 'token', handle: deleteRef },
];
