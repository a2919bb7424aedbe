import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { InvalidInputError } from '../errors';
import { FrontmatterError } from './frontmatter-error';

/**
 * How much frontmatter the service reads and writes. Real frontmatter is a few hundred bytes to a
 * few kilobytes (the largest of the ~900 real files in test/fixtures/real-world is under 8 KiB);
 * these caps leave room for generated data files while bounding the work one file can cause.
 * A file over them is listed with a `too-large` problem and never parsed again (the marker is
 * cached by blob sha); a save over them is refused with 400 before anything is rendered.
 */
export const frontmatterLimits = {
  /** UTF-8 bytes of the YAML or TOML between the delimiter lines (or of a JSON block), or of the JSON of a save's frontmatter. */
  maxBytes: 128 * 1024,
  /** Mapping keys plus list items, counted at every depth. */
  maxEntries: 4_000,
} as const;

const tooLarge = (what: string) =>
  new FrontmatterError(
    `frontmatter: ${what}; the limits are ${frontmatterLimits.maxBytes / 1024} KiB and ${frontmatterLimits.maxEntries} keys and list items`,
    {
      kind: 'too-large',
    },
  );

/** Before parsing: the size alone (of YAML, TOML or JSON text). */
export function assertYamlSize(yaml: string): void {
  // Cheap bound first: a UTF-8 byte is at least one UTF-16 unit, at most three per unit.
  if (yaml.length * 3 <= frontmatterLimits.maxBytes) return;
  const bytes = Buffer.byteLength(yaml, 'utf8');
  if (bytes > frontmatterLimits.maxBytes) throw tooLarge(`${bytes} bytes is too large`);
}

/**
 * After parsing, in one pass over the nodes: the entry count, and duplicate keys in any mapping
 * (yaml's own `uniqueKeys` check compares every pair with every other: 40,000 keys took 20 s).
 */
export function assertYamlShape(root: Node | null): void {
  let entries = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          const key = `${typeof pair.key.value}:${String(pair.key.value)}`;
          if (seen.has(key))
            throw new FrontmatterError(`frontmatter: duplicate key "${String(pair.key.value)}"`);
          seen.add(key);
        }
        stack.push(pair.key, pair.value);
      }
      entries += node.items.length;
    } else if (isSeq(node)) {
      stack.push(...node.items);
      entries += node.items.length;
    }
    if (entries > frontmatterLimits.maxEntries)
      throw tooLarge(`more than ${frontmatterLimits.maxEntries} keys and list items`);
  }
}

/** Deeper values are refused: no real frontmatter nests this far, and YAML writing recurses. */
export const maxNesting = 32;

/** A save's frontmatter, before it is validated or rendered: depth and entries without recursion, then size. */
export function assertFrontmatterInputSize(frontmatter: Record<string, unknown>): void {
  const stack: [unknown, string, number][] = Object.entries(frontmatter).map(([name, value]) => [
    value,
    name,
    1,
  ]);
  let entries = stack.length;
  if (entries > frontmatterLimits.maxEntries)
    throw tooLarge(`more than ${frontmatterLimits.maxEntries} keys and list items`);
  while (stack.length > 0) {
    const [value, name, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxNesting)
      throw new InvalidInputError(
        `frontmatter.${name}: nested more than ${maxNesting} levels deep`,
      );
    const children = Object.values(value);
    entries += children.length;
    if (entries > frontmatterLimits.maxEntries)
      throw tooLarge(`more than ${frontmatterLimits.maxEntries} keys and list items`);
    for (const child of children) stack.push([child, name, depth + 1]);
  }
  const bytes = Buffer.byteLength(JSON.stringify(frontmatter), 'utf8');
  if (bytes > frontmatterLimits.maxBytes) throw tooLarge(`${bytes} bytes as JSON is too large`);
}
