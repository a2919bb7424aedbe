import { tokenize, TokenType, type CSSToken } from '@csstools/css-tokenizer';

/**
 * What an SVG may point at: only inside itself (`#id`), and images given inline as data: URLs where
 * an image is drawn: raster images, and SVG images that pass the whole check themselves. Anything
 * else (another file, another host, `javascript:`, a data: URL of another type) makes the browser
 * fetch, navigate or run something when the site serves the file from its own origin. References
 * are read with the WHATWG URL parser, as the browser reads them, after the XML parser decoded
 * entities and character references.
 */

/** The image types a data: URL may carry: the raster types uploads accept (and image/jpg, which exporters write). */
const rasterTypes: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/avif',
]);

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

/**
 * The type and bytes of a data: URL, read as the Fetch standard's data: URL processor reads it
 * (the URL parser, then the MIME type before the first comma, `;base64` at its end decoded by
 * atob, the forgiving-base64 decoder of the HTML standard); undefined when it is no data: URL or a
 * browser could not read it. Percent-escapes must decode to UTF-8 (decodeURIComponent): a body
 * that does not is refused rather than read differently from the browser.
 */
function dataUrl(
  value: string,
): { essence: string; bytes: () => Uint8Array | undefined } | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'data:') return undefined;
  url.hash = '';
  const input = url.href.slice('data:'.length).trim();
  const comma = input.indexOf(',');
  if (comma === -1) return undefined;
  const type = input.slice(0, comma).trim();
  const base64 = /;\u0020*base64$/i.test(type);
  const essence = type.split(';')[0]!.trim().toLowerCase();
  const bytes = () => {
    try {
      const body = decodeURIComponent(input.slice(comma + 1));
      return base64
        ? Uint8Array.from(atob(body), (char) => char.charCodeAt(0))
        : new TextEncoder().encode(body);
    } catch {
      return undefined;
    }
  };
  return { essence, bytes };
}

/** Short, for messages: the address as written, cut at 80 characters. */
export const quoted = (value: string): string =>
  JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);

/** What is wrong with an SVG given as bytes, or undefined: the whole check, for an SVG image given inline. */
export type SvgImageCheck = (bytes: Uint8Array) => string | undefined;

/**
 * Why `value` may not be referenced, or undefined: same document, or (with `images`) a raster
 * data: URL, or an SVG data: URL whose SVG passes `svgImage`. Browsers draw an SVG image with its
 * scripts off and without loading anything it points at; it is checked all the same, so the file
 * holds nothing the check would refuse at its top level.
 */
export function referenceProblem(
  value: string,
  options: { images: boolean; svgImage?: SvgImageCheck },
): string | undefined {
  if (sameDocument(value)) return undefined;
  const inline = options.images ? dataUrl(value) : undefined;
  if (inline && rasterTypes.has(inline.essence)) return undefined;
  if (inline?.essence === 'image/svg+xml' && options.svgImage) {
    const bytes = inline.bytes();
    if (!bytes)
      return `an SVG image given inline whose data: URL does not decode (${quoted(value)})`;
    const problem = options.svgImage(bytes);
    return problem && `an SVG image given inline that holds ${problem}`;
  }
  return `a reference to ${quoted(value)}`;
}

/** CSS functions that load a URL given as a bare string (`image-set("x.png" 1x)`), and IE's expression(). */
const loadingFunctions: ReadonlySet<string> = new Set([
  'image',
  'image-set',
  '-webkit-image-set',
  'expression',
]);

const significant = (token: CSSToken) =>
  token[0] !== TokenType.Whitespace && token[0] !== TokenType.Comment;

/**
 * Why a CSS text (a `<style>` element, a `style` or presentation attribute) is refused, or
 * undefined. Read by a CSS tokenizer that follows the CSS Syntax spec, so escapes (`\75 rl(`) and
 * comments (`u/**\/rl(`) are what the browser makes of them: `@import`, a `url()`/`src()` that
 * points outside the file (or holds anything but a string), and functions that load a bare string.
 */
export function cssProblem(css: string): string | undefined {
  const tokens = tokenize({ css }).filter(significant);
  for (const [index, token] of tokens.entries()) {
    if (token[0] === TokenType.AtKeyword && token[4].value.toLowerCase() === 'import')
      return 'an @import';
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
