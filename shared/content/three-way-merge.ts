import { merge3Text } from './diff3';
import { FrontmatterError } from './frontmatter-error';
import {
  parseMarkdown,
  serializeMarkdown,
  type Frontmatter,
  type ParsedMarkdown,
} from './frontmatter';
import { conflict, mergeValue } from './value-merge';

/** `conflicts` names top-level fields (and `body`); `paths`, present when a conflict lies inside an object or list, names every conflict by its deepest path. */
export type MergeResult =
  { ok: true; text: string } | { ok: false; conflicts: string[]; paths?: string[] };

/**
 * Field-aware three-way merge of one markdown file, for updating a draft branch from the default
 * branch when git's line merge fails.
 *
 * - `ours` is the draft branch's file, `theirs` the default branch's, `base` their merge base
 *   (undefined when both sides added the file: every key and the body then start empty).
 * - Frontmatter, key by key (deep equality): changed on one side only → that side's value (a
 *   deletion included); the same change on both sides → taken once; different changes → inside
 *   objects and lists the merge goes on key by key and item by item (value-merge.ts), else a
 *   conflict.
 * - Body: line-wise diff3 (see diff3.ts).
 * - The result is written over `theirs`, so the default branch's formatting of every key that
 *   the draft did not change is kept byte for byte; keys only the draft added come last, in the
 *   draft's order.
 *
 * Conflicts name the frontmatter keys in the order of `theirs`, then `ours`, then `base`, then
 * `body`. Frontmatter that is not valid YAML on any side is reported as the conflict `frontmatter`.
 */
export function mergeMarkdown(base: string | undefined, ours: string, theirs: string): MergeResult {
  let sides: [ParsedMarkdown, ParsedMarkdown, ParsedMarkdown];
  try {
    sides = [
      base === undefined ? { frontmatter: {}, body: '' } : parseMarkdown(base),
      parseMarkdown(ours),
      parseMarkdown(theirs),
    ];
  } catch (error) {
    if (error instanceof FrontmatterError) return { ok: false, conflicts: ['frontmatter'] };
    throw error;
  }
  const [b, o, t] = sides;
  const conflicts: string[] = [];
  const paths: string[] = [];
  const frontmatter = mergeFrontmatter(
    b.frontmatter,
    o.frontmatter,
    t.frontmatter,
    conflicts,
    paths,
  );
  const body = merge3Text(b.body, o.body, t.body);
  if (!body.ok) {
    conflicts.push('body');
    paths.push('body');
  }
  const nested =
    paths.length !== conflicts.length || paths.some((path, n) => path !== conflicts[n]);
  if (!body.ok || conflicts.length > 0) return { ok: false, conflicts, ...(nested && { paths }) };
  return { ok: true, text: serializeMarkdown(theirs, frontmatter, body.text) };
}

const ownValue = (frontmatter: Frontmatter, key: string): unknown =>
  Object.hasOwn(frontmatter, key) ? frontmatter[key] : undefined;

function mergeFrontmatter(
  base: Frontmatter,
  ours: Frontmatter,
  theirs: Frontmatter,
  conflicts: string[],
  paths: string[],
): Frontmatter {
  const merged: [string, unknown][] = [];
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(ours), ...Object.keys(base)])) {
    const value = mergeValue(
      ownValue(base, key),
      ownValue(ours, key),
      ownValue(theirs, key),
      key,
      paths,
    );
    if (value === conflict) conflicts.push(key);
    else if (value !== undefined) merged.push([key, value]);
  }
  return Object.fromEntries(merged);
}
