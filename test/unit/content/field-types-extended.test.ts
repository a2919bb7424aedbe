import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { parseCmsConfig } from '../../../shared/content/config-read';
import { fieldValueProblem } from '../../../shared/content/field-value';
import { validateFrontmatter } from '../../../shared/content/validate-frontmatter';
import { InvalidInputError } from '../../../shared/errors';

const configWithFields = (fields: unknown[]): string =>
  JSON.stringify({
    name: 'x',
    collections: { posts: { label: 'Posts', directory: 'content/posts', fields } },
  });

const configProblem = (fields: unknown[]): string => {
  try {
    parseCmsConfig(configWithFields(fields));
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
};

const saveProblem = (fields: FieldDefinition[], frontmatter: Record<string, unknown>): string => {
  try {
    validateFrontmatter(fields, frontmatter, { isCreate: true });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error('expected the frontmatter to be refused');
};

describe('extension field types in cms.config.json', () => {
  it('accepts text, select (single, multiple, labelled options), datetime and hidden', () => {
    const fields = [
      { name: 'summary', type: 'text', label: 'Summary' },
      {
        name: 'category',
        type: 'select',
        label: 'Category',
        options: ['news', 'guides'],
        default: 'news',
      },
      {
        name: 'topics',
        type: 'select',
        label: 'Topics',
        multiple: true,
        options: [
          { value: 'js', label: 'JavaScript' },
          { value: 'go', label: 'Go' },
        ],
      },
      {
        name: 'published',
        type: 'datetime',
        label: 'Published',
        default: '2025-01-02T10:00:00+02:00',
      },
      { name: 'layout', type: 'hidden', label: 'Layout', default: 'post' },
    ];
    expect(parseCmsConfig(configWithFields(fields)).collections.posts?.fields).toEqual(fields);
  });

  it('names an unknown type and its path, listing the known ones', () => {
    expect(
      configProblem([
        { name: 'a', type: 'string', label: 'A' },
        { name: 'b', type: 'text', label: 'B' },
        { name: 'c', type: 'color', label: 'C' },
      ]),
    ).toBe(
      'cms.config.json: collections.posts.fields[2].type: unknown field type "color" (known: string, string[], number, boolean, date, image, image[], file, file[], text, select, datetime, hidden, object, list, relation)',
    );
  });

  it('refuses a select without options, with empty or duplicate options', () => {
    expect(configProblem([{ name: 'c', type: 'select', label: 'C' }])).toBe(
      'cms.config.json: collections.posts.fields[0].options: a "select" field needs "options": a non-empty list of strings or of {value, label}',
    );
    expect(configProblem([{ name: 'c', type: 'select', label: 'C', options: [] }])).toMatch(
      /^cms\.config\.json: collections\.posts\.fields\[0\]\.options: /,
    );
    expect(
      configProblem([
        { name: 'c', type: 'select', label: 'C', options: ['a', { value: 'a', label: 'A' }] },
      ]),
    ).toBe('cms.config.json: collections.posts.fields[0].options[1]: duplicate option "a"');
  });

  it('refuses options and multiple on other types', () => {
    expect(configProblem([{ name: 'c', type: 'string', label: 'C', options: ['a'] }])).toBe(
      'cms.config.json: collections.posts.fields[0].options: only a "select" field takes "options"',
    );
    expect(configProblem([{ name: 'c', type: 'text', label: 'C', multiple: true }])).toBe(
      'cms.config.json: collections.posts.fields[0].multiple: only a "select" or "relation" field takes "multiple"',
    );
  });

  it('refuses a hidden field without a default, naming the path', () => {
    expect(configProblem([{ name: 'layout', type: 'hidden', label: 'Layout' }])).toBe(
      'cms.config.json: collections.posts.fields[0].default: a "hidden" field needs a "default" (the editor does not show it; new items get it)',
    );
  });

  it('refuses a select default that is not one of the options', () => {
    expect(
      configProblem([{ name: 'c', type: 'select', label: 'C', options: ['a'], default: 'b' }]),
    ).toMatch(/fields\[0\]\.default: does not fit type "select": expected one of "a"/);
    expect(
      configProblem([
        { name: 'c', type: 'select', label: 'C', options: ['a'], multiple: true, default: 'a' },
      ]),
    ).toMatch(/fields\[0\]\.default: does not fit type "select": expected an array of/);
  });
});

describe('extension field values', () => {
  it('text: any string, including several lines', () => {
    expect(fieldValueProblem('text', 'one\ntwo\n')).toBeUndefined();
    expect(fieldValueProblem('text', 3)).toBe('expected a string (multi-line text)');
  });

  it('datetime: an ISO date-time (with an offset or not), not a bare date', () => {
    for (const good of [
      '2025-01-02T10:00:00+02:00',
      '2025-01-02T10:00:00Z',
      '2025-01-02 10:00:00 +0200',
      '2025-01-02T10:00',
    ])
      expect(fieldValueProblem('datetime', good)).toBeUndefined();
    for (const bad of ['2025-01-02', '2025-02-30T10:00:00Z', 'tomorrow', 5])
      expect(fieldValueProblem('datetime', bad)).toMatch(/^expected a date-time/);
  });

  it('hidden: any value but null', () => {
    expect(fieldValueProblem('hidden', 'post')).toBeUndefined();
    expect(fieldValueProblem('hidden', { a: 1 })).toBeUndefined();
  });

  const fields: FieldDefinition[] = [
    { name: 'title', type: 'string', label: 'Title' },
    {
      name: 'category',
      type: 'select',
      label: 'Category',
      options: ['news', { value: 'guides', label: 'Guides' }],
    },
    { name: 'topics', type: 'select', label: 'Topics', multiple: true, options: ['js', 'go'] },
    { name: 'layout', type: 'hidden', label: 'Layout', default: 'post' },
  ];

  it('select: a save names the field and the options', () => {
    expect(saveProblem(fields, { category: 'sports' })).toBe(
      'frontmatter.category: expected one of "news", "guides"',
    );
    expect(saveProblem(fields, { category: ['news'] })).toBe(
      'frontmatter.category: expected one of "news", "guides"',
    );
    expect(saveProblem(fields, { topics: 'js' })).toBe(
      'frontmatter.topics: expected an array of "js", "go"',
    );
    expect(saveProblem(fields, { topics: ['js', 'rust'] })).toBe(
      'frontmatter.topics: expected an array of "js", "go"',
    );
  });

  it('a new item gets the hidden default; valid selects are kept', () => {
    expect(
      validateFrontmatter(fields, { category: 'guides', topics: ['go', 'js'] }, { isCreate: true }),
    ).toEqual({ category: 'guides', topics: ['go', 'js'], layout: 'post' });
  });
});

describe('the OpenAPI document', () => {
  it('declares the new types, options and multiple, and describes them', async () => {
    const { openApiDocument } = await import('../../../shared/openapi/document');
    const field = (openApiDocument() as any).components.schemas.FieldDefinition;
    expect(field.properties.type.enum).toEqual(
      expect.arrayContaining(['text', 'select', 'datetime', 'hidden']),
    );
    expect(Object.keys(field.properties)).toEqual(expect.arrayContaining(['options', 'multiple']));
    expect(field.description).toMatch(/`hidden` \(needs a `default`/);
  });
});
