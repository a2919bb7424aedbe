import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';
import {
  CmsConfigSchema,
  CollectionConfigSchema,
  MediaConfigSchema,
  PreviewSchema,
  WorkflowSchema,
} from '../../shared/content/config-schema';
import { parseCmsConfig } from '../../shared/content/config-read';
import { FieldDefinitionSchema, ListItemFieldSchema } from '../../shared/content/field-definition';
import { fieldTypes } from '../../shared/content/field-value';

/**
 * docs/configuration.md documents every option of cms.config.json and every field type: the options
 * come from the config schema itself, so an option or type added to the schema without its row (or
 * a row left for one that is gone) fails here, and every JSON example on the page is read by the
 * service's own parser.
 */
const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
const tokens = new MarkdownIt().parse(page, {});

const inlineText = (token: Token | undefined) =>
  (token?.children ?? []).map((child) => child.content).join('');
const optionsOf = (schema: unknown) =>
  Object.keys(
    (schema as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape,
  ).sort();

/** The index of the heading whose text is `text`, and the index where its section ends. */
function section(text: string): [number, number] {
  const at = tokens.findIndex(
    (token, index) => token.type === 'heading_open' && inlineText(tokens[index + 1]) === text,
  );
  if (at === -1) throw new Error(`docs/configuration.md has no heading "${text}"`);
  const level = tokens[at]!.tag;
  const end = tokens.findIndex(
    (token, index) => index > at && token.type === 'heading_open' && token.tag <= level,
  );
  return [at, end === -1 ? tokens.length : end];
}

/** The first cell of each body row of the section's first table: the options it documents. */
function documentedOptions(heading: string): string[] {
  const [from, to] = section(heading);
  const options: string[] = [];
  let inBody = false;
  let firstCell = false;
  for (const token of tokens.slice(from, to)) {
    if (token.type === 'table_close') break;
    if (token.type === 'tbody_open') inBody = true;
    if (inBody && token.type === 'tr_open') firstCell = true;
    if (inBody && firstCell && token.type === 'inline') {
      options.push(
        ...(token.children ?? [])
          .filter((child) => child.type === 'code_inline')
          .map((child) => child.content),
      );
      firstCell = false;
    }
  }
  return options.sort();
}

const jsonBlocks = (from = 0, to = tokens.length) =>
  tokens
    .slice(from, to)
    .filter((token) => token.type === 'fence' && token.info.trim() === 'json')
    .map((token) => token.content);

describe('docs/configuration.md', () => {
  it.each([
    ['The file', CmsConfigSchema],
    ['Collections', CollectionConfigSchema],
    ['workflow', WorkflowSchema],
    ['media', MediaConfigSchema],
    ['preview', PreviewSchema],
  ])(
    'documents every option of "%s" that the config schema has, and no other',
    (heading, schema) => {
      expect(documentedOptions(heading)).toEqual(optionsOf(schema));
    },
  );

  it('documents every property a field or a list item field takes', () => {
    const properties = [
      ...new Set([...optionsOf(FieldDefinitionSchema), ...optionsOf(ListItemFieldSchema)]),
    ].sort();
    expect(documentedOptions('Fields')).toEqual(properties);
  });

  it('has a section with an example for every field type, and for no other', () => {
    const [from, to] = section('Field types');
    const documented = tokens
      .slice(from + 3, to)
      .flatMap((token, index, all) =>
        token.type === 'heading_open' && token.tag === 'h3' ? [inlineText(all[index + 1])] : [],
      );
    expect(documented.sort()).toEqual([...fieldTypes].sort());
    for (const type of fieldTypes) {
      const [start, end] = section(type);
      const examples = jsonBlocks(start, end).map((text) => JSON.parse(text) as { type: string });
      expect(examples.length, `an example of "${type}"`).toBeGreaterThan(0);
      expect(examples.map((example) => example.type)).toEqual(examples.map(() => type));
    }
  });

  it('every field example is a valid field of a config, as the service reads it', () => {
    const [from, to] = section('Field types');
    const fields = jsonBlocks(from, to).map((text) => JSON.parse(text) as unknown);
    const config = {
      name: 'Examples',
      media: { directory: 'static/images', publicPath: '/images' },
      collections: {
        posts: { label: 'Posts', directory: 'content/posts', fields },
        authors: {
          label: 'Authors',
          directory: 'content/authors',
          fields: [{ name: 'name', type: 'string', label: 'Name' }],
        },
      },
    };
    expect(() => parseCmsConfig(JSON.stringify(config))).not.toThrow();
  });

  it('every other JSON example is a valid config, or a valid collection of one', () => {
    const [from] = section('Field types');
    const [, end] = section('Field types');
    const others = [...jsonBlocks(0, from), ...jsonBlocks(end)];
    expect(others.length).toBeGreaterThan(2);
    for (const text of others) {
      const config = text.trimStart().startsWith('"')
        ? { name: 'Example', collections: JSON.parse(`{${text}}`) as unknown }
        : (JSON.parse(text) as unknown);
      expect(() => parseCmsConfig(JSON.stringify(config)), text).not.toThrow();
    }
  });
});
