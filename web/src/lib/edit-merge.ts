import { deepEqual } from '../../../shared/content/deep-equal';
import { diff3Chunks } from '../../../shared/content/diff3';
import { matchLines, splitLines } from '../../../shared/content/line-diff';
import { conflict, mergeValue } from '../../../shared/content/value-merge';

type Frontmatter = Record<string, unknown>;

/** One version of an item as the editor holds it. */
export interface EditVersion {
  frontmatter: Frontmatter;
  body: string;
}

/** A frontmatter key both sides changed differently: the person picks one side. */
export interface FieldConflict {
  name: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

/** A stretch of the body: lines the merge settled, or lines both sides changed differently. */
export type BodyPart =
  | { settled: true; text: string }
  | { settled: false; base: string; mine: string; theirs: string; firstLine: number };

export interface EditMerge {
  /** Every key with the value the merge settled (conflicting keys hold their side's value). */
  frontmatter: Frontmatter;
  fieldConflicts: FieldConflict[];
  /** Keys taken from their side because only they changed them; shown, never asked about. */
  takenFromTheirs: string[];
  body: BodyPart[];
}

/** Which side each conflict keeps: by field name, and by the index of the body part. */
export interface MergeChoices {
  fields: Record<string, 'mine' | 'theirs'>;
  body: Record<number, 'mine' | 'theirs'>;
}

const ownValue = (frontmatter: Frontmatter, key: string): unknown =>
  Object.hasOwn(frontmatter, key) ? frontmatter[key] : undefined;

/**
 * The edits on screen (`mine`) merged with the version a save met (`theirs`), against the version
 * the edits started from (`base`), with the service's own merge for drafts: frontmatter values by
 * mergeValue (key by key, into objects and lists), the body by diff3 over lines. What one side
 * changed is taken without asking; only what both changed differently is left to choose, per key
 * and per body hunk (as in git, edits to adjacent lines are one hunk).
 */
export function mergeEdits(base: EditVersion, mine: EditVersion, theirs: EditVersion): EditMerge {
  const frontmatter: Frontmatter = {};
  const fieldConflicts: FieldConflict[] = [];
  const takenFromTheirs: string[] = [];
  const keys = new Set([
    ...Object.keys(theirs.frontmatter),
    ...Object.keys(mine.frontmatter),
    ...Object.keys(base.frontmatter),
  ]);
  for (const key of keys) {
    const [b, m, t] = [base, mine, theirs].map((side) => ownValue(side.frontmatter, key));
    const value = mergeValue(b, m, t, key, []);
    if (value === conflict) fieldConflicts.push({ name: key, base: b, mine: m, theirs: t });
    else if (!deepEqual(t, b) && !deepEqual(m, t)) takenFromTheirs.push(key);
    const kept = value === conflict ? m : value;
    if (kept !== undefined) frontmatter[key] = kept;
  }
  return { frontmatter, fieldConflicts, takenFromTheirs, body: mergeBody(base, mine, theirs) };
}

function mergeBody(base: EditVersion, mine: EditVersion, theirs: EditVersion): BodyPart[] {
  const [b, m, t] = [splitLines(base.body), splitLines(mine.body), splitLines(theirs.body)];
  const parts: BodyPart[] = [];
  const settle = (lines: string[]) => {
    const last = parts.at(-1);
    if (last?.settled) last.text += lines.join('');
    else if (lines.length > 0) parts.push({ settled: true, text: lines.join('') });
  };
  const same = (x: string[], y: string[]) => x.join('') === y.join('');
  for (const chunk of diff3Chunks(b, m, t, matchLines(b, m), matchLines(b, t))) {
    if (chunk.stable) settle(chunk.items);
    else if (same(chunk.ours, chunk.base)) settle(chunk.theirs);
    else if (same(chunk.theirs, chunk.base) || same(chunk.ours, chunk.theirs)) settle(chunk.ours);
    else
      parts.push({
        settled: false,
        base: chunk.base.join(''),
        mine: chunk.ours.join(''),
        theirs: chunk.theirs.join(''),
        firstLine: chunk.baseStart + 1,
      });
  }
  return parts;
}

/** The merged version once every conflict has a side (a conflict with no choice keeps mine). */
export function resolveMerge(merge: EditMerge, choices: MergeChoices): EditVersion {
  const frontmatter = { ...merge.frontmatter };
  for (const field of merge.fieldConflicts) {
    const value = choices.fields[field.name] === 'theirs' ? field.theirs : field.mine;
    if (value === undefined) delete frontmatter[field.name];
    else frontmatter[field.name] = value;
  }
  const body = merge.body
    .map((part, index) =>
      part.settled ? part.text : choices.body[index] === 'theirs' ? part.theirs : part.mine,
    )
    .join('');
  return { frontmatter, body };
}

/** How many choices the merge leaves to the person. */
export const conflictCount = (merge: EditMerge): number =>
  merge.fieldConflicts.length + merge.body.filter((part) => !part.settled).length;
