import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost } from '../ports/git-host';
import { indexStateKeys, stateOf, type IndexState } from './collection-index/index-state';
import type { CollectionConfig } from './config-schema';
import { treeDepthOf } from './item-path';
import { listFiles, type ListedFile } from './item-listing';
import { collectionOf, repoId, type RepoReader, type RepoView } from './repo-reader';
import type { CollectionRef } from './item-ref';
import type { SkippedFile } from './schemas';

/** A collection as a user reads it: GitHub is called with `userId`'s own token. */
export interface ReadCollectionOptions extends CollectionRef {
  userId: string;
}

export interface CollectionRead {
  view: RepoView;
  collection: CollectionConfig;
  /** The collection's index state, read with the connection. */
  state: IndexState | undefined;
  /** The directory's tree oid (null: no directory; undefined: not known, from a record made before it was kept). */
  treeOid: string | null | undefined;
  /** The items and the entries that are not, when the directory's entries were read. */
  listed?: { files: ListedFile[]; skipped: SkippedFile[] };
}

/**
 * A collection as a list starts from, in one round trip to the table (with the credential, the
 * index state) and at most one to GitHub (or none, from push-freshness records): the config, the
 * directory's tree oid, and its entries unless the index state says the collection is larger than
 * `inlineLimit` (its entries are then not read here: GraphQL answers a directory in one piece).
 */
export function createCollectionRead(deps: {
  reader: Pick<RepoReader, 'collectionTree'>;
  gitHost: Pick<GitHost, 'readDirectory'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  inlineLimit: number;
}) {
  const isLarge = (state: IndexState | undefined) =>
    state !== undefined && state.status !== 'inline' && state.total > deps.inlineLimit;

  async function read({
    userId,
    fullName,
    collection: name,
    locale,
  }: ReadCollectionOptions): Promise<CollectionRead> {
    // A list in a named locale reads GitHub and lists its tree whole: the push-freshness records
    // and the collection index are the default list's (keyed by collection alone).
    const view = await deps.reader.collectionTree({
      userId,
      fullName,
      collection: name,
      ...(locale !== undefined && { locale }),
      at: (collection, items) => ({
        path: collection.directory,
        ...(treeDepthOf(collection) === 2 ? { depth: 2 as const } : {}),
        ...(isLarge(stateOf(items[0])) ? { entries: false as const } : {}),
      }),
      alsoRead: locale === undefined ? indexStateKeys(fullName, name) : [],
    });
    const collection = collectionOf(view.config, name, locale);
    const entries = view.snapshot.trees.items;
    return {
      view,
      collection,
      state: stateOf(view.alsoRead[0]),
      treeOid: view.snapshot.oids?.items,
      ...(entries !== undefined && { listed: listFiles(collection, entries ?? []) }),
    };
  }

  /** The directory's items, read whole (REST trees, with the user's token) when the first read left them out. */
  async function listedOf(
    userId: string,
    read: CollectionRead,
  ): Promise<NonNullable<CollectionRead['listed']>> {
    if (read.listed) return read.listed;
    if (read.treeOid === null) return { files: [], skipped: [] };
    const { collection, view } = read;
    const directory = await deps.providerAccess.withToken(userId, (token) =>
      deps.gitHost.readDirectory(token, repoId(view.connection.fullName), {
        path: collection.directory,
        depth: treeDepthOf(collection),
        ...(read.treeOid ? { treeOid: read.treeOid } : {}),
      }),
    );
    return listFiles(collection, directory?.entries ?? []);
  }

  return { read, listedOf };
}

export type CollectionReads = ReturnType<typeof createCollectionRead>;
