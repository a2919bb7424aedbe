import type { GitHubLocal, ImportResult } from '@cms/github-local';
import { corpusWords, generateListItems, seeded } from './generated-list';

/**
 * Large collections as files: the generated list items (generated-list.ts: about 1 KB of YAML
 * frontmatter each, words from the real-world corpus) written as markdown posts with a heading and
 * a few paragraphs of body, about 2 KB a file, and a repository holding N of them written into the
 * local host with one `git fast-import` (100,000 posts in seconds). Seeded: the same count and
 * seed always give the same bytes, so the same blob shas.
 */
export interface GeneratedPostFile {
  slug: string;
  path: string;
  content: string;
}

/** The posts' fields as a collection declares them (every key the frontmatter has). */
export const generatedPostFields = [
  { name: 'title', type: 'string', label: 'Title', required: true },
  { name: 'description', type: 'text', label: 'Description' },
  { name: 'summary', type: 'text', label: 'Summary' },
  { name: 'date', type: 'date', label: 'Date' },
  { name: 'lastmod', type: 'datetime', label: 'Last modified' },
  { name: 'author', type: 'string', label: 'Author' },
  { name: 'tags', type: 'string[]', label: 'Tags' },
  { name: 'categories', type: 'string[]', label: 'Categories' },
  { name: 'image', type: 'string', label: 'Image' },
  { name: 'aliases', type: 'string[]', label: 'Aliases' },
  { name: 'draft', type: 'boolean', label: 'Draft' },
  { name: 'weight', type: 'number', label: 'Weight' },
];

/** Words a YAML 1.1 or 1.2 reader takes for something other than a string when written plain. */
const reserved = /^(?:~|null|true|false|yes|no|on|off|y|n)$/i;

/**
 * A scalar as people write it: plain when a reader takes it for this string (dates too, plain as
 * the service writes them, so that site generators see dates), else double-quoted (JSON's quoting is YAML's).
 */
function scalar(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const plain =
    (/^[A-Za-z/][A-Za-z0-9 ./-]*[A-Za-z0-9./-]$/.test(value) && !reserved.test(value)) ||
    /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}Z)?$/.test(value);
  return plain ? value : JSON.stringify(value);
}

/**
 * The frontmatter's YAML, one line per scalar and block lists, as yaml's stringify writes it (a
 * test reads every line back with the service's parser). Written here because the item's
 * values are only strings, numbers, booleans and lists of strings, and yaml's general writer took
 * 11 s of the 100,000 posts' generation.
 */
function frontmatterYaml(frontmatter: Record<string, unknown>): string {
  let yaml = '';
  for (const [key, value] of Object.entries(frontmatter)) {
    yaml += Array.isArray(value)
      ? `${key}:\n${value.map((item) => `  - ${scalar(item)}\n`).join('')}`
      : `${key}: ${scalar(value)}\n`;
  }
  return yaml;
}

/** `count` posts under `directory`, one at a time. */
export function* generatePostFiles(
  count: number,
  options: { directory?: string; seed?: number } = {},
): Generator<GeneratedPostFile> {
  const directory = options.directory ?? 'content/posts';
  const seed = options.seed ?? 31;
  const vocabulary = corpusWords();
  // The bodies draw from a stream of their own, so the frontmatter is exactly generated-list.ts's.
  const random = seeded(seed ^ 0x5bd1e995);
  const count_ = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const sentence = () => {
    const text = Array.from(
      { length: count_(6, 14) },
      () => vocabulary[Math.floor(random() * vocabulary.length)]!,
    ).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  for (const item of generateListItems(count, seed)) {
    const paragraphs = Array.from({ length: count_(2, 3) }, () =>
      Array.from({ length: count_(2, 4) }, sentence).join(' '),
    );
    const title = String(item.frontmatter.title);
    const content = `---\n${frontmatterYaml(item.frontmatter)}---\n\n# ${title}\n\n${paragraphs.join('\n\n')}\n`;
    yield { slug: item.slug, path: `${directory}/${item.slug}.md`, content };
  }
}

/** `cms.config.json` for one collection of generated posts. */
export function generatedPostsConfig(
  options: { collection?: string; directory?: string; label?: string } = {},
): string {
  const collection = options.collection ?? 'posts';
  const directory = options.directory ?? 'content/posts';
  return `${JSON.stringify({ name: 'Generated posts', collections: { [collection]: { label: options.label ?? 'Posts', directory, fields: generatedPostFields } } }, null, 2)}\n`;
}

export interface GeneratedRepository extends ImportResult {
  fullName: string;
  /** Wall time of the import (generating the text included), in milliseconds. */
  ms: number;
}

/**
 * Creates `owner/name` on the local host (the app installed, as a connected site has it) holding
 * `cms.config.json` and `count` generated posts in one commit on main.
 */
export async function createGeneratedRepository(
  github: Pick<GitHubLocal, 'createRepository' | 'importFiles'>,
  input: { owner?: string; name: string; count: number; directory?: string; seed?: number },
): Promise<GeneratedRepository> {
  const owner = input.owner ?? 'demo';
  const directory = input.directory ?? 'content/posts';
  const started = performance.now();
  await github.createRepository({ owner, name: input.name, installApp: true });
  const result = await github.importFiles(owner, input.name, {
    branch: 'main',
    message: `Generate ${input.count.toLocaleString('en')} posts`,
    author: { name: 'Generator', email: 'generator@example.com', date: '2025-01-01T00:00:00Z' },
    files: (function* () {
      yield { path: 'cms.config.json', content: generatedPostsConfig({ directory }) };
      yield* generatePostFiles(input.count, { directory, seed: input.seed });
    })(),
  });
  return { ...result, fullName: `${owner}/${input.name}`, ms: performance.now() - started };
}
