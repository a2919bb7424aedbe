import { createHash } from 'node:crypto';

/**
 * Bumped when what an index holds changes meaning (the parse of frontmatter, the chunk format,
 * the sort values), so that no index built before is read as current.
 */
const indexFormat = 'idx1+parsed-v4';

/**
 * The version of a collection's index: content-addressed by the collection directory's git tree
 * (the same tree always lists the same entries with the same blobs) and the config's blob (which
 * says where items live and which fields sort). Null tree: no directory (an empty collection).
 */
export function indexVersion(input: {
  collection: string;
  treeOid: string | null;
  configOid: string;
}): string {
  return createHash('sha256')
    .update([indexFormat, input.collection, input.treeOid ?? '-', input.configOid].join('\u0000'))
    .digest('hex')
    .slice(0, 20);
}
