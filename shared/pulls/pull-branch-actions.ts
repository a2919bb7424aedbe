import { parseSetBranch } from '../content/set-branch';
import { absent } from '../ports/pull-host';
import { InvalidInputError, ConflictBodyError, ConflictError } from '../errors';
import {
  openRepo,
  refuseUnlessGenuine,
  requireDraftPull,
  type PullActorOptions,
  type PullDeps,
} from './pull-context';
import { rebaseChanges, resolveUpdate } from './tree-changes';

/** Bringing a change request's branch up to date with the default branch: update (merge) and rebase. */
export function createPullBranchActions(deps: PullDeps) {
  return {
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
  };
}
