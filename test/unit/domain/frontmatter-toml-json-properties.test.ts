import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../../../shared/content/frontmatter';
import { InvalidInputError } from '../../../shared/errors';
import {
  body,
  fieldName,
  frontmatterValue,
  lineText,
  scalarValue,
} from './frontmatter-arbitraries';

/**
 * TOML and JSON frontmatter written by hand in the styles Hugo sites use: unchanged saves keep
 * every byte, a one-field change rewrites that field's line only, and any save either reads back
 * as asked or is refused with a 400 (never a wrong file).
 */
const runs = { numRuns: 100 };
const word = fc.stringMatching(/^[a-z][a-z ]{0,10}[a-z]$/);

interface Pair {
  key: string;
  lines: string[];
  oneLine: boolean;
}

const tomlPair = (key: string): fc.Arbitrary<Pair> =>
  fc.oneof(
    lineText.map((value) => ({ key, lines: [`${key} = ${JSON.stringify(value)}`], oneLine: true })),
    word.map((value) => ({ key, lines: [`${key} = '${value}'`], oneLine: true })),
    fc.tuple(word, word).map(([value, note]) => ({
      key,
      lines: [`${key}   =   "${value}"   # ${note}`],
      oneLine: true,
    })),
    fc
      .constantFrom(
        '5',
        '-1.5',
        'true',
        'false',
        '2024-01-02',
        '2023-01-05T01:15:29+01:00',
        '1979-05-27 07:32:00Z',
        '1_000',
        '0x1F',
      )
      .map((value) => ({ key, lines: [`${key} = ${value}`], oneLine: true })),
    fc.array(word, { maxLength: 3 }).map((items) => ({
      key,
      lines: [`${key} = [${items.map((item) => JSON.stringify(item)).join(', ')}]`],
      oneLine: true,
    })),
    fc
      .tuple(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('  ', '    '),
        fc.boolean(),
      )
      .map(([items, indent, comma]) => ({
        key,
        lines: [
          `${key} = [`,
          ...items.map(
            (item, n) => `${indent}"${item}"${n < items.length - 1 || comma ? ',' : ''}`,
          ),
          ']',
        ],
        oneLine: false,
      })),
    fc.array(word, { minLength: 1, maxLength: 2 }).map((items) => ({
      key,
      lines: [`${key} = """`, ...items.slice(0, -1), `${items.at(-1)}"""`],
      oneLine: false,
    })),
  );

interface StyledFile {
  text: string;
  eol: string;
  /** One-line pairs: key and the line index in the file. */
  oneLine: { key: string; line: number }[];
}

const tomlFile: fc.Arbitrary<StyledFile> = fc
  .tuple(
    fc
      .uniqueArray(fieldName, { minLength: 1, maxLength: 6 })
      .chain((keys) => fc.tuple(...keys.map(tomlPair))),
    fc.array(fc.constantFrom('', '# a comment'), { maxLength: 6 }),
    fc.boolean(),
    fc.constantFrom('\n', '\r\n'),
    body,
  )
  .map(([pairs, between, table, eol, text]) => {
    const lines = ['+++'];
    const oneLine: StyledFile['oneLine'] = [];
    pairs.forEach((pair, n) => {
      if (between[n] !== undefined) lines.push(between[n]!);
      if (pair.oneLine) oneLine.push({ key: pair.key, line: lines.length });
      lines.push(...pair.lines);
    });
    // A key not among the generated ones: `fieldName` never starts with a digit.
    if (table) lines.push('', '[0params]', '  author = "Me"');
    lines.push('+++');
    return { text: `${lines.join(eol)}${eol}${text}`, eol, oneLine };
  });

const jsonFile: fc.Arbitrary<StyledFile> = fc
  .tuple(
    fc.dictionary(fieldName, frontmatterValue, { minKeys: 1, maxKeys: 6 }),
    fc.constantFrom('  ', '    ', '\t'),
    fc.constantFrom('\n', '\r\n'),
    body,
  )
  .map(([values, indent, eol, text]) => {
    const keys = Object.keys(values).sort();
    const members = keys.map(
      (key) => `${indent}${JSON.stringify(key)}: ${JSON.stringify(values[key])}`,
    );
    const oneLine = keys.map((key, n) => ({ key, line: n + 1 }));
    return { text: `{${eol}${members.join(`,${eol}`)}${eol}}${eol}${text}`, eol, oneLine };
  });

/** JSON has no -0 (`JSON.stringify(-0)` is `0`): values are compared as JSON sees them. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const oneLineValue = fc.oneof(
  scalarValue.filter((value) => value !== null && typeof value !== 'string'),
  lineText,
);

describe.each([
  ['TOML', tomlFile],
  ['JSON', jsonFile],
])('%s frontmatter (properties)', (_, file) => {
  it('writes a file back byte for byte when nothing changed', () => {
    fc.assert(
      fc.property(file, ({ text }) => {
        const read = parseMarkdown(text);
        expect(serializeMarkdown(text, read.frontmatter, read.body)).toBe(text);
      }),
      runs,
    );
  });

  it('changing one key rewrites its line only', () => {
    fc.assert(
      fc.property(
        file.filter((styled) => styled.oneLine.length > 0),
        fc.nat(),
        oneLineValue,
        ({ text, eol, oneLine }, pick, value) => {
          const { key, line } = oneLine[pick % oneLine.length]!;
          const read = parseMarkdown(text);
          const written = serializeMarkdown(text, { ...read.frontmatter, [key]: value }, read.body);
          const [before, after] = [text.split(eol), written.split(eol)];
          expect(after).toHaveLength(before.length);
          expect(after.filter((__, n) => n !== line)).toEqual(before.filter((__, n) => n !== line));
          expect(asJson(parseMarkdown(written))).toEqual(
            asJson({ frontmatter: { ...read.frontmatter, [key]: value }, body: read.body }),
          );
        },
      ),
      runs,
    );
  });

  it('adding a key and removing it again gives the original bytes', () => {
    fc.assert(
      fc.property(file, fieldName, oneLineValue, ({ text }, key, value) => {
        const read = parseMarkdown(text);
        fc.pre(!Object.hasOwn(read.frontmatter, key));
        const added = serializeMarkdown(text, { ...read.frontmatter, [key]: value }, read.body);
        expect(asJson(parseMarkdown(added))).toEqual(
          asJson({ frontmatter: { ...read.frontmatter, [key]: value }, body: read.body }),
        );
        expect(serializeMarkdown(added, read.frontmatter, read.body)).toBe(text);
      }),
      runs,
    );
  });

  it('removing any set of keys drops their lines and reads back (TOML tables apart: refused)', () => {
    fc.assert(
      fc.property(file, fc.infiniteStream(fc.boolean()), ({ text }, drops) => {
        const read = parseMarkdown(text);
        const next = Object.fromEntries(
          Object.entries(read.frontmatter).filter(() => !drops.next().value),
        );
        let written: string;
        try {
          written = serializeMarkdown(text, next, read.body);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError);
          expect(Object.hasOwn(next, '0params')).toBe(false);
          return;
        }
        expect(asJson(parseMarkdown(written))).toEqual(
          asJson({ frontmatter: next, body: read.body }),
        );
        expect(written.length).toBeLessThanOrEqual(text.length);
      }),
      runs,
    );
  });

  it('any save of any value reads back as asked or is refused with a 400', () => {
    fc.assert(
      fc.property(file, fieldName, frontmatterValue, ({ text }, key, value) => {
        const read = parseMarkdown(text);
        const next = { ...read.frontmatter, [key]: value };
        let written: string;
        try {
          written = serializeMarkdown(text, next, read.body);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError);
          return;
        }
        const isToml = text.startsWith('+++');
        const expected =
          isToml && value === null
            ? Object.fromEntries(Object.entries(next).filter(([name]) => name !== key))
            : next;
        expect(asJson(parseMarkdown(written))).toEqual(
          asJson({ frontmatter: expected, body: read.body }),
        );
      }),
      runs,
    );
  });
});
