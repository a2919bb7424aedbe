import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import {
  cssAttributes,
  imageElements,
  inertAttributePrefixes,
  isMetadataNamespace,
  plainAttributes,
  svgElements,
  svgNamespace,
  xlinkAttributes,
  xlinkNamespace,
  xmlAttributes,
  xmlNamespace,
  xmlnsNamespace,
} from './svg-allowlist';
import { cssProblem, quoted, referenceProblem } from './svg-references';

/**
 * The SVG check of uploads and of media added on a draft branch. A site serves an SVG from its own
 * origin, where a browser opening it runs its scripts and loads what it references, so an SVG is
 * accepted only when it is plain drawing: it is parsed by a strict, namespace-aware XML parser
 * (saxes, jsdom's), and every element and attribute must be on the allowlist (svg-allowlist.ts),
 * by namespace URI and after entity decoding, with references and CSS checked
 * (svg-references.ts). The answer names the first thing refused, with its line.
 */

/** Thrown inside the parser's handlers to stop at the first refusal. */
class Refusal extends Error {
  override name = 'Refusal';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Encoding labels that mean UTF-8 (the Encoding Standard's). */
const utf8Labels: ReadonlySet<string> = new Set([
  'utf-8',
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
]);
/** Labels a browser decodes ASCII-only bytes with exactly as UTF-8 (they all mean windows-1252). */
const asciiCompatibleLabels: ReadonlySet<string> = new Set([
  'us-ascii',
  'ascii',
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'windows-1252',
  'cp1252',
]);

/**
 * The DOCTYPE an exporter writes for SVG 1.0/1.1 (a W3C public identifier and system address, or
 * none), with no internal subset: no entity or other declaration can come with it.
 */
const plainSvgDoctype =
  /^\s*svg(?:\s+PUBLIC\s+(["'])-\/\/W3C\/\/DTD SVG [^"'[\]<>]*\1\s+(["'])https?:\/\/www\.w3\.org\/[^"'[\]<>]*\2|\s+SYSTEM\s+(["'])https?:\/\/www\.w3\.org\/[^"'[\]<>]*\3)?\s*$/;

/** What is wrong with the SVG in `bytes`, e.g. `a <script> element (line 3)`; undefined when it is plain drawing. */
export function svgProblem(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return 'bytes that are not UTF-8 text';
  }
  const parser = new SaxesParser({ xmlns: true });
  const at = () => `line ${parser.line}`;
  const refuse = (what: string): never => {
    throw new Refusal(`${what} (${at()})`);
  };
  let root = true;
  let styleText: string | undefined;

  parser.on('error', (error) => {
    throw new Refusal(
      `XML that does not parse (${error.message.replace(/^(\d+):(\d+): /, 'line $1, column $2: ').replace(/\.$/, '')})`,
    );
  });
  parser.on('xmldecl', (declaration) => {
    if (declaration.version !== undefined && declaration.version !== '1.0')
      refuse(`XML version ${declaration.version} (only 1.0)`);
    const encoding = declaration.encoding?.trim().toLowerCase();
    // A browser decodes the file by its declaration: another decoding than ours could hide markup.
    if (
      encoding !== undefined &&
      !utf8Labels.has(encoding) &&
      !(asciiCompatibleLabels.has(encoding) && bytes.every((byte) => byte < 0x80))
    ) {
      refuse(`the encoding ${declaration.encoding} (save the file as UTF-8)`);
    }
  });
  parser.on('doctype', (doctype) => {
    if (!plainSvgDoctype.test(doctype))
      refuse('a DOCTYPE other than the plain SVG one (no entity or other declarations)');
  });
  parser.on('processinginstruction', (instruction) => {
    // Browsers act on one processing instruction, <?xml-stylesheet?>, which loads a stylesheet;
    // Illustrator wraps the XMP metadata it writes in <?xpacket?>, which nothing reads.
    if (instruction.target !== 'xpacket')
      refuse(`a processing instruction <?${instruction.target}?>`);
  });
  parser.on('opentag', (tag) => {
    checkElement(tag, root, refuse);
    root = false;
    if (tag.uri === svgNamespace && tag.local === 'style') styleText = '';
  });
  const collect = (chunk: string) => {
    if (styleText !== undefined) styleText += chunk;
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.on('closetag', (tag) => {
    if (styleText === undefined || tag.uri !== svgNamespace || tag.local !== 'style') return;
    const problem = cssProblem(styleText);
    styleText = undefined;
    if (problem) refuse(`${problem} in a <style>`);
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
  return undefined;
}

function checkElement(tag: SaxesTagNS, root: boolean, refuse: (what: string) => never): void {
  const name = tag.prefix ? `${tag.prefix}:${tag.local}` : tag.local;
  if (root && tag.local !== 'svg') refuse(`a root element <${name}>, not <svg>`);
  if (root && tag.uri !== svgNamespace)
    refuse(`a root <svg> outside the SVG namespace (it needs xmlns="${svgNamespace}")`);
  const isSvg = tag.uri === svgNamespace;
  if (isSvg && tag.local === 'script') refuse('a <script> element');
  if (isSvg && tag.local === 'foreignObject') refuse('a <foreignObject> element');
  if (isSvg && !svgElements.has(tag.local))
    refuse(`an element <${name}> that is not plain SVG drawing`);
  if (!isSvg && !isMetadataNamespace(tag.uri))
    refuse(`an element <${name}> of ${tag.uri ? `the namespace ${tag.uri}` : 'no namespace'}`);
  for (const attribute of Object.values(tag.attributes)) {
    const problem = attributeProblem(attribute, tag, isSvg);
    if (problem) refuse(`${problem} on <${name}>`);
  }
}

function attributeProblem(
  attribute: SaxesAttributeNS,
  tag: SaxesTagNS,
  isSvg: boolean,
): string | undefined {
  const { uri, local, value } = attribute;
  // A namespace declaration names a prefix (xmlns:onx is no handler); its URI is never fetched.
  if (uri === xmlnsNamespace) return undefined;
  if (/^on/i.test(local)) return `the event handler attribute ${attribute.name}`;
  if (isMetadataNamespace(uri)) return undefined;
  if (uri === xmlNamespace)
    return xmlAttributes.has(local) ? undefined : `the attribute ${attribute.name}`;
  const reference = { images: imageElements.has(tag.local), svgImage: svgProblem };
  if (uri === xlinkNamespace) {
    if (!xlinkAttributes.has(local)) return `the attribute ${attribute.name}`;
    return local === 'href' ? referenceProblem(value, reference) : undefined;
  }
  if (uri !== '') return `the attribute ${attribute.name} of the namespace ${uri}`;
  // No-namespace attributes of an element of an editor's namespace are as inert as the element.
  if (!isSvg) return undefined;
  if (local === 'href') return referenceProblem(value, reference);
  if (local === 'attributeName') return animatedAttributeProblem(value);
  if (cssAttributes.has(local)) {
    const problem = cssProblem(value);
    return problem && `${problem} in ${local}=${quoted(value)}`;
  }
  if (
    plainAttributes.has(local) ||
    inertAttributePrefixes.some((prefix) => local.startsWith(prefix))
  )
    return undefined;
  return `an attribute ${local} that plain SVG drawing does not use`;
}

/**
 * An animation may not set a link or an event handler (`<set attributeName="href"
 * to="javascript:…">`): whatever the prefix, an animated `href` or `on…` is refused.
 */
function animatedAttributeProblem(value: string): string | undefined {
  const local = value
    .trim()
    .slice(value.trim().indexOf(':') + 1)
    .toLowerCase();
  return local === 'href' || local.startsWith('on')
    ? `an animation of ${quoted(value)}`
    : undefined;
}
