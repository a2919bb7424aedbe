import type { BlobText, PathAt, SnapshotRequest } from '../ports/git-host';
import { ConflictError, InvalidInputError } from '../errors';
import { itemPaths, patternsOf, type PathPatterned } from './item-path';

/**
 * An item's file, wherever its collection's layouts put it, from the snapshot the reader already
 * makes: one blob request per layout in the same GraphQL query, so a collection of several
 * layouts costs no more round trips than one of one.
 */
export function itemFileRequests({
  collection,
  slug,
  key,
  ref,
}: {
  collection: PathPatterned;
  slug: string;
  /** The blobs' names: `${key}0`, `${key}1`… in the order of the collection's patterns. */
  key: string;
  ref?: string;
}): Record<string, PathAt> {
  return Object.fromEntries(
    itemPaths(collection, slug).map((path, n) => [
      `${key}${n}`,
      ref === undefined ? { path } : { path, ref },
    ]),
  );
}

export interface FoundItemFile {
  path: string;
  blob: BlobText;
}

/**
 * The item's one file among the blobs `itemFileRequests(…, key)` asked for, or undefined when
 * there is none. Two files giving the slug answer 409 naming both: editing one would leave the
 * other, and the site would build whichever it prefers.
 */
export function foundItemFile({
  collection,
  slug,
  blobs,
  key,
}: {
  collection: PathPatterned;
  slug: string;
  blobs: Readonly<Record<string, BlobText | null | undefined>>;
  key: string;
}): FoundItemFile | undefined {
  const found = itemPaths(collection, slug).flatMap((path, n) => {
    const blob = blobs[`${key}${n}`];
    return blob ? [{ path, blob }] : [];
  });
  if (found.length > 1)
    throw new ConflictError(
      `${found.map((file) => file.path).join(' and ')} both give the slug "${slug}"; rename or delete all but one of them, then try again`,
    );
  return found[0];
}

/** The item's files on the default branch (`file…`) and, given a draft branch, on it too (`draftFile…`). */
export function itemFilesWanted(
  collection: PathPatterned,
  slug: string,
  draft: string | undefined,
): SnapshotRequest {
  const file = itemFileRequests({ collection, slug, key: 'file' });
  return draft === undefined
    ? { blobs: file }
    : {
        blobs: { ...itemFileRequests({ collection, slug, key: 'draftFile', ref: draft }), ...file },
        branches: { draft },
      };
}

/** The pattern a new item takes: `requested` when it is one of the collection's, else 400 naming them. */
export function newItemPattern(collection: PathPatterned, requested: string | undefined): string {
  const patterns = patternsOf(collection);
  if (requested === undefined) return patterns[0]!;
  if (!patterns.includes(requested))
    throw new InvalidInputError(
      `path: "${requested}" is not one of this collection's patterns (${patterns.map((pattern) => `"${pattern}"`).join(', ')})`,
    );
  return requested;
}
