import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { parseCmsConfig } from '../../../shared/content/config-read';
import { checkObject } from '../../../shared/content/field-check';
import { validateFrontmatter } from '../../../shared/content/validate-frontmatter';
import { InvalidInputError } from '../../../shared/errors';

const authors = {
  label: 'Authors',
  directory: 'content/authors',
  fields: [{ name: 'name', type: 'string', label: 'Name' }],
};
const configWith = (fields: unknown[], extra: Record<string, unknown> = { authors }): string =>
  JSON.stringify({
    name: 'x',
    collections: { posts: { label: 'Posts', directory: 'content/posts', fields }, ...extra },
  });

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};
const configProblem = (fields: unknown[], extra?: Record<string, unknown>) =>
  refusal(() => parseCmsConfig(configWith(fields, extra)));

const seo = {
  name: 'seo',
  type: 'object',
  label: 'SEO',
  fields: [
    { name: 'title', type: 'string', label: 'Title', required: true },
    { name: 'description', type: 'text', label: 'Description' },
  ],
};
const links = {
  name: 'links',
  type: 'list',
  label: 'Links',
  max: 3,
  fields: [
    { name: 'label', type: 'string', label: 'Label', required: true },
    { name: 'url', type: 'string', label: 'URL' },
  ],
};
const tags = {
  name: 'tags',
  type: 'list',
  label: 'Tags',
  field: { type: 'select', options: ['a', 'b'] },
  min: 1,
};
const author = {
  name: 'author',
  type: 'relation',
  label: 'Author',
  collection: 'authors',
  displayField: 'name',
};
const coauthors = {
  name: 'coauthors',
  type: 'relation',
  label: 'Co-authors',
  collection: 'authors',
  multiple: true,
};
const fields = [seo, links, tags, author, coauthors] as FieldDefinition[];

describe('object, list and relation fields in cms.config.json', () => {
  it('accepts nested objects, lists of values and of objects, and relations to another collection', () => {
    expect(parseCmsConfig(configWith(fields)).collections.posts?.fields).toEqual(fields);
  });

  it('names the nested path of a bad nested field', () => {
    const broken = { ...links, fields: [{ name: 'label', type: 'colour', label: 'Label' }] };
    expect(configProblem([broken])).toMatch(
      /^cms\.config\.json: collections\.posts\.fields\[0\]\.fields\[0\]\.type: unknown field type "colour"/,
    );
  });

  it('needs fields for an object, one of field or fields for a list, and a known collection for a relation', () => {
    expect(configProblem([{ name: 's', type: 'object', label: 'S' }])).toContain(
      'fields[0].fields: an "object" field needs "fields"',
    );
    expect(configProblem([{ name: 'l', type: 'list', label: 'L' }])).toContain(
      'a "list" field needs either "field"',
    );
    expect(configProblem([{ ...tags, fields: seo.fields }])).toContain(
      'a "list" field needs either "field"',
    );
    expect(configProblem([{ name: 'a', type: 'relation', label: 'A' }])).toContain(
      'fields[0].collection: a "relation" field needs "collection"',
    );
    expect(configProblem([{ ...author, collection: 'people' }])).toContain(
      'fields[0].collection: no collection "people" (known: posts, authors)',
    );
    expect(configProblem([{ ...author, displayField: 'bio' }])).toContain(
      'fields[0].displayField: collection "authors" has no field "bio"',
    );
  });

  it('refuses properties on types that do not take them, min above max, and deep nesting', () => {
    expect(
      configProblem([{ name: 't', type: 'string', label: 'T', fields: seo.fields }]),
    ).toContain('only a "object" or "list" field takes "fields"');
    expect(
      configProblem([{ name: 't', type: 'string', label: 'T', collection: 'authors' }]),
    ).toContain('only a "relation" field takes "collection"');
    expect(configProblem([{ ...tags, min: 4, max: 2 }])).toContain(
      'fields[0].max: must not be less than "min"',
    );
    let deep: Record<string, unknown> = { name: 'leaf', type: 'string', label: 'Leaf' };
    for (let level = 0; level < 5; level += 1)
      deep = { name: `o${level}`, type: 'object', label: 'O', fields: [deep] };
    expect(configProblem([deep])).toContain('nest at most 5 levels deep');
  });

  it('checks an object default field by field, naming the inner path', () => {
    expect(configProblem([{ ...seo, default: { title: 5 } }])).toContain(
      'fields[0].default: does not fit type "object": title: expected a string',
    );
  });

  it('asks for a media directory for an image inside a list of objects', () => {
    const gallery = {
      name: 'gallery',
      type: 'list',
      label: 'Gallery',
      fields: [{ name: 'src', type: 'image', label: 'Image' }],
    };
    expect(configProblem([gallery])).toContain(
      'fields[0].fields[0].type: "image" (field "src") needs a media directory',
    );
  });
});

describe('saving nested values', () => {
  const save = (frontmatter: Record<string, unknown>, original?: Record<string, unknown>) =>
    validateFrontmatter(fields, frontmatter, {
      isCreate: original === undefined,
      ...(original && { original }),
    });
  const valid = {
    seo: { title: 'T' },
    links: [{ label: 'Home', url: '/' }],
    tags: ['a'],
    author: 'jane',
    coauthors: ['joe'],
  };

  it('accepts values that fit and keeps keys the config does not know, at every level', () => {
    const frontmatter = { ...valid, seo: { title: 'T', extra: 1 } };
    expect(save(frontmatter)).toEqual(frontmatter);
  });

  it('names the exact path of a bad nested value', () => {
    expect(
      refusal(() =>
        save({ ...valid, links: [{ label: 'a' }, { label: 'b' }, { label: 'c', url: 3 }] }),
      ),
    ).toBe('frontmatter.links[2].url: expected a string');
    expect(refusal(() => save({ ...valid, seo: { description: 'no title' } }))).toBe(
      'frontmatter.seo.title: required',
    );
    expect(refusal(() => save({ ...valid, seo: 'text' }))).toBe(
      'frontmatter.seo: expected an object (key: value pairs)',
    );
    expect(refusal(() => save({ ...valid, tags: ['a', 'z'] }))).toBe(
      'frontmatter.tags[1]: expected one of "a", "b"',
    );
    expect(refusal(() => save({ ...valid, tags: [] }))).toBe(
      'frontmatter.tags: expected at least 1 item',
    );
    expect(
      refusal(() => save({ ...valid, links: [1, 2, 3, 4].map((n) => ({ label: `${n}` })) })),
    ).toBe('frontmatter.links: expected at most 3 items');
    expect(refusal(() => save({ ...valid, links: [null] }))).toBe(
      'frontmatter.links[0]: expected a value (a list item cannot be empty)',
    );
    expect(refusal(() => save({ ...valid, author: '' }))).toBe(
      'frontmatter.author: expected the slug of an item (a non-empty string)',
    );
    expect(refusal(() => save({ ...valid, coauthors: ['a/b'] }))).toBe(
      'frontmatter.coauthors: expected a list of item slugs (non-empty strings)',
    );
  });

  it('on an update, does not check nested values the save leaves as they were', () => {
    const original = { ...valid, links: [{ url: '/no-label' }, { label: 'b' }] };
    // The first link lacked its label before; changing the second link alone is accepted.
    expect(() =>
      save({ ...original, links: [{ url: '/no-label' }, { label: 'B' }] }, original),
    ).not.toThrow();
    // As at the top level, a key absent before and after is unchanged; what changes is checked.
    expect(() =>
      save({ ...original, links: [{ url: '/changed' }, { label: 'b' }] }, original),
    ).not.toThrow();
    expect(
      refusal(() => save({ ...original, links: [{ url: 5 }, { label: 'b' }] }, original)),
    ).toBe('frontmatter.links[0].url: expected a string');
    expect(
      refusal(() => save({ ...original, links: [...original.links, { url: '/new' }] }, original)),
    ).toBe('frontmatter.links[2].label: required');
  });

  it('reports every problem at once for the editor', () => {
    const problems = checkObject(fields, { seo: {}, links: [{ url: 1 }], tags: ['z'] }, '', {
      all: true,
      hasOriginal: false,
    });
    expect(problems.map((problem) => problem.path)).toEqual([
      'seo.title',
      'links[0].label',
      'links[0].url',
      'tags[0]',
    ]);
  });
});
