import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost, RepoId, Snapshot, SnapshotRequest, TreeAt } from '../ports/git-host';
import type { RepoFreshness } from '../freshness/repo-freshness';
import type { StoreItem, StoreKey } from '../ports/store';
import { InvalidInputError, ConflictError, NotFoundError } from '../errors';
import { isValidCollectionName } from './collection-name';
import type { CollectionRef } from './item-ref';
import { unreachableRepo, type Connection, type Connections } from '../repos/connections';
import { cmsConfigFileName, type CmsConfig, type CollectionConfig } from './config-schema';
import { collectionProblemOf, readCmsConfig } from './config-read';
import { collectionInLocale, localeProblem } from './i18n/locale-collection';

export interface RepoReaderDeps {
  gitHost: Pick<GitHost, 'snapshot'>;
  connections: Pick<Connections, 'key' | 'requireFrom' | 'rememberConfig'>;
  providerAccess: Pick<ProviderAccess, 'readAlongside'>;
  /** Collection trees kept fresh by push webhooks; absent, every list reads GitHub. */
  freshness?: Pick<RepoFreshness, 'keys' | 'cached' | 'remember'>;
}

export const repoId = (fullName: string): RepoId => {
  const [owner = '', name = ''] = fullName.split('/');
  return { owner, name };
};

/** Where a list reads a collection's directory; `entries: false` asks its tree oid alone (a collection too large to list in one answer). */
export type CollectionAt = TreeAt & { entries?: false };

export interface RepoView {
  connection: Connection;
  config: CmsConfig;
  snapshot: Snapshot;
}

export interface RepoReadOptions {
  /** Whose GitHub token reads. */
  userId: string;
  fullName: string;
  /** What to read besides the config, which usually depends on the config. */
  wants: (config: CmsConfig) => SnapshotRequest;
}

export interface CollectionTreeOptions extends CollectionRef {
  userId: string;
  /** Where to read the collection's directory, given its config and the `alsoRead` records. */
  at: (collection: CollectionConfig, alsoRead: readonly (StoreItem | undefined)[]) => CollectionAt;
  /** Keys read with the connection (the same request to the table), handed to `at` and back. */
  alsoRead?: StoreKey[];
}

/**
 * Reads a connected repository in one provider round trip: the current `cms.config.json` plus
 * whatever the caller needs, which usually depends on the config (a collection's directory). The
 * connection remembers the last config, so the guess is right unless the config just changed;
 * then one more round trip reads with the fresh config. The table is read once before that: the
 * connection together with the user's record (`readAlongside`).
 */
export function createRepoReader(deps: RepoReaderDeps) {
  /** The connection and the user's provider token in one round trip to the table, with `others`. */
  async function connect(userId: string, fullName: string, others: StoreKey[] = []) {
    const access = await deps.providerAccess.readAlongside(userId, [
      deps.connections.key(fullName),
      ...others,
    ]);
    return {
      access,
      connection: deps.connections.requireFrom(fullName, access.items[0]),
      records: access.items.slice(1),
    };
  }

  async function view({
    access,
    connection,
    fullName,
    wants,
  }: Omit<RepoReadOptions, 'userId'> & {
    access: Access;
    connection: Connection;
  }): Promise<RepoView> {
    const repo = repoId(connection.fullName);
    const load = async (config: CmsConfig) => {
      const request = wants(config);
      const snapshot = await access.withToken((token) =>
        deps.gitHost.snapshot(token, repo, {
          ...request,
          blobs: { ...request.blobs, [configKey]: { path: cmsConfigFileName } },
        }),
      );
      if (!snapshot) throw unreachableRepo(fullName);
      return snapshot;
    };
    let snapshot = await load(connection.config);
    const blob = snapshot.blobs[configKey];
    if (!blob || blob.text === null || blob.isTruncated)
      throw new ConflictError(
        `${cmsConfigFileName} is missing from ${fullName}; restore it or disconnect the repository`,
      );
    if (blob.oid === connection.configOid)
      return { connection, config: connection.config, snapshot };
    let config: CmsConfig;
    try {
      config = readCmsConfig(blob.text);
    } catch (error) {
      throw new ConflictError(`${fullName} has an invalid ${(error as Error).message}`, {
        cause: error,
      });
    }
    await deps.connections.rememberConfig({
      fullName: connection.fullName,
      config,
      configOid: blob.oid,
    });
    if (JSON.stringify(wants(config)) !== JSON.stringify(wants(connection.config)))
      snapshot = await load(config);
    return { connection: { ...connection, config, configOid: blob.oid }, config, snapshot };
  }

  return {
    async read({ userId, fullName, wants }: RepoReadOptions): Promise<RepoView> {
      const { access, connection } = await connect(userId, fullName);
      return view({ access, connection, fullName, wants });
    },

    /**
     * A collection's directory, for lists: its entries (`trees.items`) unless `at` says
     * `entries: false`, and always its tree oid (`oids.items`). From the table, with no GitHub
     * round trip, while push webhooks keep it fresh (shared/freshness/repo-freshness.ts);
     * otherwise as `read` does, recording what it read for the next list. `alsoRead` keys are
     * read with the connection (the same request to the table) and handed to `at` and back. A
     * collection the config lacks reads no tree.
     */
    async collectionTree(
      options: CollectionTreeOptions,
    ): Promise<RepoView & { alsoRead: (StoreItem | undefined)[] }> {
      const { userId, fullName, collection: collectionName, at } = options;
      // A named locale's tree is not the one the freshness records keep (collection-read.ts).
      const freshness = options.locale === undefined ? deps.freshness : undefined;
      const freshKeys = freshness?.keys(fullName, collectionName, userId) ?? [];
      const {
        access,
        connection,
        records: all,
      } = await connect(userId, fullName, [...freshKeys, ...(options.alsoRead ?? [])]);
      const [records, alsoRead] = [all.slice(0, freshKeys.length), all.slice(freshKeys.length)];
      const wanted = (config: CmsConfig) => {
        const collection = Object.hasOwn(config.collections, collectionName)
          ? config.collections[collectionName]
          : undefined;
        const request = { config, name: collectionName, collection, locale: options.locale };
        if (!collection || localeProblem({ ...request, collection })) return undefined;
        return at(collectionInLocale({ ...request, collection }), alsoRead);
      };
      const current = wanted(connection.config);
      const cached = freshness && current ? freshness.cached(records, connection) : undefined;
      if (
        cached &&
        current &&
        (current.entries === false ? cached.treeOid !== undefined : cached.entries !== undefined)
      ) {
        const snapshot: Snapshot = {
          defaultBranch: cached.branch,
          defaultBranchOid: cached.headOid,
          blobs: {},
          trees: current.entries === false ? {} : { items: cached.entries ?? null },
          ...(cached.treeOid !== undefined && { oids: { items: cached.treeOid } }),
          branches: {},
        };
        return { connection, config: connection.config, snapshot, alsoRead };
      }
      const read = await view({
        access,
        connection,
        fullName,
        wants: (config) => {
          const tree = wanted(config);
          if (!tree) return {};
          const { entries, ...place } = tree;
          return {
            ...(entries === false ? {} : { trees: { items: place } }),
            oids: { items: { path: place.path } },
          };
        },
      });
      const tree = wanted(read.config);
      if (freshness && tree) {
        const { entries: _entries, ...place } = tree;
        await freshness.remember({
          fullName: connection.fullName,
          collection: collectionName,
          userId,
          records,
          configOid: read.connection.configOid,
          at: place,
          branch: read.snapshot.defaultBranch,
          headOid: read.snapshot.defaultBranchOid,
          entries: read.snapshot.trees.items ?? null,
          treeOid: read.snapshot.oids?.items ?? null,
        });
      }
      return { ...read, alsoRead };
    },
  };
}

type Access = Awaited<ReturnType<ProviderAccess['readAlongside']>>;

const configKey = '__config';

export type RepoReader = ReturnType<typeof createRepoReader>;

/**
 * A `wants` for one collection (in `locale`, for a translated one): what `build` asks of it, or
 * nothing when the config has no such collection or locale (the read then answers 400, 404 or 409
 * by name through collectionOf, once the config is known).
 */
export const collectionWants =
  (name: string, build: (collection: CollectionConfig) => SnapshotRequest, locale?: string) =>
  (config: CmsConfig): SnapshotRequest => {
    if (!Object.hasOwn(config.collections, name)) return {};
    const collection = config.collections[name]!;
    if (localeProblem({ config, name, collection, locale }) !== undefined) return {};
    return build(collectionInLocale({ config, name, collection, locale }));
  };

/**
 * The collection `name` of the config, in `locale` when it is translated (i18n/locale-view.ts:
 * the default locale when absent); 400, 404 or 409 by name when there is none to serve.
 */
export function collectionOf(config: CmsConfig, name: string, locale?: string): CollectionConfig {
  if (!isValidCollectionName(name))
    throw new InvalidInputError(
      'collection: not a valid collection name (lowercase letters, digits, "-", "_")',
    );
  const problem = collectionProblemOf(config, name);
  if (problem) throw new ConflictError(problem);
  const collection = Object.hasOwn(config.collections, name) ? config.collections[name] : undefined;
  if (!collection) throw new NotFoundError(`Collection ${name} not found`);
  return collectionInLocale({ config, name, collection, locale });
}
