import type { RepoRequest } from '../repos/repo-request';
import { draftBranchPrefix, parseDraftBranch } from '../content/draft-branch';
import { InvalidInputError, ConflictError, NotFoundError } from '../errors';
import {
  configBlob,
  configFrom,
  openRepo,
  readDraftPull,
  refuseUnlessGenuine,
  requireDraftPull,
  type PullDeps,
  type PullOptions,
} from './pull-context';
import { removeDraftBranch } from './draft-cleanup';
import { previewUrl } from './preview-url';
import { collectionProblemOf } from '../content/config-read';
import { createPullMerge } from './pull-merge';
import { createPullBranchActions } from './pull-branch-actions';

/**
 * A change request's actions: open, close, ready / in progress, review, reviewers and comments
 * here; publishing in pull-merge.ts, update from main and rebase in pull-branch-actions.ts.
 */
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

    ...createPullMerge(deps),
    ...createPullBranchActions(deps),

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

export type PullActions = ReturnType<typeof createPullActions>;
