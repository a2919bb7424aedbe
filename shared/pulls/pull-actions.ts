import { draftBranchPrefix, parseDraftBranch } from '../content/draft-branch';
import { mergeMarkdown } from '../content/three-way-merge';
import { BadRequestError, ConflictBodyError, ConflictError, NotFoundError } from '../http/errors';
import { configBlob, configFrom, openRepo, requireDraftPull, type PullDeps } from './pull-context';
import { previewUrl } from './preview-url';

export function createPullActions(deps: PullDeps) {
  return {
    /** The branch must be an existing CMS branch; one open pull request per branch. */
    async create(userId: string, fullName: string, input: { branch: string; title: string; body?: string }) {
      if (!parseDraftBranch(input.branch)) throw new BadRequestError(`branch: ${input.branch} is not a CMS branch (${draftBranchPrefix}{collection}/{slug})`);
      const opened = await openRepo(deps, userId, fullName);
      const state = await opened.call((token) => deps.gitHost.snapshot(token, opened.repo, { blobs: configBlob, branches: { draft: input.branch } }));
      if (!state?.branches.draft) throw new NotFoundError(`Branch ${input.branch} not found`);
      const created = await opened.call((token) =>
        deps.pullHost.createPull(token, opened.repo, { head: input.branch, base: state.defaultBranch, title: input.title.trim(), body: input.body ?? '' }),
      );
      return { ...created, previewUrl: previewUrl(configFrom(state.blobs.config, opened.connection.config), input.branch, null) };
    },

    /** Closes without merging and deletes the draft branch. */
    async close(userId: string, fullName: string, number: number) {
      const opened = await openRepo(deps, userId, fullName);
      const { pull } = await requireDraftPull(deps, opened, number);
      if (pull.state === 'open') await opened.call((token) => deps.pullHost.closePull(token, opened.repo, number));
      await opened.call((token) => deps.pullHost.deleteBranch(token, opened.repo, pull.headRef));
    },

    /** Squash merge guarded by the head we read, then the branch goes. */
    async merge(userId: string, login: string, fullName: string, number: number) {
      const opened = await openRepo(deps, userId, fullName);
      const { pull } = await requireDraftPull(deps, opened, number);
      if (pull.state !== 'open') {
        // A repeat after a merge whose branch clean-up failed finishes the clean-up.
        if (pull.merged) await opened.call((token) => deps.pullHost.deleteBranch(token, opened.repo, pull.headRef)).catch(() => {});
        throw new ConflictBodyError({ merged: false, reason: pull.merged ? 'The pull request is already merged' : 'The pull request is closed' });
      }
      const outcome = await opened.call((token) =>
        deps.pullHost.squashMerge(token, opened.repo, number, { sha: pull.headSha, title: `${pull.title} (#${number})`, message: `Published in the CMS by @${login}.` }),
      );
      if (!outcome.merged) throw new ConflictBodyError({ merged: false, reason: outcome.reason });
      // The merge is done: a branch that fails to go is left for a repeat or a close to remove.
      await opened.call((token) => deps.pullHost.deleteBranch(token, opened.repo, pull.headRef)).catch(() => {});
      return { sha: outcome.sha, merged: true as const };
    },

    /**
     * Merges the default branch into the draft. When git's line merge conflicts, each content
     * file is merged field by field (and its body line by line); only a real conflict answers 409,
     * naming the fields.
     */
    async update(userId: string, login: string, fullName: string, number: number) {
      const opened = await openRepo(deps, userId, fullName);
      const { pull, defaultBranch, defaultBranchOid } = await requireDraftPull(deps, opened, number);
      const outcome = await opened.call((token) =>
        deps.pullHost.mergeBranch(token, opened.repo, { base: pull.headRef, head: defaultBranch, message: `Update ${pull.headRef} from ${defaultBranch}` }),
      );
      if (outcome !== 'conflicts') return { ok: true as const };

      const comparison = await opened.call((token) => deps.pullHost.compare(token, opened.repo, defaultBranchOid, pull.headSha));
      const wanted: Record<string, { path: string; ref: string }> = {};
      comparison.files.forEach((file, n) => {
        wanted[`base${n}`] = { path: file.path, ref: comparison.mergeBase };
        wanted[`ours${n}`] = { path: file.path, ref: pull.headSha };
        wanted[`theirs${n}`] = { path: file.path, ref: defaultBranchOid };
      });
      const texts = await opened.call((token) => deps.pullHost.readTexts(token, opened.repo, wanted));
      const changes: { path: string; content: string | null }[] = [];
      const conflicts: string[] = [];
      comparison.files.forEach((file, n) => {
        // null: the file is absent on that side.
        const [base, ours, theirs] = [texts[`base${n}`] ?? null, texts[`ours${n}`] ?? null, texts[`theirs${n}`] ?? null];
        if (ours === theirs) return;
        if (theirs === base) return changes.push({ path: file.path, content: ours });
        if (ours === null || theirs === null || !file.path.endsWith('.md')) return conflicts.push(file.path);
        const merged = mergeMarkdown(base ?? undefined, ours, theirs);
        if (merged.ok) changes.push({ path: file.path, content: merged.text });
        else conflicts.push(...merged.conflicts);
      });
      if (conflicts.length > 0) throw new ConflictBodyError({ ok: false, reason: 'conflicts', fields: [...new Set(conflicts)] });
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
     * of each file it changed (or its deletion). For CMS branches only (400 otherwise).
     */
    async rebase(userId: string, login: string, fullName: string, number: number) {
      const opened = await openRepo(deps, userId, fullName);
      const { pull, isDraft, defaultBranchOid } = await requireDraftPull(deps, opened, number, { allowOther: true });
      if (!isDraft) throw new BadRequestError(`Pull request #${number} is not on a CMS branch; only drafts can be rebased`);
      if (pull.state !== 'open') throw new ConflictError(`Pull request #${number} is not open`);
      const comparison = await opened.call((token) => deps.pullHost.compare(token, opened.repo, defaultBranchOid, pull.headSha));
      const wanted = Object.fromEntries(comparison.files.map((file, n) => [`f${n}`, { path: file.path, ref: pull.headSha }]));
      const texts = comparison.files.length ? await opened.call((token) => deps.pullHost.readTexts(token, opened.repo, wanted)) : {};
      const changes = comparison.files.flatMap((file, n) => [
        ...(file.previousPath ? [{ path: file.previousPath, content: null }] : []),
        { path: file.path, content: file.status === 'removed' ? null : (texts[`f${n}`] ?? null) },
      ]);
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

    async comment(userId: string, fullName: string, number: number, body: string) {
      const opened = await openRepo(deps, userId, fullName);
      await requireDraftPull(deps, opened, number);
      return opened.call((token) => deps.pullHost.createComment(token, opened.repo, number, body));
    },
  };
}

export type PullActions = ReturnType<typeof createPullActions>;
