import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { svgProblem } from '../../../shared/media/svg-check';

/**
 * Properties of the SVG check: drawings made of allowlisted parts pass; one hostile part, however
 * it is spelled (any prefix bound to the SVG namespace, character references, case, URL-stripped
 * whitespace, CSS escapes), anywhere in such a drawing, is refused; and no input makes it throw.
 */
const svgNs = 'http://www.w3.org/2000/svg';
const bytes = (text: string) => new TextEncoder().encode(text);

const number = fc.integer({ min: -500, max: 500 }).map(String);
const color = fc.constantFrom(
  '#fff',
  '#1D5FE6',
  'red',
  'none',
  'currentColor',
  'url(#g)',
  'rgb(1, 2, 3)',
);
/** A drawing element with attributes SVG defines, values without markup. */
const shape: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(number, number, number, color)
    .map(([cx, cy, r, fill]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`),
  fc
    .tuple(number, number, color)
    .map(
      ([x, y, stroke]) =>
        `<rect x="${x}" y="${y}" width="10" height="10" stroke="${stroke}" style="opacity:.5;fill:url(#g)"/>`,
    ),
  fc
    .tuple(number, number)
    .map(
      ([x, y]) =>
        `<path d="M${x} ${y}L1 1Z" fill-rule="evenodd" aria-hidden="true" data-name="p"/>`,
    ),
  fc.constantFrom(
    '<use href="#g"/>',
    '<use xlink:href="#c"/>',
    '<title>Logo &amp; mark</title>',
    '<!-- a comment -->',
    '<text x="1" y="2">Hello &lt;you&gt;</text>',
  ),
);
/** Shapes nested in groups, a few levels deep. */
const drawing: fc.Arbitrary<string[]> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: shape.map((part) => [part]) },
      {
        weight: 1,
        arbitrary: fc
          .array(shape, { maxLength: 3 })
          .map((parts) => ['<g transform="translate(1 2)">', ...parts, '</g>']),
      },
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.flat());

const document = (parts: readonly string[]) =>
  `<svg xmlns="${svgNs}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient><clipPath id="c"><rect width="1" height="1"/></clipPath></defs>${parts.join('')}</svg>`;

/** Each character written as itself, or as a decimal or hexadecimal character reference. */
const referenced = (text: string) =>
  fc
    .array(fc.constantFrom('plain', 'decimal', 'hex'), {
      minLength: text.length,
      maxLength: text.length,
    })
    .map((ways) =>
      [...text]
        .map((char, n) =>
          ways[n] === 'decimal'
            ? `&#${char.codePointAt(0)};`
            : ways[n] === 'hex'
              ? `&#x${char.codePointAt(0)!.toString(16)};`
              : char,
        )
        .join(''),
    );
const mixedCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((char, n) => (upper[n] ? char.toUpperCase() : char)).join(''));
const prefix = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/).filter((name) => !name.startsWith('xml'));
/** `javascript:` as a browser still reads it: any case, tabs and newlines inside, spaces before. */
const javascriptUrl = fc
  .tuple(
    mixedCase('javascript'),
    fc.integer({ min: 1, max: 9 }),
    fc.constantFrom('', '&#9;', '&#10;', '&#13;'),
    fc.constantFrom('', ' ', '&#32;&#9;'),
  )
  .chain(([scheme, at, inside, before]) =>
    referenced(':alert(1)').map(
      (rest) => `${before}${scheme.slice(0, at)}${inside}${scheme.slice(at)}${rest}`,
    ),
  );
/** `url` spelled with CSS escapes and any case. */
const cssUrl = fc
  .tuple(
    fc.constantFrom('u', 'U', '\\75 ', '\\000075', '\\55 '),
    fc.constantFrom('r', 'R', '\\72 '),
    fc.constantFrom('l', 'L', '\\6c '),
  )
  .map((letters) => letters.join(''));

/** One hostile part and what the check must say of it. */
const hostile: fc.Arbitrary<{ part: string; refused: RegExp }> = fc.oneof(
  prefix.map((p) => ({
    part: `<${p}:script xmlns:${p}="${svgNs}">alert(1)</${p}:script>`,
    refused: /<script> element/,
  })),
  prefix.map((p) => ({
    part: `<${p}:foreignObject xmlns:${p}="${svgNs}"><div xmlns="http://www.w3.org/1999/xhtml"/></${p}:foreignObject>`,
    refused: /<foreignObject> element/,
  })),
  fc
    .tuple(
      mixedCase('on'),
      fc.constantFrom('load', 'click', 'begin', 'mouseover', 'focusin', 'animationstart'),
    )
    .map(([on, event]) => ({
      part: `<rect ${on}${event}="alert(1)"/>`,
      refused: /event handler attribute/i,
    })),
  fc.tuple(javascriptUrl, fc.constantFrom('href', 'xlink:href')).map(([url, name]) => ({
    part: `<a ${name}="${url}"><circle r="1"/></a>`,
    refused: /reference to ".*alert\(1\)" on <a>/i,
  })),
  fc
    .tuple(
      cssUrl,
      fc.constantFrom('https://evil.example/x', '//evil.example/x', 'javascript:alert(1)'),
    )
    .map(([url, target]) => ({
      part: `<rect style="fill:${url}(${target})"/>`,
      refused: /(reference to .*|a malformed url\(\)) in style=/,
    })),
  fc
    .tuple(
      cssUrl,
      fc.constantFrom('@import "x.css";', '@\\69mport url(x.css);', '@IMPORT url(x.css);'),
    )
    .map(([url, rule]) => ({
      part: `<style><![CDATA[${rule} .a{fill:${url}(#g)}]]></style>`,
      refused: /@import in a <style>/,
    })),
  fc.constantFrom('href', 'xlink:href', 'HREF', 'onbegin').map((name) => ({
    part: `<a><set attributeName="${name}" to="javascript:alert(1)"/></a>`,
    refused: /animation of/,
  })),
);

describe('svgProblem, as properties', () => {
  it('accepts any drawing made of allowlisted elements, attributes and references inside the file', () => {
    fc.assert(
      fc.property(drawing, (parts) => {
        expect(svgProblem(bytes(document(parts)))).toBeUndefined();
      }),
    );
  });

  it('refuses one hostile part anywhere in a drawing, however it is spelled', () => {
    fc.assert(
      fc.property(drawing, hostile, fc.nat(), (parts, { part, refused }, at) => {
        // Between any two tags of the drawing (inside a group or not): a whole element keeps it well-formed.
        const placed = [
          ...parts.slice(0, at % (parts.length + 1)),
          part,
          ...parts.slice(at % (parts.length + 1)),
        ];
        expect(svgProblem(bytes(document(placed)))).toMatch(refused);
      }),
    );
  });

  it('answers every input without throwing: a string or nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          fc.string({ maxLength: 200 }).map(bytes),
          drawing.map((parts) => bytes(document(parts).slice(0, -3))),
        ),
        (input) => {
          const problem = svgProblem(input);
          expect(problem === undefined || typeof problem === 'string').toBe(true);
        },
      ),
    );
  });
});
