import type { CmsConfig } from '../content/config-schema';
import { readPublishGate } from './publish-gate';
import { readPullChecks } from './pull-checks';
import { diffItem } from '../content/content-diff';
import { parseDraftBranch } from '../content/draft-branch';
import { slugOfPath } from '../content/item-path';
import { itemOf } from './item-of-path';
import { ownPathOf } from './draft-rules';
import { unreachableRepo } from '../repos/connections';
import type { ContentDiff } from './schemas';
import { absent, type BlobRead, type ChangedFile } from '../ports/pull-host';
import {
  configBlob,
  configFrom,
  detailOf,
  openRepo,
  isCmsBranch,
  readDraftPull,
  requireDraftPull,
  summaryOf,
  type PullDeps,
  type PullOptions,
} from './pull-context';

const textOf = (read: BlobRead) => (read.kind === 'text' ? read.text : undefined);

/**
 * A changed file shown whole (not a content item, or binary): collection and slug '' unless it is
 * an item, the texts as body, and the provider's status in `file`.
 */
function fileDiff({
  file,
  before,
  after,
  item,
}: {
  file: ChangedFile;
  before: BlobRead;
  after: BlobRead;
  item: { collection: string; slug: string } | undefined;
}): ContentDiff {
  const binary = before.kind === 'binary' || after.kind === 'binary';
  return {
    collection: item?.collection ?? '',
    slug: item?.slug ?? '',
    type: file.status === 'added' ? 'added' : file.status === 'removed' ? 'deleted' : 'modified',
    frontmatter: { fields: [] },
    body: { oldBody: textOf(before) ?? '', newBody: textOf(after) ?? '' },
    path: file.path,
    file: {
      status: file.status,
      ...(file.previousPath ? { previousPath: file.previousPath } : {}),
      ...(binary ? { binary } : {}),
    },
  };
}

/**
 * A rename the provider reports as a removal plus an addition (e.g. after the renamed item was
 * edited on its draft) is shown as it is reported as a rename: one entry for the draft's own file,
 * with the other item of its collection as `previousPath`. Only the pair the draft rules accept.
 */
function pairRename(
  files: readonly ChangedFile[],
  headRef: string,
  config: CmsConfig,
): ChangedFile[] {
  const draft = parseDraftBranch(headRef);
  const collection = draft && !draft.deletions ? config.collections[draft.collection] : undefined;
  if (!draft || !collection) return [...files];
  const own = ownPathOf(collection, draft.slug, files);
  const added = files.find((file) => file.path === own && file.status === 'added');
  const removed = files.filter((file) => file.status === 'removed' && file.path !== own);
  const source =
    removed.length === 1 && slugOfPath(collection, removed[0]!.path) !== undefined
      ? removed[0]!
      : undefined;
  if (!added || !source) return [...files];
  return files.flatMap((file) =>
    file === source
      ? []
      : file === added
        ? [{ path: own, status: 'renamed' as const, previousPath: source.path }]
        : [file],
  );
}

export function createPullReads(deps: PullDeps) {
  return {
    /**
     * Open drafts, every page; one round trip per 100 open pull requests, the config included. A
     * pull request from a fork, or into another branch than the default one, is never listed,
     * whatever its branch is called.
     */
    async list(userId: string, fullName: string) {
      const opened = await openRepo(deps, { userId, fullName });
      const view = await opened.call((token) =>
        deps.pullHost.listOpenPulls(token, opened.repo, configBlob),
      );
      if (!view) throw unreachableRepo(fullName);
      const config = configFrom(view.blobs.config, opened.connection.config);
      return view.pulls
        .filter(
          (pull) =>
            isCmsBranch(pull.headRef) &&
            !pull.crossRepository &&
            pull.baseRef === view.defaultBranch,
        )
        .map((pull) => summaryOf(pull, config));
    },

    /**
     * The draft, with `mergeBlockers` saying why it cannot be published (empty for a genuine draft)
     * and, while it is open and genuine, `review`: what the default branch's rules ask and where the
     * draft stands (publish-gate.ts; four provider reads in parallel), unless `review` is false.
     */
    async get({
      userId,
      fullName,
      number,
      review: withReview,
    }: PullOptions & { review?: boolean }) {
      const opened = await openRepo(deps, { userId, fullName });
      const view = await requireDraftPull(deps, { opened, number });
      const detail = detailOf(view.pull, view.config, view.problems);
      if (withReview === false || view.pull.state !== 'open' || view.problems.length > 0)
        return detail;
      const review = await opened.call((token) =>
        readPublishGate({
          reviewHost: deps.reviewHost,
          token,
          repo: opened.repo,
          input: {
            number,
            headSha: view.pull.headSha,
            baseBranch: view.defaultBranch,
            reviewDecision: view.pull.reviewDecision,
          },
        }),
      );
      return { ...detail, review };
    },

    /**
     * Every file changed between the merge base and the head: a ContentDiff per markdown item,
     * and an entry with `file` for anything else (a reviewer must see all a merge would publish).
     * Round trips: the pull request (with the config), the comparison, then both sides of every
     * file in one query.
     */
    async diff({ userId, fullName, number }: PullOptions) {
      const opened = await openRepo(deps, { userId, fullName });
      const view = await readDraftPull(deps, { opened, number });
      const comparison = await opened.call((token) =>
        deps.pullHost.compare(token, opened.repo, view.pull.baseSha, view.pull.headSha),
      );
      if (comparison.files.length === 0) return [];
      const files = pairRename(comparison.files, view.pull.headRef, view.config);
      const wanted: Record<string, { path: string; ref: string }> = {};
      files.forEach((file, n) => {
        if (file.status !== 'added')
          wanted[`old${n}`] = { path: file.previousPath ?? file.path, ref: comparison.mergeBase };
        if (file.status !== 'removed')
          wanted[`new${n}`] = { path: file.path, ref: view.pull.headSha };
      });
      const reads = await opened.call((token) =>
        deps.pullHost.readTexts(token, opened.repo, wanted),
      );
      return files.map((file, n) => {
        const before = reads[`old${n}`] ?? absent;
        const after = reads[`new${n}`] ?? absent;
        const item = itemOf(view.config, file.path);
        if (!item || before.kind === 'binary' || after.kind === 'binary')
          return fileDiff({ file, before, after, item });
        const previous = file.previousPath ? itemOf(view.config, file.previousPath) : undefined;
        const renamed =
          previous && file.previousPath
            ? { previousSlug: previous.slug, previousPath: file.previousPath }
            : {};
        return {
          ...diffItem({ ...item, oldText: textOf(before), newText: textOf(after) }),
          path: file.path,
          ...(item.locale !== undefined && { locale: item.locale }),
          ...renamed,
        };
      });
    },

    /** The check runs on the draft's head with their reports (pull-checks.ts). */
    checks: (options: PullOptions) => readPullChecks(deps, options),

    async comments({ userId, fullName, number }: PullOptions) {
      const opened = await openRepo(deps, { userId, fullName });
      await readDraftPull(deps, { opened, number });
      return opened.call((token) => deps.pullHost.listComments(token, opened.repo, number));
    },
  };
}

export type PullReads = ReturnType<typeof createPullReads>;
