import { filePatternsOf, type PathPatterned } from './item-path';

const placeholder = '{slug}';

/**
 * A file both full patterns (`directory/pattern`) can match, or undefined when none can. `{slug}`
 * stands for one path segment (a name of at least one character), so two patterns overlap when
 * they have as many segments and each pair of segments can be one name: equal literals, a literal
 * ending with the other's suffix after `{slug}`, or two `{slug}` segments one of whose suffixes
 * ends the other (`{slug}.md` and `{slug}.md`; never `{slug}.md` and `{slug}.mdx`).
 */
export function overlapOf(first: string, second: string): string | undefined {
  const a = first.split('/');
  const b = second.split('/');
  if (a.length !== b.length) return undefined;
  const example: string[] = [];
  for (let n = 0; n < a.length; n++) {
    const segment = sameName(a[n]!, b[n]!);
    if (segment === undefined) return undefined;
    example.push(segment);
  }
  return example.join('/');
}

function sameName(a: string, b: string): string | undefined {
  const slugA = a.startsWith(placeholder);
  const slugB = b.startsWith(placeholder);
  if (!slugA && !slugB) return a === b ? a : undefined;
  if (slugA && slugB) {
    const [suffixA, suffixB] = [a.slice(placeholder.length), b.slice(placeholder.length)];
    const longer = suffixA.length >= suffixB.length ? suffixA : suffixB;
    const shorter = longer === suffixA ? suffixB : suffixA;
    return longer.endsWith(shorter) ? `x${longer}` : undefined;
  }
  const [literal, suffix] = slugA
    ? [b, a.slice(placeholder.length)]
    : [a, b.slice(placeholder.length)];
  return literal.endsWith(suffix) && literal.length > suffix.length ? literal : undefined;
}

/** A file two collections can both claim, or undefined when none: every pair of their patterns is compared. */
export function collectionsOverlap(
  first: PathPatterned,
  second: PathPatterned,
): string | undefined {
  for (const a of filePatternsOf(first))
    for (const b of filePatternsOf(second)) {
      const file = overlapOf(`${first.directory}/${a}`, `${second.directory}/${b}`);
      if (file !== undefined) return file;
    }
  return undefined;
}
