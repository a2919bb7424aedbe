import { deepEqual } from './deep-equal';
import { isPlainObject } from './field-value';
import { valueChanges } from './value-diff';
import { FrontmatterError } from './frontmatter-error';
import { parseMarkdown, type Frontmatter, type ParsedMarkdown } from './frontmatter';
import type { ContentDiff, ContentDiffField } from '../pulls/schemas';

/**
 * The structured diff of a pull request: frontmatter field by field, the body as old and new text.
 * A changed field whose old and new values are both objects or both lists also lists `changes`:
 * the values that changed inside it, by path from the field (value-diff.ts).
 */
export function diffFrontmatter(
  fieldOrder: readonly string[],
  oldFrontmatter: Frontmatter | undefined,
  newFrontmatter: Frontmatter | undefined,
): { fields: ContentDiffField[] } {
  const before = oldFrontmatter ?? {};
  const after = newFrontmatter ?? {};
  // Config order first, then the other keys as first seen in the old, then the new version.
  const names = [...new Set([...fieldOrder, ...Object.keys(before), ...Object.keys(after)])];
  const fields = names.flatMap((name): ContentDiffField[] => {
    const inOld = Object.hasOwn(before, name);
    const inNew = Object.hasOwn(after, name);
    if (!inOld && !inNew) return [];
    const changed = inOld !== inNew || !deepEqual(before[name], after[name]);
    return [
      {
        name,
        ...(inOld && { oldValue: before[name] }),
        ...(inNew && { newValue: after[name] }),
        changed,
        ...(changed &&
          sameShape(before[name], after[name]) && {
            changes: valueChanges(before[name], after[name]),
          }),
      },
    ];
  });
  return { fields };
}

const sameShape = (a: unknown, b: unknown): boolean =>
  (isPlainObject(a) && isPlainObject(b)) || (Array.isArray(a) && Array.isArray(b));

export interface DiffItemInput {
  collection: string;
  slug: string;
  /** The collection's field names, in config order. */
  fieldOrder: readonly string[];
  /** The file on the base side; undefined when the change adds it. */
  oldText: string | undefined;
  /** The file on the head side; undefined when the change deletes it. */
  newText: string | undefined;
}

/**
 * One file's ContentDiff. A side whose frontmatter cannot be read is shown whole as body with no
 * fields, so a reviewer still sees what changed.
 */
export function diffItem({
  collection,
  slug,
  fieldOrder,
  oldText,
  newText,
}: DiffItemInput): ContentDiff {
  if (oldText === undefined && newText === undefined)
    throw new TypeError('diffItem needs at least one side');
  const before = oldText === undefined ? undefined : readLeniently(oldText);
  const after = newText === undefined ? undefined : readLeniently(newText);
  return {
    collection,
    slug,
    type: before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified',
    frontmatter: diffFrontmatter(fieldOrder, before?.frontmatter, after?.frontmatter),
    body: { oldBody: before?.body ?? '', newBody: after?.body ?? '' },
  };
}

function readLeniently(text: string): ParsedMarkdown {
  try {
    return parseMarkdown(text);
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    return { frontmatter: {}, body: text };
  }
}
