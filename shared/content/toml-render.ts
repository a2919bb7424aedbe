/**
 * TOML text for one value, in the style of the value it replaces when there is one: a literal
 * (`'…'`) or multi-line string stays so when the new text allows it, a date stays a bare TOML
 * date, an array written over several lines stays so (same indentation, trailing comma kept or
 * not), a one-line array keeps its padding and quote character. `plain` asks for the simplest
 * spelling (basic strings, one-line arrays), used when a styled rendering does not read back.
 */
export class TomlValueError extends Error {}

/** A TOML offset or local date-time, local date (seconds required, as TOML 1.0 wants them). */
const tomlDate =
  /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?)?$/;

export const isTomlDateText = (text: string): boolean => tomlDate.test(text);

export function renderTomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : basicString(key);
}

export function basicString(text: string): string {
  return `"${escapeBasic(text, false)}"`;
}

const isControl = (code: number): boolean => code < 0x20 || code === 0x7f;

/** Whether `text` holds a control character other than those in `allowed`. */
const hasControl = (text: string, allowed: string): boolean =>
  [...text].some((char) => isControl(char.charCodeAt(0)) && !allowed.includes(char));

const namedEscapes: Record<string, string> = {
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

function escapeBasic(text: string, multiline: boolean): string {
  let out = '';
  for (const char of text) {
    if (char === '\\' || char === '"') out += `\\${char}`;
    else if (!isControl(char.charCodeAt(0)) || (multiline && (char === '\n' || char === '\t')))
      out += char;
    else
      out +=
        namedEscapes[char] ??
        `\\u${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
  }
  return out;
}

function renderString(
  text: string,
  oldRaw: string | undefined,
  wasDate: boolean,
  plain: boolean,
): string {
  if (plain || oldRaw === undefined)
    return !plain && oldRaw === undefined && isTomlDateText(text) ? text : basicString(text);
  if (wasDate && isTomlDateText(text)) return text;
  const lineBreakAfterOpen = /^(?:'''|""")\r?\n/.exec(oldRaw)?.[0].slice(3) ?? '';
  if (
    oldRaw.startsWith("'''") &&
    text.includes('\n') &&
    !text.includes("'''") &&
    !hasControl(text, '\n\t') &&
    !text.endsWith("'")
  ) {
    return `'''${lineBreakAfterOpen}${text}'''`;
  }
  if ((oldRaw.startsWith('"""') || oldRaw.startsWith("'''")) && text.includes('\n'))
    return `"""${lineBreakAfterOpen}${escapeBasic(text, true)}"""`;
  if (
    oldRaw.startsWith("'") &&
    !oldRaw.startsWith("'''") &&
    !text.includes("'") &&
    !hasControl(text, '\t')
  )
    return `'${text}'`;
  return basicString(text);
}

function renderNumber(value: number): string {
  if (!Number.isFinite(value)) throw new TomlValueError('a number must be finite');
  return Object.is(value, -0) ? '-0.0' : String(value);
}

/**
 * `value` as TOML. `oldRaw` is the text of the value it replaces and `wasDate` whether that was a
 * TOML date; `eol` the file's line break, for arrays written over several lines.
 */
export function renderTomlValue(
  value: unknown,
  old: { raw: string; wasDate: boolean } | undefined,
  eol: string,
  plain: boolean,
): string {
  if (value === null || value === undefined)
    throw new TomlValueError('TOML has no null; remove the field instead');
  if (typeof value === 'string') return renderString(value, old?.raw, old?.wasDate ?? false, plain);
  if (typeof value === 'number') return renderNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return renderArray(value, old?.raw, eol, plain);
  if (typeof value === 'object') {
    const members = Object.entries(value).filter(([, item]) => item !== undefined);
    if (members.length === 0) return '{}';
    return `{ ${members.map(([key, item]) => `${renderTomlKey(key)} = ${renderTomlValue(item, undefined, eol, plain)}`).join(', ')} }`;
  }
  throw new TomlValueError(`a ${typeof value} cannot be written as TOML`);
}

function renderArray(
  items: unknown[],
  oldRaw: string | undefined,
  eol: string,
  plain: boolean,
): string {
  const old = oldRaw?.startsWith('[') ? oldRaw : undefined;
  // Items keep the quote character of the old array's first string ('…' or "…").
  const quote = old ? /^\[\s*(['"])/.exec(old)?.[1] : undefined;
  const itemOld = quote === "'" ? { raw: "'", wasDate: false } : undefined;
  const rendered = items.map((item) => renderTomlValue(item, itemOld, eol, plain));
  if (!plain && old?.includes('\n') && rendered.length > 0) {
    const indent = /\n([ \t]+)\S/.exec(old)?.[1] ?? '  ';
    const closeIndent = /\n([ \t]*)\]$/.exec(old)?.[1] ?? '';
    const trailingComma = /,\s*(?:#[^\n]*\n\s*)*\]$/.test(old);
    const lines = rendered.map(
      (item, index) => `${indent}${item}${index < rendered.length - 1 || trailingComma ? ',' : ''}`,
    );
    return `[${eol}${lines.join(eol)}${eol}${closeIndent}]`;
  }
  if (rendered.length === 0) return '[]';
  const padded = !plain && old !== undefined && /^\[[ \t]/.test(old);
  return padded ? `[ ${rendered.join(', ')} ]` : `[${rendered.join(', ')}]`;
}
