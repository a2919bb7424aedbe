import { deepEqual } from './deep-equal';
import { diff3Chunks } from './diff3';
import { isPlainObject } from './field-value';
import { commonItems } from './value-diff';

/** Returned in place of a value that could not be merged; its paths are reported. */
export const conflict: unique symbol = Symbol('conflict');

const ownValue = (object: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * Three-way merge of one frontmatter value (undefined stands for "absent": values read from YAML,
 * TOML or JSON never hold undefined). Changed on one side only → that side; the same change on
 * both → taken once. Changed differently on both:
 * - objects on all three sides merge key by key (keys in the order of theirs, ours, base);
 * - lists of the same length on all three sides merge item by item; lists of other lengths merge
 *   by diff3 over their items (items compared by deep equality): a stretch of items changed on one
 *   side only takes that side, one changed on both sides item by item when all three hold as many
 *   items there, else it is a conflict named by its position in base (`links[3]`);
 * - anything else is a conflict at its path.
 * Every conflicting path, as deep as it goes (`seo.title`, `links[1].url`), is added to `paths`;
 * the answer is then `conflict`.
 */
export function mergeValue(
  base: unknown,
  ours: unknown,
  theirs: unknown,
  path: string,
  paths: string[],
): unknown {
  if (deepEqual(ours, theirs) || deepEqual(ours, base)) return theirs;
  if (deepEqual(theirs, base)) return ours;
  if (isPlainObject(base) && isPlainObject(ours) && isPlainObject(theirs))
    return mergeObject(base, ours, theirs, path, paths);
  if (Array.isArray(base) && Array.isArray(ours) && Array.isArray(theirs))
    return mergeList(base, ours, theirs, path, paths);
  paths.push(path);
  return conflict;
}

export function mergeObject(
  base: Record<string, unknown>,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  path: string,
  paths: string[],
): Record<string, unknown> | typeof conflict {
  const merged: [string, unknown][] = [];
  let failed = false;
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(ours), ...Object.keys(base)])) {
    const value = mergeValue(
      ownValue(base, key),
      ownValue(ours, key),
      ownValue(theirs, key),
      join(path, key),
      paths,
    );
    if (value === conflict) failed = true;
    else if (value !== undefined) merged.push([key, value]);
  }
  return failed ? conflict : Object.fromEntries(merged);
}

function mergeItems(
  base: unknown[],
  ours: unknown[],
  theirs: unknown[],
  path: string,
  start: number,
  paths: string[],
): unknown[] | typeof conflict {
  const merged = base.map((item, n) =>
    mergeValue(item, ours[n], theirs[n], `${path}[${start + n}]`, paths),
  );
  return merged.includes(conflict) ? conflict : merged;
}

function mergeList(
  base: unknown[],
  ours: unknown[],
  theirs: unknown[],
  path: string,
  paths: string[],
): unknown[] | typeof conflict {
  if (ours.length === base.length && theirs.length === base.length)
    return mergeItems(base, ours, theirs, path, 0, paths);
  const matches = (side: unknown[]) => {
    const toSide = new Array<number>(base.length).fill(-1);
    for (const [i, j] of commonItems(base, side)) toSide[i] = j;
    return toSide;
  };
  const merged: unknown[] = [];
  let failed = false;
  for (const chunk of diff3Chunks(base, ours, theirs, matches(ours), matches(theirs))) {
    if (chunk.stable) merged.push(...chunk.items);
    else if (deepEqual(chunk.ours, chunk.base)) merged.push(...chunk.theirs);
    else if (deepEqual(chunk.theirs, chunk.base) || deepEqual(chunk.ours, chunk.theirs))
      merged.push(...chunk.ours);
    else if (chunk.ours.length === chunk.base.length && chunk.theirs.length === chunk.base.length) {
      const items = mergeItems(chunk.base, chunk.ours, chunk.theirs, path, chunk.baseStart, paths);
      if (items === conflict) failed = true;
      else merged.push(...items);
    } else {
      paths.push(`${path}[${chunk.baseStart}]`);
      failed = true;
    }
  }
  return failed ? conflict : merged;
}
