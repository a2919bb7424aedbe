import type { CollectionConfig } from './config-schema';
import { splitMarkdown } from './frontmatter-block';
import { FrontmatterError, readMarkdown, serializeMarkdown, type Frontmatter } from './frontmatter';
import { keepEquivalentValues } from './typed-values';
import { validateFrontmatter } from './validate-frontmatter';

/** The text a save writes and its commit message, made from what the editor or the API sent. */

/**
 * The commit's message: the person's own (lines' trailing spaces and blank lines at either end
 * trimmed, as git's cleanup does) or the generated summary, then who saved it, so `git log` and
 * GitHub's history always name the CMS user behind the App's or the user's token.
 */
export function commitMessage({
  written,
  generated,
  login,
}: {
  written: string | undefined;
  generated: string;
  login: string;
}): string {
  const own = (written ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
  return `${own || generated}\n\nSaved in the CMS by @${login}.`;
}

/** The file a save writes: the sent fields checked (what the file says now: unchanged values are not re-validated and keep their spelling), then rendered into it. */
export function serializeChecked({
  collection,
  input,
  original,
  isCreate,
}: {
  collection: CollectionConfig;
  /** What was sent: the fields and the body. */
  input: { frontmatter: Frontmatter; body: string };
  original: string | undefined;
  isCreate: boolean;
}): string {
  const before = original === undefined ? {} : readMarkdown(original).frontmatter;
  const checked = validateFrontmatter(collection.fields, input.frontmatter, {
    isCreate,
    original: before,
  });
  const frontmatter = keepEquivalentValues(collection.fields, before, checked);
  return serializeTolerant({
    original,
    frontmatter,
    body: input.body,
    newFormat: collection.format,
  });
}

/**
 * A file whose frontmatter is invalid YAML has its block replaced rather than refused: the editor
 * sent every field. Invalid TOML or JSON, or a block over the limits, is never rewritten (400):
 * replacing it would change the file's format.
 */
function serializeTolerant({
  original,
  frontmatter,
  body,
  newFormat,
}: {
  original: string | undefined;
  frontmatter: Frontmatter;
  body: string;
  /** The collection's format, for a new file. */
  newFormat: CollectionConfig['format'];
}): string {
  // A new file ends with a line break, as text files do (POSIX, git's "No newline at end of file").
  if (original === undefined)
    return serializeMarkdown(
      undefined,
      frontmatter,
      body === '' || body.endsWith('\n') ? body : `${body}\n`,
      { format: newFormat },
    );
  try {
    return serializeMarkdown(original, frontmatter, body);
  } catch (error) {
    if (!(error instanceof FrontmatterError) || error.kind !== 'invalid') throw error;
    if (splitMarkdown(original).frontmatter?.format !== 'yaml') throw error;
    return serializeMarkdown(undefined, frontmatter, body);
  }
}
