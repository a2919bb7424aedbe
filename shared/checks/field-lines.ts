import { isMap, isSeq, isScalar, type Node } from 'yaml';
import { splitMarkdown } from '../content/frontmatter-block';
import { readFrontmatterJson } from '../content/frontmatter-json';
import { readFrontmatterYaml } from '../content/frontmatter-read';
import { readFrontmatterToml } from '../content/frontmatter-toml';

/** `links[2].url` → `['links', 2, 'url']` (field names hold no `.` or `[`: field-definition.ts). */
export function pathSegments(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, name, index]) =>
    index === undefined ? name! : Number(index),
  );
}

const lineAt = (text: string, offset: number): number => {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1))
    line += 1;
  return line;
};

/**
 * The line of the file where the value at `path` is written (for an absent key, the line of the
 * nearest object that holds it; for the root, the block's opening line). YAML gives every node's
 * position, so nested values are placed exactly; the TOML and JSON readers give the position of
 * each top-level key only, so a nested value of those formats is placed at its top-level key.
 * Undefined when the file has no frontmatter block or it does not parse.
 */
export function lineOfField(text: string, path: string): number | undefined {
  const { frontmatter: block } = splitMarkdown(text);
  if (!block) return undefined;
  const blockAt = text.indexOf(block.text, text.indexOf(block.open));
  const inFile = (offset: number) => lineAt(text, blockAt + offset);
  const opening = lineAt(text, Math.max(0, blockAt - 1));
  const [first, ...rest] = pathSegments(path);
  try {
    if (block.format === 'toml') {
      const pair = readFrontmatterToml(block.text).pairs.find((p) => p.key === first);
      return pair ? inFile(pair.start) : opening;
    }
    if (block.format === 'json') {
      const member = readFrontmatterJson(block.text).members.find((m) => m.key === first);
      return member ? inFile(member.keyStart) : lineAt(text, blockAt);
    }
    const { map } = readFrontmatterYaml(block.text);
    let node: Node | null | undefined = map;
    let offset: number | undefined;
    for (const segment of [first, ...rest]) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (!pair) break;
        offset = (pair.key as Node).range?.[0];
        node = pair.value as Node | null;
      } else if (isSeq(node) && typeof segment === 'number') {
        node = node.items[segment] as Node | undefined;
        offset = node?.range?.[0] ?? offset;
      } else break;
    }
    return offset === undefined ? opening : inFile(offset);
  } catch {
    return undefined;
  }
}
