import type { PullInfo } from '../ports/pull-host';
import { ConflictBodyError } from '../errors';
import {
  openRepo,
  refuseUnlessGenuine,
  requireDraftPull,
  type PullActorOptions,
  type PullDeps,
} from './pull-context';
import { readPublishGate } from './publish-gate';
import { removeDraftBranch } from './draft-cleanup';
import type { MergeMethod } from '../ports/review-host';

/** A publish; `scheduleId` when a schedule runs it (the commit message names it). */
export type PublishOptions = PullActorOptions & {
  scheduleId?: string;
  /** The head the reviewer saw: only that is merged (a moved head answers 409 head-moved). */
  sha?: string;
};

/** Publishing a change request: one squash merge of the head that was checked. */
export function createPullMerge(deps: PullDeps) {
  return {
    /**
     * Squash merge guarded by the head we read, then the branch goes, unless a save landed on it
     * meanwhile (it is then kept and reported: draft-cleanup.ts).
     */
    async merge({ userId, login, fullName, number, scheduleId, sha }: PublishOptions) {
      const opened = await openRepo(deps, { userId, fullName });
      const view = await requireDraftPull(deps, { opened, number });
      const { pull, problems } = view;
      // The files were read with the head sha the merge is guarded by: what was checked is what lands.
      refuseUnlessGenuine(problems, 'merge');
      if (pull.state !== 'open') {
        // A repeat after a merge whose branch clean-up failed finishes the clean-up.
        if (pull.merged)
          await removeDraftBranch(deps, { opened, view, published: view.defaultBranchOid }).catch(
            () => undefined,
          );
        throw refusedAsDone(pull);
      }
      if (sha !== undefined && sha !== pull.headSha)
        throw new ConflictBodyError({
          merged: false,
          reason: 'head-moved',
          error: `#${number} changed since it was reviewed (reviewed at ${sha.slice(0, 7)}, now at ${pull.headSha.slice(0, 7)}); reload its changes and publish again`,
        });
      // GitHub merges no draft pull request: publishing one marks it ready for review first (the
      // only extra round trip, and only for drafts still in progress).
      if (pull.draft)
        await opened.call((token) => deps.pullHost.setDraft(token, opened.repo, pull, false));
      const merge = (method?: MergeMethod) =>
        opened.call((token) =>
          deps.pullHost.squashMerge(token, opened.repo, number, {
            sha: pull.headSha,
            title: `${pull.title} (#${number})`,
            // A scheduled publish names its schedule: an item's history tells it from one by hand.
            message: `Published${scheduleId ? ` on schedule ${scheduleId}` : ''} in the CMS by @${login}.`,
            ...(method && { method }),
          }),
        );
      let outcome = await merge();
      if (!outcome.merged && outcome.reason === 'conflicts' && pull.mergeable !== false) {
        // GitHub refuses a merged or closed pull request as it refuses conflicts ("not mergeable"):
        // unless conflicts were known, read it again (only now) to tell another publish apart.
        const again = await opened.call((token) =>
          deps.pullHost.getPull(token, opened.repo, number),
        );
        if (again && again.pull.state !== 'open') throw refusedAsDone(again.pull);
      }
      if (!outcome.merged && outcome.reason !== 'conflicts') {
        // Refused for another reason than conflicts: branch protection, rulesets or the repository's
        // merge settings. Read what they ask (only now: an unprotected merge costs nothing more); with
        // nothing missing but the method, merge again the way they allow.
        const gate = await opened.call((token) =>
          readPublishGate({
            reviewHost: deps.reviewHost,
            token,
            repo: opened.repo,
            input: {
              number,
              headSha: pull.headSha,
              baseBranch: view.defaultBranch,
              reviewDecision: pull.reviewDecision,
            },
          }),
        );
        const [first] = gate.publishBlockers;
        if (first)
          throw new ConflictBodyError({
            merged: false,
            reason: first.reason,
            error: first.message,
            publishBlockers: gate.publishBlockers,
          });
        if (gate.mergeMethod && gate.mergeMethod !== 'squash')
          outcome = await merge(gate.mergeMethod);
      }
      if (!outcome.merged)
        throw new ConflictBodyError({
          merged: false,
          reason: outcome.reason,
          error: outcome.message,
        });
      // The merge is done: a branch that fails to go is left for a repeat or a close to remove.
      const keptBranch = await removeDraftBranch(deps, {
        opened,
        view,
        published: outcome.sha,
      }).catch(() => undefined);
      return { sha: outcome.sha, merged: true as const, ...(keptBranch && { keptBranch }) };
    },
  };
}

/** The 409 of publishing a pull request that is merged (by another publish, or on GitHub) or closed already. */
function refusedAsDone(pull: PullInfo): ConflictBodyError {
  if (pull.merged)
    return new ConflictBodyError({
      merged: false,
      reason: 'already-merged',
      error: `Pull request #${pull.number} is already merged (published before this request); nothing more to do`,
    });
  return new ConflictBodyError({
    merged: false,
    reason: 'closed',
    error: 'The pull request is closed',
  });
}
