import fc from 'fast-check';

/**
 * Hostile request parts for property-based tests: bodies that are never valid (wrong types,
 * missing fields, 6 MB strings, deep nesting, invalid UTF-8, wrong media types), path segments,
 * query strings, Authorization headers and cookies.
 */

export type FieldType = 'string' | 'array' | 'object';

/** A valid body and its required keys: every hostile body breaks at least one of them. */
export interface BodySpec {
  sample: Record<string, unknown>;
  required: Record<string, FieldType>;
}

export interface HostileBody {
  body: Buffer | string;
  contentType: string | null;
  note: string;
}

const sixMiB = 6 * 1024 * 1024;
const printable = fc
  .array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: 120 })
  .map((codes) => String.fromCharCode(...codes));

/** Nested `depth` levels deep, as JSON text (built as text: JSON.stringify would recurse). */
export const deepJson = (depth: number, kind: 'array' | 'object' = 'array') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const rawJson = (text: string) => ({ rawJson: text });
type Json = unknown;
const toText = (value: Json): string =>
  value && typeof value === 'object' && 'rawJson' in (value as object)
    ? (value as { rawJson: string }).rawJson
    : Array.isArray(value)
      ? `[${value.map(toText).join(',')}]`
      : value && typeof value === 'object'
        ? `{${Object.entries(value as Record<string, Json>)
            .map(([key, inner]) => `${JSON.stringify(key)}:${toText(inner)}`)
            .join(',')}}`
        : (JSON.stringify(value) ?? 'null');

const deep = fc
  .constantFrom(1_000, 10_000, 100_000)
  .chain((depth) => fc.constantFrom(rawJson(deepJson(depth)), rawJson(deepJson(depth, 'object'))));

/** A value that is certainly not of `type`. */
export function wrongTypeFor(type: FieldType): fc.Arbitrary<Json> {
  const scalars = [
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  ];
  const others = {
    string: [
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
      deep,
    ],
    array: [
      fc.string(),
      fc.dictionary(fc.string(), fc.integer(), { maxKeys: 3 }),
      fc.constant(rawJson('{"0":"demo/blog","length":1}')),
    ],
    object: [fc.string(), fc.array(fc.string(), { maxLength: 3 }), deep],
  }[type] as fc.Arbitrary<Json>[];
  return fc.oneof(...scalars, ...others);
}

const notJson = fc.constantFrom(
  '',
  ' ',
  '{',
  '}',
  'not json',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  'NaN',
  '1e999',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
);

/** Bodies that break `spec`: each one is refused whatever else it holds. */
export function hostileBody(spec: BodySpec): fc.Arbitrary<HostileBody> {
  const keys = Object.keys(spec.required);
  const broken: fc.Arbitrary<{ value: Record<string, Json>; note: string }> = fc.oneof(
    fc.constantFrom(...keys).chain((key) =>
      wrongTypeFor(spec.required[key]!).map((wrong) => ({
        value: { ...spec.sample, [key]: wrong },
        note: `${key} of a wrong type`,
      })),
    ),
    fc.constantFrom(...keys).map((key) => {
      const { [key]: _dropped, ...rest } = spec.sample;
      return { value: rest, note: `${key} missing` };
    }),
  );
  const asJson = broken.chain(({ value, note }) =>
    fc
      .constantFrom<[string, Record<string, Json>]>(
        ['', {}],
        [
          'extra keys',
          {
            ['__proto__']: rawJson('{"polluted":true}'),
            constructor: rawJson('{"prototype":{"polluted":true}}'),
          },
        ],
      )
      .map(([extraNote, extra]) => ({
        body: toText({ ...value, ...extra }),
        contentType: 'application/json',
        note: [note, extraNote].filter(Boolean).join(', '),
      })),
  );
  const huge = fc
    .tuple(broken, fc.constantFrom(6_000_000, sixMiB + 1), fc.constantFrom('x', 'é'))
    .map(([{ value, note }, size, char]) => ({
      body: toText({ ...value, padding: char.repeat(char === 'é' ? Math.ceil(size / 2) : size) }),
      contentType: 'application/json',
      note: `${note}, ${size}-byte string`,
    }));
  const wholeDeep = deep.map((value) => ({
    body: toText(value),
    contentType: 'application/json',
    note: 'deeply nested body',
  }));
  const invalidUtf8 = fc
    .tuple(
      asJson,
      fc.constantFrom(
        [0xff],
        [0xc3, 0x28],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0xe2, 0x82],
      ),
      fc.nat(),
    )
    .map(([base, bytes, at]) => {
      const text = Buffer.from(String(base.body), 'utf8');
      const cut = text.length === 0 ? 0 : at % text.length;
      return {
        body: Buffer.concat([text.subarray(0, cut), Buffer.from(bytes), text.subarray(cut)]),
        contentType: 'application/json',
        note: `${base.note}, invalid UTF-8 at byte ${cut}`,
      };
    });
  const onlyBadBytes = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
    body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(bytes)]),
    contentType: 'application/json',
    note: 'random bytes',
  }));
  const wrongMedia = fc
    .tuple(
      asJson,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'multipart/form-data; boundary=x',
        null,
      ),
    )
    .map(([base, contentType]) => ({
      ...base,
      contentType,
      note: `${base.note}, content-type ${contentType}`,
    }));
  const garbage = notJson.map((text) => ({
    body: text,
    contentType: 'application/json',
    note: `not a valid body: ${JSON.stringify(text)}`,
  }));
  return fc.oneof(asJson, huge, wholeDeep, invalidUtf8, onlyBadBytes, wrongMedia, garbage);
}

/** Path segments as they are sent (already percent-encoded where needed), never a valid name or number. */
export const fixedSegments = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e',
  '.',
  '%2F',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%5C',
  '..%5C..%5Cwindows',
  'a%5Cb',
  '%00',
  'a%00b',
  '%00.md',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  'x'.repeat(300),
  'a'.repeat(5000),
  '%C3%A9',
  '%E6%97%A5%E6%9C%AC',
  '%F0%9F%98%80',
  '*',
  '%2A',
  '~',
  '%20',
  '%0A',
  '%0D%0Aset-cookie:%20x=1',
  ';',
  '%3B',
  '%3F',
  '%23',
  'HEAD',
  'main:README.md',
  '-rf',
  '.git',
  '%252F',
  '%25',
  "'",
  '%22',
  '%3Cscript%3E',
];

export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...fixedSegments) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      .filter((text) => !/^[a-z0-9._-]*$/i.test(text))
      .map(encodeURIComponent),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary', minLength: 1, maxLength: 20 })
      .filter((text) => !/^[a-z0-9._-]*$/i.test(text))
      .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\u0000'))),
  },
);

/** Query strings as sent: junk keys, hostile values for the keys the table knows, broken encodings. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'branch=..',
    'branch=%00',
    'branch=a..b',
    'branch=main:README.md',
    'branch=HEAD~1',
    'branch=-rf',
    'branch=refs%2Fheads%2Fmain',
    'branch=%2Fetc',
    'branch=' + 'x'.repeat(5000),
    'branch=',
    'branch=a&branch=b',
    'sha=',
    'sha=zz',
    'sha=' + '0'.repeat(39),
    'sha[]=1',
    'sha=%00',
    'code=&state=',
    'state=' + 'A'.repeat(10_000),
    'error=access_denied',
    '%%%',
    '&&&',
    '=',
    '%E0%A4%A',
    'a=%ZZ',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
  ),
  fc
    .dictionary(
      fc.constantFrom('branch', 'sha', 'code', 'state', 'error', 'x', '__proto__'),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      { minKeys: 1, maxKeys: 3 },
    )
    .map((entries) =>
      Object.entries(entries)
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
        .join('&'),
    ),
);

export const hostileAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'Bearer  x',
    'bearer cms_x.y',
    'BEARER cms_x.y',
    'Basic Zm9vOmJhcg==',
    'Token abc',
    'Bearer a b',
    'Bearer cms_..',
    'Bearer cms_' + 'A'.repeat(22) + '.' + 'B'.repeat(43),
    'Bearer cms_' + 'A'.repeat(22),
    'Bearer ' + 'x'.repeat(8000),
    'Bearer ghu_0000',
    'Bearer eyJhbGciOiJub25lIn0.e30.',
  ),
  printable.map((text) => `Bearer ${text}`),
  printable,
);

export const junkCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'cms_session=',
    'cms_session',
    '=;;;=',
    'cms_session=a; cms_session=b',
    'cms_session=' + 'A'.repeat(43),
    'cms_session=' + 'A'.repeat(4000),
    'cms_session="quoted"',
    'cms_session=%00',
    'cms_oauth=x; cms_session=../../',
    '__proto__=x',
  ),
  printable.map((text) => `cms_session=${text.replace(/;/g, '')}`),
);
