import type { CmsConfig } from '../content/config-schema';
import { diffItem } from '../content/content-diff';
import { parseDraftBranch } from '../content/draft-branch';
import { slugFromPath } from '../content/slug';
import { unreachableRepo } from '../repos/connections';
import { configBlob, configFrom, detailOf, openRepo, requireDraftPull, summaryOf, type PullDeps } from './pull-context';

/** The collection and slug of a changed path, by the collections' directories. */
function itemOf(config: CmsConfig, path: string) {
  for (const [collection, definition] of Object.entries(config.collections)) {
    const slug = slugFromPath(definition.directory, path);
    if (slug) return { collection, slug, fieldOrder: definition.fields.map((field) => field.name) };
  }
  return undefined;
}

export function createPullReads(deps: PullDeps) {
  return {
    /** Open drafts, every page; one round trip per 100 open pull requests, the config included. */
    async list(userId: string, fullName: string) {
      const opened = await openRepo(deps, userId, fullName);
      const view = await opened.call((token) => deps.pullHost.listOpenPulls(token, opened.repo, configBlob));
      if (!view) throw unreachableRepo(fullName);
      const config = configFrom(view.blobs.config, opened.connection.config);
      return view.pulls.filter((pull) => parseDraftBranch(pull.headRef)).map((pull) => summaryOf(pull, config));
    },

    async get(userId: string, fullName: string, number: number) {
      const opened = await openRepo(deps, userId, fullName);
      const view = await requireDraftPull(deps, opened, number);
      return detailOf(view.pull, view.config);
    },

    /**
     * One ContentDiff per markdown item changed between the merge base and the head: the pull
     * request (with the config), the comparison, then both sides of every file in one query.
     */
    async diff(userId: string, fullName: string, number: number) {
      const opened = await openRepo(deps, userId, fullName);
      const view = await requireDraftPull(deps, opened, number);
      const comparison = await opened.call((token) => deps.pullHost.compare(token, opened.repo, view.pull.baseSha, view.pull.headSha));
      const files = comparison.files.flatMap((file) => {
        const item = itemOf(view.config, file.path);
        return item ? [{ ...file, ...item }] : [];
      });
      if (files.length === 0) return [];
      const wanted: Record<string, { path: string; ref: string }> = {};
      files.forEach((file, n) => {
        if (file.status !== 'added') wanted[`old${n}`] = { path: file.previousPath ?? file.path, ref: comparison.mergeBase };
        if (file.status !== 'removed') wanted[`new${n}`] = { path: file.path, ref: view.pull.headSha };
      });
      const texts = await opened.call((token) => deps.pullHost.readTexts(token, opened.repo, wanted));
      return files.map((file, n) =>
        diffItem({
          collection: file.collection,
          slug: file.slug,
          fieldOrder: file.fieldOrder,
          oldText: texts[`old${n}`] ?? undefined,
          newText: texts[`new${n}`] ?? undefined,
        }),
      );
    },

    async comments(userId: string, fullName: string, number: number) {
      const opened = await openRepo(deps, userId, fullName);
      await requireDraftPull(deps, opened, number);
      return opened.call((token) => deps.pullHost.listComments(token, opened.repo, number));
    },
  };
}

export type PullReads = ReturnType<typeof createPullReads>;
