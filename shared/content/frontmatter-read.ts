import {
  isMap,
  isScalar,
  parseDocument,
  type Document,
  type Pair,
  type ParsedNode,
  type YAMLMap,
} from 'yaml';
import { FrontmatterError } from './frontmatter-error';
import { assertYamlShape, assertYamlSize } from './frontmatter-limits';
import { maxAliasCount, yamlOptions } from './frontmatter-yaml';

export interface FrontmatterEntry {
  /** The key as it appears in the frontmatter record (`1:` → "1", `null:` → ""). */
  key: string;
  pair: Pair<ParsedNode, ParsedNode | null>;
  value: unknown;
}

export interface ReadFrontmatter {
  doc: Document.Parsed;
  /** The root mapping; absent when the frontmatter is empty or only comments. */
  map?: YAMLMap.Parsed;
  entries: FrontmatterEntry[];
  values: Record<string, unknown>;
}

/** The YAML starts on the second line of the file, after the opening `---`. */
const fileLine = (yamlLine: number): number => yamlLine + 1;

export function readFrontmatterYaml(yaml: string): ReadFrontmatter {
  assertYamlSize(yaml);
  const doc = parseDocument(yaml, yamlOptions);
  const [error] = doc.errors;
  if (error) {
    const position = error.linePos?.[0];
    const line = position ? fileLine(position.line) : undefined;
    const where = position ? ` at line ${line}, column ${position.col}` : '';
    const reason = error.message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
    throw new FrontmatterError(`frontmatter: invalid YAML${where}: ${reason}`, {
      cause: error,
      line,
    });
  }
  const root = doc.contents;
  assertYamlShape(root);
  if (root === null || (isScalar(root) && root.value === null))
    return { doc, entries: [], values: {} };
  if (!isMap(root))
    throw new FrontmatterError(
      'frontmatter: must be a mapping of keys to values (`key: value` lines)',
    );
  const seen = new Set<string>();
  const keyed = root.items.map((pair) => {
    if (!isScalar(pair.key))
      throw new FrontmatterError(
        'frontmatter: keys must be plain text, not lists, mappings or aliases',
      );
    const key = pair.key.value === null ? '' : String(pair.key.value);
    // `1:` and `"1":` are different YAML keys but the same record key.
    if (seen.has(key)) throw new FrontmatterError(`frontmatter: duplicate key "${key}"`);
    seen.add(key);
    return { key, pair };
  });
  let values: Record<string, unknown>;
  try {
    values = doc.toJS({ maxAliasCount }) as Record<string, unknown>;
  } catch (cause) {
    throw new FrontmatterError(`frontmatter: ${(cause as Error).message}`, { cause });
  }
  return {
    doc,
    map: root,
    entries: keyed.map(({ key, pair }) => ({ key, pair, value: values[key] })),
    values,
  };
}
