import { lineOfField } from '../checks/field-lines';
import { readMarkdown } from '../content/frontmatter';

/** Where a line of an item's file falls: one of its frontmatter fields, or its body. */
export interface LinePlace {
  field?: string;
  inBody?: true;
}

const linesIn = (text: string): number => text.split('\n').length - 1;

/**
 * The top-level frontmatter field written on `line` (1-based) of an item's file, the one whose key
 * is on that line or the nearest above it inside the block, or the body after the block. Nothing
 * for the block's delimiters, a line before its first key, a frontmatter that does not parse or a
 * line past the end. The field-by-field diff shows top-level fields, so a nested value is placed
 * at the field that holds it.
 */
export function placeOfLine(text: string, line: number): LinePlace {
  const { frontmatter, body, error, format } = readMarkdown(text);
  const blockLines = linesIn(text.slice(0, text.length - body.length));
  if (line > blockLines) return line <= linesIn(text) + 1 ? { inBody: true } : {};
  // The closing `---` or `+++` line is no field's (a JSON block's closing brace is its last line).
  if (error || (format !== 'json' && line === blockLines)) return {};
  let best: { field: string; line: number } | undefined;
  for (const field of Object.keys(frontmatter)) {
    const at = lineOfField(text, field);
    if (at !== undefined && at <= line && (!best || at > best.line)) best = { field, line: at };
  }
  return best ? { field: best.field } : {};
}
