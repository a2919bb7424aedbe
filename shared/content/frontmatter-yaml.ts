import {
  Schema,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
  type ScalarTag,
  type Tags,
  type ToStringOptions,
} from 'yaml';

/**
 * How frontmatter YAML is read and how changed values are written.
 *
 * Reading: the YAML 1.2 core schema (so `yes`, `no`, `on`, `off` are strings and dates are not
 * turned into Date objects: they come out as the text written), tightened so that no value
 * changes when it goes through JSON and back: numbers with leading zeros (`01234`, a zip code),
 * integers of 16 digits or more (which JavaScript cannot hold exactly) and `.inf`/`.nan` are
 * strings. Explicit `!!timestamp`, `!!binary`, `!!set` … tags are not resolved either.
 *
 * Writing: a new or changed string is quoted whenever a YAML 1.1 reader (Jekyll's Psych, the
 * js-yaml 3 of gray-matter) or a 1.2 reader would read the plain text as something else —
 * `"yes"`, `"01234"`, `"1.0"` — except dates: `2025-01-31` stays plain so that generators that
 * read YAML timestamps (Jekyll, Astro, Eleventy) still see a date. Values that did not change
 * keep their style, quoted or not (see isAmbiguousPlain and frontmatter-edit.ts).
 */
const withTest = (tag: ScalarTag, test: RegExp): ScalarTag => ({ ...tag, test });

function tightenCoreTags(tags: Tags): Tags {
  return tags.flatMap((tag): Tags => {
    if (typeof tag === 'string' || 'collection' in tag || !tag.test) return [tag];
    if (tag.tag === 'tag:yaml.org,2002:int' && tag.format === undefined)
      return [withTest(tag, /^[-+]?(?:0|[1-9][0-9]{0,14})$/)];
    if (tag.tag !== 'tag:yaml.org,2002:float') return [tag];
    if (tag.test.test('.nan')) return [];
    if (tag.format === 'EXP')
      return [withTest(tag, /^[-+]?(?:\.[0-9]+|(?:0|[1-9][0-9]*)(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/)];
    return [withTest(tag, /^[-+]?(?:\.[0-9]+|(?:0|[1-9][0-9]*)\.[0-9]*)$/)];
  });
}

// What other readers take for a non-string: YAML 1.2 core and YAML 1.1, dates apart.
const otherReadersTags = [
  ...new Schema({ schema: 'core' }).tags,
  ...new Schema({ schema: 'yaml-1.1' }).tags,
].filter(
  (tag) =>
    tag.default === true &&
    tag.tag !== 'tag:yaml.org,2002:str' &&
    tag.tag !== 'tag:yaml.org,2002:timestamp',
);

/** Whether `text`, written as a plain scalar, would be read as something other than that string. */
export const isAmbiguousPlain = (text: string): boolean =>
  otherReadersTags.some((tag) => 'test' in tag && tag.test?.test(text));

export const yamlOptions: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.2',
  schema: 'core',
  customTags: tightenCoreTags,
  resolveKnownTags: false,
  // Duplicate keys are found in one pass by frontmatter-limits.ts; yaml's own check is quadratic.
  uniqueKeys: false,
  logLevel: 'error',
};

/** `lineWidth: 0`: never fold a long title over several lines. */
export const yamlToStringOptions = (indentSeq: boolean): ToStringOptions => ({
  lineWidth: 0,
  indentSeq,
  flowCollectionPadding: false,
});

/** At most this many alias expansions when reading, against "billion laughs" documents. */
export const maxAliasCount = 100;
