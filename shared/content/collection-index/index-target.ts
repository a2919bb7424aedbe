import type { GitHost } from '../../ports/git-host';
import type { Connection } from '../../repos/connections';
import { cmsConfigFileName, type CollectionConfig } from '../config-schema';
import { readCmsConfig } from '../config-read';
import { repoId } from '../repo-reader';
import { indexVersion } from './index-version';

/** What an index is built for: the collection as the current config says, its directory's tree, and the version they make. */
export interface IndexTarget {
  collection: CollectionConfig;
  treeOid: string | null;
  configOid: string;
  version: string;
}

/**
 * The collection's config and directory oid at the default branch's head, in one GraphQL round
 * trip (two when the config moved the directory). Null when the config is missing or invalid, or
 * no longer has the collection: there is nothing to index.
 */
export async function readTarget({
  gitHost,
  token,
  connection,
  name,
}: {
  gitHost: Pick<GitHost, 'snapshot'>;
  token: string;
  connection: Connection;
  name: string;
}): Promise<IndexTarget | null> {
  const repo = repoId(connection.fullName);
  const read = (directory: string | undefined) =>
    gitHost.snapshot(token, repo, {
      blobs: { config: { path: cmsConfigFileName } },
      ...(directory !== undefined && { oids: { dir: { path: directory } } }),
    });
  const guess = Object.hasOwn(connection.config.collections, name)
    ? connection.config.collections[name]!.directory
    : undefined;
  let snapshot = await read(guess);
  const blob = snapshot?.blobs.config;
  if (!blob || blob.text === null || blob.isTruncated) return null;
  let config = connection.config;
  if (blob.oid !== connection.configOid) {
    try {
      config = readCmsConfig(blob.text);
    } catch {
      return null;
    }
  }
  const collection = Object.hasOwn(config.collections, name) ? config.collections[name] : undefined;
  if (!collection) return null;
  if (collection.directory !== guess) snapshot = await read(collection.directory);
  const treeOid = snapshot?.oids?.dir ?? null;
  return {
    collection,
    treeOid,
    configOid: blob.oid,
    version: indexVersion({ collection: name, treeOid, configOid: blob.oid }),
  };
}
