import type { FieldDefinition } from '../../../shared/content/config-schema';

type Frontmatter = Record<string, unknown>;

/** The item's title for lists and headings: `title`, else the first string field, else the slug. */
export function titleOf(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
  slug: string,
): string {
  const candidates = [
    'title',
    ...fields.filter((field) => field.type === 'string').map((field) => field.name),
  ];
  for (const name of candidates) {
    const value = frontmatter[name];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return slug;
}

/** The item's date for lists: `date`, else the first date field, else the first datetime field. */
export function dateOf(
  fields: readonly FieldDefinition[],
  frontmatter: Frontmatter,
): string | undefined {
  const name =
    frontmatter.date !== undefined
      ? 'date'
      : (
          fields.find((field) => field.type === 'date') ??
          fields.find((field) => field.type === 'datetime')
        )?.name;
  const value = name === undefined ? undefined : frontmatter[name];
  return typeof value === 'string' ? value : undefined;
}

/** A path inside the collection's directory, as the editor names the file (never the encoded slug). */
export const fileNameOf = (directory: string, path: string): string =>
  directory && path.startsWith(`${directory}/`) ? path.slice(directory.length + 1) : path;
