/**
 * JSON Schema's `pattern` has no flags, so a zod regex with `i` (a git sha: `/^[0-9a-f]{40}$/i`)
 * would be written stricter than the server is. This spells the flag out: a letter outside a
 * character class becomes `[aA]`; inside one, each letter or letter range gains its other case.
 * Escapes are copied as they are. Enough for the patterns of this service, not a regex parser: a
 * pattern with `(?<` (a named group or a lookbehind) is refused rather than mangled.
 */
export function caseInsensitivePattern(source: string): string {
  if (source.includes('(?<')) throw new Error(`Cannot write /${source}/i without its flag`);
  let out = '';
  let inClass = false;
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at]!;
    if (char === '\\') {
      out += source.slice(at, at + 2);
      at += 1;
    } else if (inClass) {
      if (char === ']') inClass = false;
      const range = /^([a-zA-Z])-([a-zA-Z])/.exec(source.slice(at));
      if (range) {
        out += range[0] + swapCase(range[1]!) + '-' + swapCase(range[2]!);
        at += 2;
      } else {
        out += isLetter(char) ? char + swapCase(char) : char;
      }
    } else if (char === '[') {
      inClass = true;
      out += char;
    } else {
      out += isLetter(char) ? `[${char}${swapCase(char)}]` : char;
    }
  }
  return out;
}

const isLetter = (char: string) => /^[a-zA-Z]$/.test(char);
const swapCase = (char: string) =>
  char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
