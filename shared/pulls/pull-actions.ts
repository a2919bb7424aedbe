import type { RepoRequest } from '../repos/repo-request';
import { draftBranchPrefix, parseDraftBranch } from '../content/draft-branch';
import { parseSetBranch } from '../content/set-branch';
import { absent, type PullInfo } from '../ports/pull-host';
import { InvalidInputError, ConflictBodyError, ConflictError, NotFoundError } from '../errors';
import {
  configBlob,
  configFrom,
  openRepo,
  readDraftPull,
  refuseUnlessGenuine,
  requireDraftPull,
  type PullActorOptions,
  type PullDeps,
  type PullOptions,
} from './pull-context';
import { rebaseChanges, resolveUpdate } from './tree-changes';
import { readPublishGate } from './publish-gate';
import { removeDraftBranch } from './draft-cleanup';
import type { MergeMethod } from '../ports/review-host';
import { previewUrl } from './preview-url';
import { collectionProblemOf } from '../content/config-read';

/** A publish; `scheduleId` when a schedule runs it (the commit message names it). */
export type PublishOptions = PullActorOptions & {
  scheduleId?: string;
  /** The head the reviewer saw: only that is merged (a moved head answers 409 head-moved). */
  sha?: string;
};

export function createPullActions(deps: PullDeps) {
  return {
    /** The branch must be an existing CMS branch; one open pull request per branch. */
    async create({
      userId,
      fullName,
      input,
    }: RepoRequest<{ branch: string; title: string; body?: string; draft?: boolean }>) {
      const draft = parseDraftBranch(input.branch);
      if (!draft)
        throw new InvalidInputError(
          `branch: ${input.branch} is not a CMS branch (${draftBranchPrefix}{collection}/{slug})`,
        );
      const opened = await openRepo(deps, { userId, fullName });
      const state = await opened.call((token) =>
        deps.gitHost.snapshot(token, opened.repo, {
          blobs: configBlob,
          branches: { draft: input.branch },
        }),
      );
      if (!state?.branches.draft) throw new NotFoundError(`Branch ${input.branch} not found`);
      const config = configFrom(state.blobs.config, opened.connection.config);
      // A draft of a collection left out for a problem is never published: say so before opening it.
      const problem = collectionProblemOf(config, draft.collection);
      if (problem) throw new ConflictError(problem);
      const created = await opened.call((token) =>
        deps.pullHost.createPull(token, opened.repo, {
          head: input.branch,
          base: state.defaultBranch,
          title: input.title.trim(),
          body: input.body ?? '',
          ...(input.draft ? { draft: true } : {}),
        }),
      );
      return {
        ...created,
        previewUrl: previewUrl(config, input.branch, null),
      };
    },

    /**
     * Closes without merging and deletes the draft branch. A pull request that is not a genuine
     * draft (draft-rules.ts) is closed too, but its branch is never deleted: a fork's pull request
     * would otherwise delete this repository's branch of the same name, and a branch that carries
     * other changes is someone's work.
     */
    async close({ userId, fullName, number }: PullOptions) {
      const opened = await openRepo(deps, { userId, fullName });
      const view = await requireDraftPull(deps, { opened, number });
      const { pull, problems } = view;
      if (pull.state === 'open')
        await opened.call((token) => deps.pullHost.closePull(token, opened.repo, number));
      // Only at the head read here: a save that landed since keeps the branch (draft-cleanup.ts).
      const keptBranch =
        problems.length === 0 ? await removeDraftBranch(deps, { opened, view }) : undefined;
      return { ok: true as const, ...(keptBranch && { keptBranch }) };
    },

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

    /**
     * Merges the default branch into the draft. When git's line merge conflicts, each file is
     * resolved on its own (tree-changes.ts): content files field by field (and the body line by
     * line), others carried over by blob; only a real conflict answers 409, naming the fields.
     */
    async update({ userId, login, fullName, number }: PullActorOptions) {
      const opened = await openRepo(deps, { userId, fullName });
      const { pull, problems, defaultBranch, defaultBranchOid } = await requireDraftPull(deps, {
        opened,
        number,
      });
      refuseUnlessGenuine(problems, 'update');
      const outcome = await opened.call((token) =>
        deps.pullHost.mergeBranch(token, opened.repo, {
          base: pull.headRef,
          head: defaultBranch,
          message: `Update ${pull.headRef} from ${defaultBranch}`,
        }),
      );
      if (outcome !== 'conflicts') return { ok: true as const };

      const comparison = await opened.call((token) =>
        deps.pullHost.compare(token, opened.repo, defaultBranchOid, pull.headSha),
      );
      // A rename is two paths: the file it removes is resolved too, or main's copy would stay.
      const touched = comparison.files.flatMap((file) =>
        file.status === 'renamed' && file.previousPath
          ? [file.previousPath, file.path]
          : [file.path],
      );
      const wanted: Record<string, { path: string; ref: string }> = {};
      touched.forEach((path, n) => {
        wanted[`base${n}`] = { path, ref: comparison.mergeBase };
        wanted[`ours${n}`] = { path, ref: pull.headSha };
        wanted[`theirs${n}`] = { path, ref: defaultBranchOid };
      });
      const reads = await opened.call((token) =>
        deps.pullHost.readTexts(token, opened.repo, wanted, { modes: true }),
      );
      const sides = touched.map((path, n) => ({
        path,
        sides: {
          base: reads[`base${n}`] ?? absent,
          ours: reads[`ours${n}`] ?? absent,
          theirs: reads[`theirs${n}`] ?? absent,
        },
      }));
      const { changes, conflicts, paths } = resolveUpdate(sides);
      // A change set holds many items: its conflict names the files too, each resolved alone.
      const files = () =>
        sides.filter((file) => resolveUpdate([file]).conflicts.length > 0).map((file) => file.path);
      if (conflicts.length > 0)
        throw new ConflictBodyError({
          ok: false,
          reason: 'conflicts',
          fields: conflicts,
          ...(paths && { paths }),
          ...(parseSetBranch(pull.headRef) !== undefined && { files: files() }),
        });
      await opened.call((token) =>
        deps.pullHost.commitTree(token, opened.repo, {
          branch: pull.headRef,
          parents: [pull.headSha, defaultBranchOid],
          treeFrom: defaultBranchOid,
          changes,
          message: `Update ${pull.headRef} from ${defaultBranch}\n\nConflicts resolved field by field in the CMS for @${login}.`,
          force: false,
        }),
      );
      return { ok: true as const };
    },

    /**
     * Recreates the draft branch on the default branch's head and re-commits the draft's version
     * of each file it changed (or its deletion), by blob oid and mode. For CMS branches only (400
     * otherwise); a pull request that is not a genuine draft answers 409 with its reason.
     */
    async rebase({ userId, login, fullName, number }: PullActorOptions) {
      const opened = await openRepo(deps, { userId, fullName });
      const { pull, isDraft, problems, defaultBranchOid } = await requireDraftPull(deps, {
        opened,
        number,
        allowOther: true,
      });
      if (!isDraft)
        throw new InvalidInputError(
          `Pull request #${number} is not on a CMS branch; only drafts can be rebased`,
        );
      refuseUnlessGenuine(problems, 'rebase');
      if (pull.state !== 'open') throw new ConflictError(`Pull request #${number} is not open`);
      const comparison = await opened.call((token) =>
        deps.pullHost.compare(token, opened.repo, defaultBranchOid, pull.headSha),
      );
      const wanted = Object.fromEntries(
        comparison.files.map((file, n) => [`f${n}`, { path: file.path, ref: pull.headSha }]),
      );
      const reads = comparison.files.length
        ? await opened.call((token) =>
            deps.pullHost.readTexts(token, opened.repo, wanted, { modes: true }),
          )
        : {};
      const changes = rebaseChanges(
        comparison.files,
        comparison.files.map((_, n) => reads[`f${n}`] ?? absent),
      );
      await opened.call((token) =>
        deps.pullHost.commitTree(token, opened.repo, {
          branch: pull.headRef,
          parents: [defaultBranchOid],
          changes,
          message: `${pull.title}\n\nRebased onto the default branch in the CMS by @${login}.`,
          force: true,
        }),
      );
      return { ok: true as const };
    },

    /**
     * Marks the draft ready for review (`ready` true: "In review") or moves it back to in progress
     * (a GitHub draft pull request again). Idempotent: a pull request already in that state is left
     * alone. Only an open, genuine draft (409 otherwise, like rebase).
     */
    async setReady({ userId, fullName, number, ready }: PullOptions & { ready: boolean }) {
      const opened = await openRepo(deps, { userId, fullName });
      const { pull, problems } = await requireDraftPull(deps, { opened, number });
      refuseUnlessGenuine(problems, ready ? 'ready' : 'unready');
      if (pull.state !== 'open') throw new ConflictError(`Pull request #${number} is not open`);
      if (pull.draft === ready)
        await opened.call((token) => deps.pullHost.setDraft(token, opened.repo, pull, !ready));
      return { ok: true as const, draft: !ready };
    },

    /** A GitHub review as the user; a closed pull request takes none (409). */
    async review({
      userId,
      fullName,
      number,
      input,
    }: PullOptions & {
      input: { event: 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT'; body?: string };
    }) {
      const opened = await openRepo(deps, { userId, fullName });
      const { pull } = await readDraftPull(deps, { opened, number });
      if (pull.state !== 'open') throw new ConflictError(`Pull request #${number} is not open`);
      const review = await opened.call((token) =>
        deps.reviewHost.createReview(token, opened.repo, number, {
          event: input.event,
          body: input.body ?? '',
        }),
      );
      return {
        author: review.author,
        state: review.state,
        body: review.body,
        submittedAt: review.submittedAt,
        htmlUrl: review.htmlUrl,
      };
    },

    async requestReviewers({
      userId,
      fullName,
      number,
      reviewers,
    }: PullOptions & { reviewers: string[] }) {
      const opened = await openRepo(deps, { userId, fullName });
      const { pull } = await readDraftPull(deps, { opened, number });
      if (pull.state !== 'open') throw new ConflictError(`Pull request #${number} is not open`);
      return {
        requested: await opened.call((token) =>
          deps.reviewHost.requestReviewers(token, opened.repo, number, reviewers),
        ),
      };
    },

    async comment({ userId, fullName, number, body }: PullOptions & { body: string }) {
      const opened = await openRepo(deps, { userId, fullName });
      await readDraftPull(deps, { opened, number });
      return opened.call((token) => deps.pullHost.createComment(token, opened.repo, number, body));
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

export type PullActions = ReturnType<typeof createPullActions>;
