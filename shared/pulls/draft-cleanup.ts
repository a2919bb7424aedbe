import { ConflictError, InvalidInputError } from '../errors';
import { absent, type PullInfo } from '../ports/pull-host';
import type { KeptBranch } from './schemas';
import type { openRepo, PullDeps } from './pull-context';
import { resolveUpdate } from './tree-changes';

type Opened = Awaited<ReturnType<typeof openRepo>>;

export interface DraftCleanup {
  opened: Opened;
  view: { pull: PullInfo; repositoryId: string; defaultBranch: string };
  /** The commit the draft was published as (its squash merge); absent when it was closed. */
  published?: string;
}

/**
 * After a publish or a close, the draft branch goes only while it still holds the head that was
 * published or closed (the provider checks it atomically with the deletion). A save that landed on
 * it meanwhile was answered 200 and is not in what was published: the branch is kept, carried onto
 * the published version when published (below), a pull request is opened for it (in progress), so
 * the save is on the board and its item reads as having a draft, and the answer says so. Costs
 * nothing more unless the branch moved: then one round trip (GitHub's refusal does not say where
 * the branch is), the carrying and the pull request.
 */
export async function removeDraftBranch(
  deps: Pick<PullDeps, 'pullHost'>,
  { opened, view, published }: DraftCleanup,
): Promise<KeptBranch | undefined> {
  const { pull } = view;
  const outcome = await opened.call((token) =>
    deps.pullHost.deleteBranch(token, opened.repo, {
      repositoryId: view.repositoryId,
      branch: pull.headRef,
      head: pull.headSha,
    }),
  );
  if (outcome.deleted || outcome.head === null || outcome.head === pull.headSha) return undefined;
  const later = outcome.head;
  const done = published ? 'published' : 'closed';
  // A branch that moved again meanwhile is left as it is: it is kept either way.
  const head = published
    ? await carryOnto(deps, {
        opened,
        branch: pull.headRef,
        from: pull.headSha,
        later,
        published,
      }).catch(() => later)
    : later;
  const body = `Saved on ${pull.headRef} while #${pull.number} was being ${done}: ${published ? 'not in the published version' : 'kept, not discarded'}.`;
  const number = await opened
    .call((token) =>
      deps.pullHost.createPull(token, opened.repo, {
        head: pull.headRef,
        base: view.defaultBranch,
        title: pull.title,
        body,
        draft: true,
      }),
    )
    .then(
      (created) => created.number,
      (error: unknown) => {
        // Someone opened one already, or the branch holds nothing the default branch lacks.
        if (error instanceof ConflictError || error instanceof InvalidInputError) return null;
        throw error;
      },
    );
  const where =
    number === null
      ? `it stays on ${pull.headRef}`
      : `it stays on ${pull.headRef}, in draft pull request #${number}`;
  return {
    branch: pull.headRef,
    headSha: head,
    number,
    message: `A save landed on the draft while it was being ${done} and is not in what was ${done}; ${where}.`,
  };
}

/**
 * The later saves (`from`..`later`, `from` being what was published) on top of the published
 * commit, as a merge commit on the branch: its pull request then shows only them, and publishes
 * without conflicts. A file the default branch changed too is merged as Update merges it (field by
 * field); a real conflict leaves the branch as it is, for Update or Rebase. Answers the branch's head.
 */
async function carryOnto(
  deps: Pick<PullDeps, 'pullHost'>,
  input: { opened: Opened; branch: string; from: string; later: string; published: string },
): Promise<string> {
  const { opened } = input;
  const comparison = await opened.call((token) =>
    deps.pullHost.compare(token, opened.repo, input.from, input.later),
  );
  // The branch was rewritten, not saved on: nothing to carry.
  if (comparison.mergeBase !== input.from) return input.later;
  const paths = [
    ...new Set(
      comparison.files.flatMap((file) => [
        file.path,
        ...(file.previousPath ? [file.previousPath] : []),
      ]),
    ),
  ];
  const wanted = Object.fromEntries(
    paths.flatMap((path, n) => [
      [`base${n}`, { path, ref: input.from }],
      [`ours${n}`, { path, ref: input.later }],
      [`theirs${n}`, { path, ref: input.published }],
    ]),
  );
  const reads = paths.length
    ? await opened.call((token) =>
        deps.pullHost.readTexts(token, opened.repo, wanted, { modes: true }),
      )
    : {};
  const { changes, conflicts } = resolveUpdate(
    paths.map((path, n) => ({
      path,
      sides: {
        base: reads[`base${n}`] ?? absent,
        ours: reads[`ours${n}`] ?? absent,
        theirs: reads[`theirs${n}`] ?? absent,
      },
    })),
  );
  if (conflicts.length > 0) return input.later;
  return opened.call((token) =>
    deps.pullHost.commitTree(token, opened.repo, {
      branch: input.branch,
      parents: [input.later, input.published],
      treeFrom: input.published,
      changes,
      message: `Carry ${input.branch} onto what was published\n\nSaves that landed while the draft was being published, on top of it, in the CMS.`,
      force: false,
    }),
  );
}
