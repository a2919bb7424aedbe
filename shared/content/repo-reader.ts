import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost, RepoId, Snapshot, SnapshotRequest } from '../githost/git-host';
import { InvalidInputError, ConflictError, NotFoundError } from '../errors';
import { isValidCollectionName } from './collection-name';
import { unreachableRepo, type Connection, type Connections } from '../repos/connections';
import { cmsConfigFileName, parseCmsConfig, type CmsConfig, type CollectionConfig } from './config-schema';

export interface RepoReaderDeps {
  gitHost: Pick<GitHost, 'snapshot'>;
  connections: Pick<Connections, 'key' | 'requireFrom' | 'rememberConfig'>;
  providerAccess: Pick<ProviderAccess, 'readAlongside'>;
}

export const repoId = (fullName: string): RepoId => {
  const [owner = '', name = ''] = fullName.split('/');
  return { owner, name };
};

export interface RepoView {
  connection: Connection;
  config: CmsConfig;
  snapshot: Snapshot;
}

/**
 * Reads a connected repository in one provider round trip: the current `cms.config.json` plus
 * whatever the caller needs, which usually depends on the config (a collection's directory). The
 * connection remembers the last config, so the guess is right unless the config just changed;
 * then one more round trip reads with the fresh config. The table is read once before that: the
 * connection together with the user's record (`readAlongside`).
 */
export function createRepoReader(deps: RepoReaderDeps) {
  return {
    async read(userId: string, fullName: string, wants: (config: CmsConfig) => SnapshotRequest): Promise<RepoView> {
      // The connection and the user's provider token in one round trip to the table.
      const access = await deps.providerAccess.readAlongside(userId, [deps.connections.key(fullName)]);
      const connection = deps.connections.requireFrom(fullName, access.items[0]);
      const repo = repoId(connection.fullName);
      const load = async (config: CmsConfig) => {
        const request = wants(config);
        const snapshot = await access.withToken((token) =>
          deps.gitHost.snapshot(token, repo, { ...request, blobs: { ...request.blobs, [configKey]: { path: cmsConfigFileName } } }),
        );
        if (!snapshot) throw unreachableRepo(fullName);
        return snapshot;
      };
      let snapshot = await load(connection.config);
      const blob = snapshot.blobs[configKey];
      if (!blob || blob.text === null || blob.isTruncated) throw new ConflictError(`${cmsConfigFileName} is missing from ${fullName}; restore it or disconnect the repository`);
      if (blob.oid === connection.configOid) return { connection, config: connection.config, snapshot };
      let config: CmsConfig;
      try {
        config = parseCmsConfig(blob.text);
      } catch (error) {
        throw new ConflictError(`${fullName} has an invalid ${(error as Error).message}`, { cause: error });
      }
      await deps.connections.rememberConfig(connection.fullName, config, blob.oid);
      if (JSON.stringify(wants(config)) !== JSON.stringify(wants(connection.config))) snapshot = await load(config);
      return { connection: { ...connection, config, configOid: blob.oid }, config, snapshot };
    },
  };
}

const configKey = '__config';

export type RepoReader = ReturnType<typeof createRepoReader>;

export function collectionOf(config: CmsConfig, name: string): CollectionConfig {
  if (!isValidCollectionName(name)) throw new InvalidInputError('collection: not a valid collection name (lowercase letters, digits, "-", "_")');
  const collection = Object.hasOwn(config.collections, name) ? config.collections[name] : undefined;
  if (!collection) throw new NotFoundError(`Collection ${name} not found`);
  return collection;
}
