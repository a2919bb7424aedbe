import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, Scalar, type Node } from 'yaml';
import { parseMarkdown, serializeMarkdown } from '../../../shared/content/frontmatter';
import { splitMarkdown } from '../../../shared/content/frontmatter-block';

/**
 * Nested edits on real files: in every YAML file of the corpus (test/fixtures/real-world) whose
 * frontmatter holds mappings or lists, changing one one-line string inside them (inside mappings,
 * lists, lists of mappings, at any depth) changes exactly the one line holding it.
 */
const root = fileURLToPath(new URL('../../fixtures/real-world/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
  files: { path: string; format: string }[];
};

type Path = (string | number)[];
interface Leaf {
  path: Path;
  /** The scalar's source text. */
  source: string;
}

/** One-line string scalars below the top level, reached through block mappings and block lists only, with no anchor, alias or tag on the way. */
function leaves(node: Node | null, path: Path, src: string, out: Leaf[]): Leaf[] {
  if (!node || node.anchor || node.tag) return out;
  if (isScalar(node)) {
    const [start, end] = node.range!;
    const oneLine =
      typeof node.value === 'string' &&
      !node.value.includes('\n') &&
      !src.slice(start, end).includes('\n');
    if (
      path.length > 1 &&
      oneLine &&
      node.type !== Scalar.BLOCK_LITERAL &&
      node.type !== Scalar.BLOCK_FOLDED
    )
      out.push({ path, source: src.slice(start, end) });
  } else if (isMap(node) && !node.flow) {
    for (const pair of node.items)
      if (isScalar(pair.key) && !pair.key.anchor)
        leaves(pair.value as Node | null, [...path, String(pair.key.value ?? '')], src, out);
  } else if (isSeq(node) && !node.flow) {
    node.items.forEach((item, index) => leaves(item as Node | null, [...path, index], src, out));
  }
  return out;
}

const hasAliases = (yaml: string) => /(^|[\s[{,])[*&][^\s,\]}]/.test(yaml);

const cases = manifest.files
  .filter((file) => file.format === 'yaml')
  .flatMap((file) => {
    const text = readFileSync(join(root, file.path), 'utf8');
    const block = splitMarkdown(text).frontmatter;
    if (block?.format !== 'yaml' || hasAliases(block.text)) return [];
    const found = leaves(parseDocument(block.text).contents as Node | null, [], block.text, []);
    return found.length > 0 ? [{ path: file.path, text, leaves: found }] : [];
  });

function deepEqualAt(value: any, path: Path, next: unknown): boolean {
  return path.reduce((inner, key) => inner?.[key], value) === next;
}

function setAt(value: any, [key, ...rest]: Path, next: unknown): any {
  const copy = Array.isArray(value) ? [...value] : { ...value };
  copy[key!] = rest.length === 0 ? next : setAt(value[key!], rest, next);
  return copy;
}

describe('nested edits on the real-world corpus', () => {
  it('finds files with strings inside mappings and lists', () => {
    expect(cases).toHaveLength(335);
    expect(cases.reduce((count, item) => count + item.leaves.length, 0)).toBe(834);
    // Files with a string inside a list (of strings or of mappings).
    expect(
      cases.filter((item) =>
        item.leaves.some((leaf) => leaf.path.some((key) => typeof key === 'number')),
      ),
    ).toHaveLength(22);
  });

  const check = (file: (typeof cases)[number], leaf: Leaf, value: string) => {
    const { frontmatter, body } = parseMarkdown(file.text);
    const next = setAt(frontmatter, leaf.path, value);
    const written = serializeMarkdown(file.text, next, body);
    const where = `${file.path} ${leaf.path.join('.')}`;
    expect(parseMarkdown(written).frontmatter, where).toEqual(next);
    const [before, after] = [file.text.split('\n'), written.split('\n')];
    expect(after.length, where).toBe(before.length);
    const changed = before.flatMap((line, n) => (line === after[n] ? [] : [line]));
    if (deepEqualAt(frontmatter, leaf.path, value))
      return void expect(written, where).toBe(file.text);
    expect(changed, where).toHaveLength(1);
    expect(changed[0], where).toContain(leaf.source);
  };

  it('changing any one of them changes exactly its line', () => {
    const values = [
      'Edited nested value',
      'needs: quoting',
      "it's",
      '#not a comment',
      'yes',
      '0123',
      'ünïcode ✓',
    ];
    let n = 0;
    for (const file of cases)
      for (const leaf of file.leaves) check(file, leaf, values[n++ % values.length]!);
  });

  it('changing a random one to any one-line string changes exactly its line', () => {
    fc.assert(
      fc.property(
        fc.nat(cases.length - 1),
        fc.nat(),
        fc
          .string({ unit: 'grapheme', maxLength: 40 })
          .filter((value) => !/[\r\n\u0085\u2028\u2029]/.test(value)),
        (fileIndex, leafIndex, value) => {
          const file = cases[fileIndex]!;
          check(file, file.leaves[leafIndex % file.leaves.length]!, value);
        },
      ),
      { numRuns: 400 },
    );
  });
});
