import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../../../shared/content/frontmatter';
import {
  body,
  fieldName,
  frontmatter,
  lineText,
  scalarValue,
  styledFile,
} from './frontmatter-arbitraries';

const runs = { numRuns: 100 };

describe('frontmatter round trip (properties)', () => {
  it('reads back what it writes: parse(serialize(frontmatter, body)) = (frontmatter, body)', () => {
    fc.assert(
      fc.property(frontmatter, body, (values, text) => {
        expect(parseMarkdown(serializeMarkdown(undefined, values, text))).toEqual({
          frontmatter: values,
          body: text,
        });
      }),
      runs,
    );
  });

  it('writes a file back byte for byte when nothing changed', () => {
    fc.assert(
      fc.property(styledFile, ({ text }) => {
        const read = parseMarkdown(text);
        expect(serializeMarkdown(text, read.frontmatter, read.body)).toBe(text);
      }),
      runs,
    );
  });

  it('changing one key rewrites its line only', () => {
    const oneLineValue = fc.oneof(
      scalarValue.filter((value) => typeof value !== 'string'),
      lineText,
    );
    fc.assert(
      fc.property(
        styledFile.filter((file) => file.oneLine.length > 0),
        fc.nat(),
        oneLineValue,
        ({ text, eol, oneLine }, pick, value) => {
          const { key, line } = oneLine[pick % oneLine.length]!;
          const read = parseMarkdown(text);
          const written = serializeMarkdown(text, { ...read.frontmatter, [key]: value }, read.body);
          const [before, after] = [text.split(eol), written.split(eol)];
          expect(after).toHaveLength(before.length);
          expect(after.filter((_, n) => n !== line)).toEqual(before.filter((_, n) => n !== line));
          expect(parseMarkdown(written)).toEqual({
            frontmatter: { ...read.frontmatter, [key]: value },
            body: read.body,
          });
        },
      ),
      runs,
    );
  });

  it('adding a key appends it and removing one drops only its lines', () => {
    fc.assert(
      fc.property(styledFile, fieldName, scalarValue, ({ text }, key, value) => {
        const read = parseMarkdown(text);
        fc.pre(!Object.hasOwn(read.frontmatter, key));
        const added = serializeMarkdown(text, { ...read.frontmatter, [key]: value }, read.body);
        expect(parseMarkdown(added)).toEqual({
          frontmatter: { ...read.frontmatter, [key]: value },
          body: read.body,
        });
        expect(serializeMarkdown(added, read.frontmatter, read.body)).toBe(text);
      }),
      runs,
    );
  });
});
