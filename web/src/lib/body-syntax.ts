/**
 * Whether an item's body is MDX: its file's own extension when it has a file, else (a new item)
 * the extension of the collection's path pattern (the first one when a collection has several).
 * The preview and the rich-text mode then show MDX's imports, components and expressions as
 * labelled blocks; any other file is read as plain markdown.
 */
export function isMdxBody({
  path,
  pattern,
}: {
  path?: string;
  pattern?: string | readonly string[];
}): boolean {
  const name = path ?? (typeof pattern === 'string' ? pattern : pattern?.[0]) ?? '';
  return name.toLowerCase().endsWith('.mdx');
}
