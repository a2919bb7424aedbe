import { installationForRepo, repoPermissions } from '../access';
import { bypassesProtection, pushRefusal } from '../branch-protection';
import { GitCommandError } from '../git-command';
import { updateRefs } from '../git-merge';
import { readObjectInfos } from '../git-objects';
import { isAncestor, readRef, validRefName, ZERO_SHA } from '../git-refs';
import { gitDirOf, syncRepoPulls } from '../pull-model';
import { runAsActor } from '../ref-moves';
import { isoSeconds } from '../repos';
import { isCheckedOutInServedTree } from '../working-tree';
import { TypedGraphQLError } from './errors';
import type { RequestScope } from './request-scope';

/**
 * GitHub's `updateRefs` mutation: input `{repositoryId, refUpdates: [{name, beforeOid, afterOid,
 * force}], clientMutationId}`, payload `{clientMutationId}`. All or nothing: every update is checked
 * (a `beforeOid` the ref must hold, all zeros for "must not exist"; an `afterOid` of all zeros
 * deletes the ref; a branch moves only forward unless `force`; the branch's protection), then git
 * applies them in one transaction guarded by the values checked, so a ref that moved in between
 * refuses the whole request and changes nothing.
 *
 * Access as for the other writes of this host: a repository the caller cannot see is an unknown node
 * (NOT_FOUND); users need push access, installation tokens `contents: write` (FORBIDDEN otherwise).
 * Refusals are UNPROCESSABLE and name the ref; GitHub's exact wording is not documented, and the
 * service reads the ref again after any refusal rather than parse it.
 */
export interface RefUpdateInput {
  name: string;
  afterOid: string;
  beforeOid?: string | null;
  force?: boolean | null;
}

export interface UpdateRefsInput {
  repositoryId: string;
  refUpdates: RefUpdateInput[];
  clientMutationId?: string | null;
}

function repositoryOfNode(scope: RequestScope, nodeId: string) {
  const match = /^010:Repository([1-9][0-9]*)$/.exec(
    Buffer.from(nodeId, 'base64').toString('utf8'),
  );
  const repo = match
    ? scope.ctx.state.repos.find((record) => record.id === Number(match[1]))
    : undefined;
  const permissions = repo ? repoPermissions(scope.ctx, scope.caller, repo) : null;
  if (!repo || !permissions?.pull)
    throw new TypedGraphQLError(
      `Could not resolve to a node with the global id of '${nodeId}'`,
      'NOT_FOUND',
    );
  const { caller } = scope;
  if (
    caller.kind === 'installation' &&
    installationForRepo(scope.ctx, repo)?.permissions.contents !== 'write'
  ) {
    throw new TypedGraphQLError('Resource not accessible by integration', 'FORBIDDEN');
  }
  if (caller.kind === 'user' && !permissions.push)
    throw new TypedGraphQLError(
      `${caller.login} does not have the correct permissions to execute \`UpdateRefs\``,
      'FORBIDDEN',
    );
  return repo;
}

const refused = (message: string) => new TypedGraphQLError(message, 'UNPROCESSABLE');

export async function updateRefsMutation(scope: RequestScope, input: UpdateRefsInput) {
  const { ctx, caller } = scope;
  const repo = repositoryOfNode(scope, input.repositoryId);
  const gitDir = gitDirOf(ctx, repo);
  const names = input.refUpdates.map((update) => update.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw refused(`${repeated} is updated twice`);
  const admin = bypassesProtection(ctx, caller, repo);
  const planned = await Promise.all(
    input.refUpdates.map(async (update) => {
      if (!(await validRefName(gitDir, update.name)))
        throw refused(`${update.name} is not a valid ref name`);
      const current = (await readRef(gitDir, update.name))?.oid ?? null;
      if (
        update.beforeOid !== undefined &&
        update.beforeOid !== null &&
        (update.beforeOid === ZERO_SHA ? null : update.beforeOid) !== current
      ) {
        throw refused(
          `Expected ${update.name} to point to ${update.beforeOid === ZERO_SHA ? 'nothing' : `"${update.beforeOid}"`} but it did not`,
        );
      }
      const deleting = update.afterOid === ZERO_SHA;
      if (deleting && current === null) throw refused(`${update.name} does not exist`);
      if (deleting && (await isCheckedOutInServedTree(gitDir, update.name)))
        throw refused(`${update.name} is checked out in the served working tree`);
      if (!deleting) {
        const [object] = await readObjectInfos(gitDir, [update.afterOid]);
        if (!object || (update.name.startsWith('refs/heads/') && object.type !== 'commit'))
          throw refused(`${update.afterOid} is not a commit of this repository`);
      }
      const fastForward =
        deleting ||
        current === null ||
        current === update.afterOid ||
        (await isAncestor(gitDir, current, update.afterOid));
      if (!fastForward && update.force !== true)
        throw refused(`${update.name}: the update is not a fast forward`);
      if (update.name.startsWith('refs/heads/')) {
        const reason = pushRefusal(ctx, repo, update.name.slice('refs/heads/'.length), {
          newSha: deleting ? null : update.afterOid,
          fastForward,
          admin,
        });
        if (reason) throw refused(`${update.name}: ${reason}`);
      }
      return { ref: update.name, sha: deleting ? null : update.afterOid, expected: current };
    }),
  );
  try {
    // Push webhooks name the caller as the sender, as they do for REST writes.
    await runAsActor(caller, () => updateRefs(gitDir, planned));
  } catch (error) {
    if (error instanceof GitCommandError)
      throw refused('A ref moved while it was being updated; no ref was updated');
    throw error;
  }
  repo.pushedAt = isoSeconds(ctx.now());
  repo.updatedAt = repo.pushedAt;
  ctx.save();
  // A pull request whose head branch is gone is closed, as every read of this host does.
  await syncRepoPulls(ctx, repo);
  return { clientMutationId: input.clientMutationId ?? null };
}
