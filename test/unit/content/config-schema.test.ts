import { describe, expect, it } from 'vitest';
import { CmsConfigSchema } from '../../../shared/content/config-schema';
import { parseCmsConfig } from '../../../shared/content/config-read';
import { InvalidInputError } from '../../../shared/errors';

const valid = {
  name: 'My site',
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        { name: 'date', type: 'date', label: 'Date', default: '2025-01-01' },
        { name: 'tags', type: 'string[]', label: 'Tags', default: [] },
        { name: 'weight', type: 'number', label: 'Weight', default: 0 },
        { name: 'draft', type: 'boolean', label: 'Draft', default: true },
      ],
      workflow: { default: 'pr', locked: true },
    },
    pages: { label: 'Pages', directory: 'content/pages', fields: [] },
  },
  preview: { pagesProject: 'my-site' },
};

/** A deep copy of the valid config with `edit` applied. */
function configWith(edit: (config: any) => void): string {
  const config = structuredClone(valid);
  edit(config);
  return JSON.stringify(config);
}

const messageOf = (text: string): string => {
  try {
    parseCmsConfig(text);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
};

describe('parseCmsConfig', () => {
  it('accepts a complete config and returns it', () => {
    expect(parseCmsConfig(JSON.stringify(valid))).toEqual(valid);
  });

  it('accepts the minimum: a name and collections', () => {
    expect(parseCmsConfig('{"name":"x","collections":{}}')).toEqual({ name: 'x', collections: {} });
  });

  it('accepts a $schema key and a byte order mark', () => {
    expect(
      parseCmsConfig(`\uFEFF{"$schema":"./cms.schema.json","name":"x","collections":{}}`),
    ).toMatchObject({ name: 'x' });
  });

  it('drops one trailing slash of a directory', () => {
    const config = parseCmsConfig(
      configWith((c) => (c.collections.posts.directory = 'content/posts/')),
    );
    expect(config.collections.posts?.directory).toBe('content/posts');
  });

  it('names the file and the first invalid path', () => {
    const text = configWith((c) => (c.collections.posts.fields[1].type = 'color'));
    expect(messageOf(text)).toBe(
      'cms.config.json: collections.posts.fields[1].type: unknown field type "color" (known: string, string[], number, boolean, date, image, image[], file, file[], text, select, datetime, hidden, object, list, relation)',
    );
  });

  it('explains invalid JSON', () => {
    expect(messageOf('{"name": "x",}')).toMatch(/^cms\.config\.json: invalid JSON \(.+\)$/);
    expect(messageOf('')).toMatch(/^cms\.config\.json: invalid JSON/);
  });

  it.each([
    [
      'a root that is not an object',
      () => '[]',
      'cms.config.json: Invalid input: expected object, received array',
    ],
    [
      'a missing name',
      configWith((c) => delete c.name),
      'cms.config.json: name: Invalid input: expected string, received undefined',
    ],
    ['an empty name', configWith((c) => (c.name = '')), 'cms.config.json: name: must not be empty'],
    [
      'missing collections',
      configWith((c) => delete c.collections),
      'cms.config.json: collections: Invalid input: expected record, received undefined',
    ],
    [
      'a typo in a field key',
      configWith((c) => (c.collections.posts.fields[0].requried = true)),
      'cms.config.json: collections.posts.fields[0]: Unrecognized key: "requried"',
    ],
    [
      'an unknown top-level key',
      configWith((c) => (c.theme = 'dark')),
      'cms.config.json: Unrecognized key: "theme"',
    ],
    [
      'an unknown preview key',
      configWith((c) => (c.preview.netlify = 'x')),
      'cms.config.json: preview: Unrecognized key: "netlify"',
    ],
    [
      'an invalid Pages project',
      configWith((c) => (c.preview.pagesProject = 'evil.com/')),
      'cms.config.json: preview.pagesProject: expected a Cloudflare Pages project name: lowercase letters, digits and "-"',
    ],
    [
      'an uppercase collection name',
      configWith((c) => (c.collections.Posts = c.collections.posts)),
      'cms.config.json: collections.Posts: expected a collection name: 1 to 64 lowercase letters, digits, "_" or "-", starting with a letter or digit',
    ],
    [
      'a collection name with a slash',
      configWith((c) => (c.collections['a/b'] = c.collections.pages)),
      'cms.config.json: collections.a/b: expected a collection name: 1 to 64 lowercase letters, digits, "_" or "-", starting with a letter or digit',
    ],
    [
      'a collection name of 65 characters',
      configWith((c) => (c.collections['a'.repeat(65)] = c.collections.pages)),
      `cms.config.json: collections.${'a'.repeat(65)}: expected a collection name: 1 to 64 lowercase letters, digits, "_" or "-", starting with a letter or digit`,
    ],
    [
      'a missing label',
      configWith((c) => delete c.collections.posts.label),
      'cms.config.json: collections.posts.label: Invalid input: expected string, received undefined',
    ],
    [
      'fields that are not a list',
      configWith((c) => (c.collections.posts.fields = {})),
      'cms.config.json: collections.posts.fields: Invalid input: expected array, received object',
    ],
    [
      'a field without label',
      configWith((c) => delete c.collections.posts.fields[0].label),
      'cms.config.json: collections.posts.fields[0].label: Invalid input: expected string, received undefined',
    ],
    [
      'a field name with a space',
      configWith((c) => (c.collections.posts.fields[0].name = 'my title')),
      'cms.config.json: collections.posts.fields[0].name: expected a field name: a letter or "_", then letters, digits, "_" or "-", at most 64 characters',
    ],
    [
      'the field name __proto__',
      configWith((c) => (c.collections.posts.fields[0].name = '__proto__')),
      'cms.config.json: collections.posts.fields[0].name: is a reserved name (constructor, prototype and __proto__ are not allowed)',
    ],
    [
      'the field name constructor',
      configWith((c) => (c.collections.posts.fields[0].name = 'constructor')),
      'cms.config.json: collections.posts.fields[0].name: is a reserved name (constructor, prototype and __proto__ are not allowed)',
    ],
    [
      'a collection named constructor',
      configWith((c) =>
        Object.defineProperty(c.collections, 'constructor', {
          value: c.collections.pages,
          enumerable: true,
        }),
      ),
      'cms.config.json: collections.constructor: is a reserved collection name (constructor, prototype and __proto__ are not allowed)',
    ],
    [
      'a collection named prototype',
      configWith((c) => (c.collections.prototype = c.collections.pages)),
      'cms.config.json: collections.prototype: is a reserved collection name (constructor, prototype and __proto__ are not allowed)',
    ],
    [
      'a duplicate field name',
      configWith((c) => (c.collections.posts.fields[3].name = 'title')),
      'cms.config.json: collections.posts.fields[3].name: duplicate field name "title"',
    ],
    [
      'required that is not a boolean',
      configWith((c) => (c.collections.posts.fields[0].required = 'yes')),
      'cms.config.json: collections.posts.fields[0].required: Invalid input: expected boolean, received string',
    ],
    [
      'a string default for a number field',
      configWith((c) => (c.collections.posts.fields[3].default = '5')),
      'cms.config.json: collections.posts.fields[3].default: does not fit type "number": expected a number',
    ],
    [
      'a default list with a number',
      configWith((c) => (c.collections.posts.fields[2].default = ['a', 1])),
      'cms.config.json: collections.posts.fields[2].default: does not fit type "string[]": expected an array of strings',
    ],
    [
      'an impossible default date',
      configWith((c) => (c.collections.posts.fields[1].default = '2025-02-30')),
      'cms.config.json: collections.posts.fields[1].default: does not fit type "date": expected a date as YYYY-MM-DD or an ISO date-time',
    ],
    [
      'a null default',
      configWith((c) => (c.collections.posts.fields[0].default = null)),
      'cms.config.json: collections.posts.fields[0].default: does not fit type "string": expected a string',
    ],
    [
      'an unknown workflow',
      configWith((c) => (c.collections.posts.workflow.default = 'draft')),
      'cms.config.json: collections.posts.workflow.default: Invalid option: expected one of "pr"|"direct"',
    ],
    [
      'a workflow without default',
      configWith((c) => (c.collections.posts.workflow = { locked: true })),
      'cms.config.json: collections.posts.workflow.default: Invalid option: expected one of "pr"|"direct"',
    ],
    [
      'a shared directory',
      configWith((c) => (c.collections.pages.directory = 'content/posts/')),
      'cms.config.json: collections.posts.directory: collection "pages" can claim the same files (e.g. content/posts/x.md); give the two collections other directories, or "path" patterns that cannot match one file',
    ],
  ])('refuses %s', (_, text, message) => {
    expect(messageOf(typeof text === 'function' ? text() : text)).toBe(message);
  });

  it.each([
    ['', 'must name a directory inside the repository (the root is not allowed)'],
    ['/', 'must name a directory inside the repository (the root is not allowed)'],
    ['/etc/posts', 'must be relative to the repository root (no leading "/")'],
    ['../outside', 'must not contain "." or ".." segments'],
    ['content/../../outside', 'must not contain "." or ".." segments'],
    ['./content', 'must not contain "." or ".." segments'],
    ['content/./posts', 'must not contain "." or ".." segments'],
    ['content//posts', 'must not contain empty segments ("//")'],
    ['content\\posts', 'must use "/" as separator, not "\\"'],
    ['content/po\u0000sts', 'must not contain control characters'],
    ['content/posts\n', 'must not contain control characters'],
    ['.git', 'must not be or be inside .git'],
    ['.git/hooks', 'must not be or be inside .git'],
    ['content/.GIT', 'must not be or be inside .git'],
    ['.github', 'must not be or be inside .github'],
    ['.github/workflows', 'must not be or be inside .github'],
    ['.GitHub/workflows', 'must not be or be inside .github'],
    ['a'.repeat(513), 'must be at most 512 characters'],
  ])('refuses the directory %j', (directory, problem) => {
    expect(messageOf(configWith((c) => (c.collections.posts.directory = directory)))).toBe(
      `cms.config.json: collections.posts.directory: ${problem}`,
    );
  });

  it.each([
    'posts',
    'content/posts',
    'src/content/blog-posts',
    'docs/.github',
    '_posts',
    'content/.well-known',
    'blog posts',
  ])('accepts the directory %j', (directory) => {
    expect(
      parseCmsConfig(configWith((c) => (c.collections.posts.directory = directory))).collections
        .posts?.directory,
    ).toBe(directory);
  });

  it.each([
    ['string', 'text'],
    ['string[]', ['a', 'b']],
    ['number', 1.5],
    ['boolean', false],
    ['date', '2024-02-29'],
    ['date', '2025-01-31T10:00:00Z'],
  ])('accepts a %s default of %j', (type, value) => {
    const config = parseCmsConfig(
      configWith(
        (c) => (c.collections.pages.fields = [{ name: 'f', type, label: 'F', default: value }]),
      ),
    );
    expect(config.collections.pages?.fields[0]?.default).toEqual(value);
  });
});

describe('CmsConfigSchema', () => {
  it('is the same definition the route table can publish', () => {
    expect(CmsConfigSchema.safeParse(valid).success).toBe(true);
  });
});
