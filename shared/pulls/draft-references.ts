import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { readMarkdown } from '../content/frontmatter';
import { mediaPathOf, type MediaDir } from '../media/media-address';

/**
 * The media files an item references: the repository paths that a frontmatter value (a string at
 * any depth: an image field, an object's or a list's item) or a link or image target of its
 * markdown body stands for (media-address.ts, the editor's own rule). A path that only appears in
 * the text (in a sentence, a code span, an unused link definition) is no reference. The body is
 * read by markdown-it with raw HTML off, as the editor's preview reads it.
 */
let markdown: InstanceType<typeof MarkdownIt> | undefined;
// Built on first use: a pull read whose draft adds no media never builds it.
const parser = () => (markdown ??= new MarkdownIt({ html: false }));

function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) yield* strings(item);
}

function* targets(tokens: readonly Token[]): Generator<string> {
  for (const token of tokens) {
    if (token.type === 'link_open') yield String(token.attrGet('href') ?? '');
    if (token.type === 'image') yield String(token.attrGet('src') ?? '');
    if (token.children) yield* targets(token.children);
  }
}

/** Which of `files` (repository paths in `media`) `text` (an item file: frontmatter and markdown body) references. */
export function referencedMedia(
  text: string,
  media: MediaDir,
  files: Iterable<string>,
): Set<string> {
  const { frontmatter, body } = readMarkdown(text);
  const addresses = [...strings(frontmatter), ...targets(parser().parse(body, {}))];
  const paths = new Set(addresses.map((address) => mediaPathOf(address, [media])));
  return new Set([...files].filter((path) => paths.has(path)));
}
