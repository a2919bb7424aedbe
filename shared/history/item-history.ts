import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import type { CollectionConfig } from '../content/config-schema';
import { assertBranchName } from '../content/content-reads';
import { foundItemFile, itemFileRequests } from '../content/item-files';
import { itemPath, patternOfPath, patternsOf, slugOfPath, treeDepthOf } from '../content/item-path';
import type { ItemRef } from '../content/item-ref';
import { collectionOf, repoId, type RepoReader } from '../content/repo-reader';
import { assertItemSlug } from '../content/slug-encoding';
import { NotFoundError } from '../errors';
import type {
  HistoryCommit,
  HistoryHost,
  HistoryPage,
  MovedFromRequest,
} from '../ports/history-host';
import type { Connections } from '../repos/connections';
import { cmsOrigin, cmsRenameSource, isCmsCreate } from './cms-origin';
import { decodeHistoryCursor, encodeHistoryCursor, type HistoryCursor } from './history-cursor';
import { defaultHistoryLimit, type ItemHistory, type ItemVersion } from './history-schemas';

export interface ItemHistoryDeps {
  reader: RepoReader;
  connections: Pick<Connections, 'key' | 'requireFrom'>;
  providerAccess: Pick<ProviderAccess, 'readAlongside'>;
  historyHost: HistoryHost;
}

/** One page of an item's history: the newest (no cursor) or the one a cursor names. */
export interface ItemHistoryOptions extends Pick<Actor, 'userId'>, ItemRef {
  limit?: number;
  cursor?: string;
  branch?: string;
}

const configPath = 'cms.config.json';

export function createItemHistory(deps: ItemHistoryDeps) {
  /**
   * The page's versions, and where the next page starts. A history that reached the commit
   * adding the file goes on at the file it was moved from, if any: known without a round trip
   * for the CMS's own renames and creations, asked of the provider (one round trip) otherwise.
   */
  async function finish(input: {
    movedFrom: (at: MovedFromRequest) => Promise<string[]>;
    collectionName: string;
    collection: CollectionConfig;
    path: string;
    page: HistoryPage;
  }): Promise<ItemHistory> {
    const { collectionName, collection, path, page } = input;
    const slug = slugOfPath(collection, path) ?? '';
    const versions = page.commits.map((commit) => versionOf({ commit, slug, path }));
    if (page.next !== null)
      return { versions, next: encodeHistoryCursor({ path, from: page.head, after: page.next }) };
    const oldest = page.commits[page.commits.length - 1];
    if (!oldest?.blob || !page.oldestParent) return { versions, next: null };
    const item = { collection: collectionName, slug };
    if (isCmsCreate(oldest, item)) return { versions, next: null };
    const renamedFrom = cmsRenameSource(oldest, item);
    let previous: string | undefined;
    if (renamedFrom !== undefined) {
      // A rename keeps the item's layout: the old file is the same pattern's.
      previous = pathOfSlug(collection, renamedFrom, patternOfPath(collection, path));
    } else {
      const moved = await input.movedFrom({
        commit: oldest.oid,
        parent: page.oldestParent,
        directory: collection.directory,
        blob: oldest.blob,
        depth: treeDepthOf(collection),
      });
      previous = moved.find((candidate) => slugOfPath(collection, candidate) !== undefined);
    }
    return {
      versions,
      next:
        previous === undefined
          ? null
          : encodeHistoryCursor({ path: previous, from: page.oldestParent, after: null }),
    };
  }

  return {
    /**
     * The commits that changed the item's file, newest first: one GraphQL round trip per page
     * (the history, with the config's oid to check the remembered config), one more where the
     * history meets a file moved there from another slug by something else than the CMS.
     */
    async log(options: ItemHistoryOptions): Promise<ItemHistory> {
      const { userId, fullName, collection: collectionName, slug, branch, locale } = options;
      assertItemSlug(slug);
      if (branch !== undefined) assertBranchName(branch);
      const cursor: HistoryCursor | undefined =
        options.cursor === undefined ? undefined : decodeHistoryCursor(options.cursor);
      const limit = options.limit ?? defaultHistoryLimit;
      const access = await deps.providerAccess.readAlongside(userId, [
        deps.connections.key(fullName),
      ]);
      const connection = deps.connections.requireFrom(fullName, access.items[0]);
      const repo = repoId(connection.fullName);
      let collection = collectionOf(connection.config, collectionName, locale);
      const token = <T>(call: (accessToken: string) => Promise<T>) => access.withToken(call);
      const read = (path: string) =>
        token((accessToken) =>
          deps.historyHost.history(accessToken, repo, {
            from: cursor?.from ?? branch ?? 'HEAD',
            path,
            first: limit,
            ...(cursor?.after ? { after: cursor.after } : {}),
            ...(cursor === undefined && { check: configPath }),
          }),
        );
      /**
       * The item's file today: with one layout its only path (no round trip); with several, the
       * one of them that exists on the branch (one round trip), else the first.
       */
      const currentPath = async (of: CollectionConfig): Promise<string> => {
        if (patternsOf(of).length === 1) return itemPath(of, slug);
        const view = await deps.reader.read({
          userId,
          fullName,
          wants: () => ({
            blobs: itemFileRequests({ collection: of, slug, key: 'file', ref: branch }),
          }),
        });
        const blobs = view.snapshot.blobs;
        return (
          foundItemFile({ collection: of, slug, blobs, key: 'file' })?.path ?? itemPath(of, slug)
        );
      };
      let path = cursor?.path ?? (await currentPath(collection));
      if (cursor !== undefined && slugOfPath(collection, path) === undefined)
        throw new NotFoundError(`The cursor names no item of collection ${collectionName}`);
      let page = await read(path);
      if (page && cursor === undefined && page.checkedOid !== connection.configOid) {
        // The config changed since it was remembered: read it (and remember it), and read the
        // history again if the item's file is elsewhere now.
        const view = await deps.reader.read({ userId, fullName, wants: () => ({}) });
        collection = collectionOf(view.config, collectionName, locale);
        const fresh = await currentPath(collection);
        if (fresh !== path) {
          path = fresh;
          page = await read(path);
        }
      }
      if (!page)
        throw new NotFoundError(
          branch ? `Branch ${branch} not found in ${fullName}` : `${fullName} has no commits`,
        );
      if (cursor === undefined && page.commits.length === 0)
        throw new NotFoundError(`Item ${collectionName}/${slug} has no history`);
      const movedFrom = (at: MovedFromRequest) =>
        token((accessToken) => deps.historyHost.movedFrom(accessToken, repo, at));
      return finish({ movedFrom, collectionName, collection, path, page });
    },
  };
}

/** The file of `slug`, or undefined when a commit message names something that is not a slug. */
function pathOfSlug(
  collection: CollectionConfig,
  slug: string,
  pattern: string | undefined,
): string | undefined {
  try {
    return itemPath(collection, slug, pattern);
  } catch {
    return undefined;
  }
}

function versionOf(input: { commit: HistoryCommit; slug: string; path: string }): ItemVersion {
  const { commit, slug, path } = input;
  const cms = cmsOrigin(commit.message);
  return {
    sha: commit.oid,
    date: commit.date,
    message: commit.message,
    author: { login: commit.authorLogin, name: commit.authorName },
    slug,
    path,
    blob: commit.blob,
    ...(cms && { cms }),
    ...(commit.pullRequest && {
      changeRequest: { number: commit.pullRequest.number, branch: commit.pullRequest.headRefName },
    }),
  };
}

export type ItemHistoryReads = ReturnType<typeof createItemHistory>;
