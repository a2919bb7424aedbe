import { tokenize, TokenType, type CSSToken } from '@csstools/css-tokenizer';

/**
 * What an SVG may point at: only inside itself (`#id`), and raster images given inline as data:
 * URLs where an image is drawn. Anything else (another file, another host, `javascript:`, a data:
 * URL of another type) makes the browser fetch, navigate or run something when the site serves
 * the file from its own origin. References are read with the WHATWG URL parser, as the browser
 * reads them, after the XML parser decoded entities and character references.
 */

/** The image types a data: URL may carry: the raster types uploads accept (and image/jpg, which exporters write). */
const rasterTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp', 'image/avif']);

// Two unrelated documents: a reference is to the same document only when it resolves to each of
// them, less the fragment (an address such as "one.svg#a" resolves to at most one of them).
const documents = ['https://one.invalid/a/one.svg', 'https://two.invalid/b/two.svg'];

const sameDocument = (value: string): boolean =>
  documents.every((base) => {
    try {
      const url = new URL(value, base);
      url.hash = '';
      return url.href === base;
    } catch {
      return false;
    }
  });

function isRasterDataUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'data:') return false;
  const comma = url.pathname.indexOf(',');
  const essence = (comma === -1 ? '' : url.pathname.slice(0, comma)).split(';')[0]!.trim().toLowerCase();
  return rasterTypes.has(essence);
}

/** Short, for messages: the address as written, cut at 80 characters. */
export const quoted = (value: string): string => JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);

/** Why `value` may not be referenced, or undefined: same document, or (with `images`) a raster data: URL. */
export function referenceProblem(value: string, options: { images: boolean }): string | undefined {
  if (sameDocument(value)) return undefined;
  if (options.images && isRasterDataUrl(value)) return undefined;
  return `a reference to ${quoted(value)}`;
}

/** CSS functions that load a URL given as a bare string (`image-set("x.png" 1x)`), and IE's expression(). */
const loadingFunctions: ReadonlySet<string> = new Set(['image', 'image-set', '-webkit-image-set', 'expression']);

const significant = (token: CSSToken) => token[0] !== TokenType.Whitespace && token[0] !== TokenType.Comment;

/**
 * Why a CSS text (a `<style>` element, a `style` or presentation attribute) is refused, or
 * undefined. Read by a CSS tokenizer that follows the CSS Syntax spec, so escapes (`\75 rl(`) and
 * comments (`u/**\/rl(`) are what the browser makes of them: `@import`, a `url()`/`src()` that
 * points outside the file (or holds anything but a string), and functions that load a bare string.
 */
export function cssProblem(css: string): string | undefined {
  const tokens = tokenize({ css }).filter(significant);
  for (const [index, token] of tokens.entries()) {
    if (token[0] === TokenType.AtKeyword && token[4].value.toLowerCase() === 'import') return 'an @import';
    if (token[0] === TokenType.BadURL) return 'a malformed url()';
    if (token[0] === TokenType.URL) {
      const problem = referenceProblem(token[4].value, { images: true });
      if (problem) return problem;
    }
    if (token[0] === TokenType.Function) {
      const name = token[4].value.toLowerCase();
      if (loadingFunctions.has(name)) return `the CSS function ${name}()`;
      if (name === 'url' || name === 'src') {
        const argument = tokens[index + 1];
        if (argument?.[0] !== TokenType.String) return `a ${name}() that holds no plain address`;
        const problem = referenceProblem(argument[4].value, { images: true });
        if (problem) return problem;
      }
    }
  }
  return undefined;
}
