import fc from 'fast-check';

/**
 * Generators of frontmatter for the property tests: values as the editor sends them, and whole
 * files written by hand in the styles real sites use (quoting, comments, alignment, flow and
 * block lists, block scalars, CRLF, a byte order mark).
 */

/** Keys as the config allows them for fields. */
export const fieldName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,12}$/);

/** Printable text on one line (YAML refuses most control characters in a document). */
export const lineText = fc
  .string({ unit: 'grapheme', maxLength: 24 })
  // eslint-disable-next-line no-control-regex -- generated text must avoid control characters
  .filter((text) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(text));

/**
 * Integers of 16 digits or more are read back as strings (JavaScript cannot hold them exactly),
 * so a save of one is refused: the numbers here stay below that.
 */
const maxExact = 999_999_999_999_999;
export const scalarValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: -maxExact, max: maxExact }),
  fc.double({ noNaN: true, min: -maxExact, max: maxExact }),
  fc.boolean(),
  fc.constant(null),
);

export const frontmatterValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalarValue,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 3 }),
  ),
})).value;

export const frontmatter = fc.dictionary(fieldName, frontmatterValue, { maxKeys: 6 });

export const body = fc.string({ unit: 'grapheme', maxLength: 80 });

const word = fc.stringMatching(/^[a-z][a-z ]{0,10}[a-z]$/);

/** One top-level pair as a person writes it; `line` says whether it is a one-line scalar. */
interface Pair {
  lines: string[];
  oneLine: boolean;
}

const pairIn = (key: string): fc.Arbitrary<Pair> =>
  fc.oneof(
    word.map((value) => ({ lines: [`${key}: ${value}`], oneLine: true })),
    lineText.map((value) => ({ lines: [`${key}: ${JSON.stringify(value)}`], oneLine: true })),
    lineText.map((value) => ({
      lines: [`${key}: '${value.replaceAll("'", "''")}'`],
      oneLine: true,
    })),
    fc
      .tuple(word, word)
      .map(([value, note]) => ({ lines: [`${key}:    ${value}   # ${note}`], oneLine: true })),
    fc
      .constantFrom(
        '01234',
        'yes',
        'off',
        '2025-01-31',
        '2025-01-31 10:00:00 +0100',
        '1.50',
        '-7',
        '~',
        'null',
        'TRUE',
      )
      .map((value) => ({ lines: [`${key}: ${value}`], oneLine: true })),
    fc
      .array(word, { maxLength: 3 })
      .map((items) => ({ lines: [`${key}: [${items.join(', ')}]`], oneLine: false })),
    fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([items, indent]) => ({
        lines: [`${key}:`, ...items.map((item) => `${indent ? '  ' : ''}- ${item}`)],
        oneLine: false,
      })),
    fc.array(word, { minLength: 1, maxLength: 3 }).map((items) => ({
      lines: [`${key}: |`, ...items.map((item) => `  ${item}`)],
      oneLine: false,
    })),
    fc
      .tuple(fieldName, word)
      .map(([sub, value]) => ({ lines: [`${key}:`, `  ${sub}: ${value}`], oneLine: false })),
  );

export interface StyledFile {
  text: string;
  eol: '\n' | '\r\n';
  /** Line index (within the file) and key of every one-line scalar pair. */
  oneLine: { key: string; line: number }[];
}

/** A whole markdown file with a hand-written frontmatter block. */
export const styledFile: fc.Arbitrary<StyledFile> = fc
  .uniqueArray(fieldName, { minLength: 1, maxLength: 6 })
  .chain((keys) =>
    fc.record({
      pairs: fc.tuple(...keys.map((key) => pairIn(key).map((pair) => ({ key, ...pair })))),
      comments: fc.array(
        fc.option(
          fc.oneof(
            word.map((text) => `# ${text}`),
            fc.constant(''),
          ),
          { nil: undefined },
        ),
        { minLength: keys.length, maxLength: keys.length },
      ),
      eol: fc.constantFrom<'\n' | '\r\n'>('\n', '\r\n'),
      bom: fc.boolean(),
      body,
    }),
  )
  .map(({ pairs, comments, eol, bom, body: text }) => {
    const lines = ['---'];
    const oneLine: StyledFile['oneLine'] = [];
    pairs.forEach((pair, n) => {
      if (comments[n] !== undefined) lines.push(comments[n]!);
      if (pair.oneLine) oneLine.push({ key: pair.key, line: lines.length });
      lines.push(...pair.lines);
    });
    lines.push('---');
    return { text: `${bom ? '\uFEFF' : ''}${lines.join(eol)}${eol}${text}`, eol, oneLine };
  });
