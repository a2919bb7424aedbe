import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { isDateOrDateTime } from '../../../shared/content/field-value';
import { validateFrontmatter } from '../../../shared/content/validate-frontmatter';
import { InvalidInputError } from '../../../shared/errors';

const fields: FieldDefinition[] = [
  { name: 'title', type: 'string', label: 'Title', required: true },
  { name: 'date', type: 'date', label: 'Date' },
  { name: 'tags', type: 'string[]', label: 'Tags', default: ['news'] },
  { name: 'weight', type: 'number', label: 'Weight', default: 0 },
  { name: 'draft', type: 'boolean', label: 'Draft', default: true },
];

const problem = (frontmatter: Record<string, unknown>, isCreate = false): string => {
  try {
    validateFrontmatter(fields, frontmatter, { isCreate });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error('expected the frontmatter to be refused');
};

describe('validateFrontmatter', () => {
  it("applies defaults for absent fields on create, without sharing the config's arrays", () => {
    const result = validateFrontmatter(fields, { title: 'Hello' }, { isCreate: true });
    expect(result).toEqual({ title: 'Hello', tags: ['news'], weight: 0, draft: true });
    (result.tags as string[]).push('changed');
    expect(fields[2]?.default).toEqual(['news']);
  });

  it('does not apply defaults on update', () => {
    expect(validateFrontmatter(fields, { title: 'Hello' }, { isCreate: false })).toEqual({
      title: 'Hello',
    });
  });

  it('keeps values that are present, even when a default exists', () => {
    expect(
      validateFrontmatter(fields, { title: 'x', draft: false, tags: [] }, { isCreate: true }),
    ).toEqual({ title: 'x', draft: false, tags: [], weight: 0 });
  });

  it('accepts and keeps keys the config does not know', () => {
    const frontmatter = { title: 'x', layout: 'post', nested: { any: ['thing'] }, count: '5' };
    expect(validateFrontmatter(fields, frontmatter, { isCreate: false })).toEqual(frontmatter);
  });

  it('does not change the object it was given', () => {
    const frontmatter = { title: 'x' };
    validateFrontmatter(fields, frontmatter, { isCreate: true });
    expect(frontmatter).toEqual({ title: 'x' });
  });

  it('accepts null for an optional field', () => {
    expect(
      validateFrontmatter(fields, { title: 'x', date: null, weight: null }, { isCreate: false }),
    ).toEqual({ title: 'x', date: null, weight: null });
  });

  it('keeps null on create instead of applying the default', () => {
    expect(
      validateFrontmatter(fields, { title: 'x', weight: null }, { isCreate: true }),
    ).toMatchObject({ weight: null });
  });

  it.each([
    [{}, 'frontmatter.title: required'],
    [{ title: null }, 'frontmatter.title: required'],
    [{ title: '' }, 'frontmatter.title: required'],
    [{ title: '   ' }, 'frontmatter.title: required'],
    [{ title: 42 }, 'frontmatter.title: expected a string'],
    [{ title: 'x', tags: 'news' }, 'frontmatter.tags: expected an array of strings'],
    [{ title: 'x', tags: ['a', 2] }, 'frontmatter.tags: expected an array of strings'],
    [{ title: 'x', weight: '5' }, 'frontmatter.weight: expected a number'],
    [{ title: 'x', draft: 'yes' }, 'frontmatter.draft: expected true or false'],
    [
      { title: 'x', date: '2025-02-30' },
      'frontmatter.date: expected a date as YYYY-MM-DD or an ISO date-time',
    ],
    [
      { title: 'x', date: '31/01/2025' },
      'frontmatter.date: expected a date as YYYY-MM-DD or an ISO date-time',
    ],
    [
      { title: 'x', date: 20250131 },
      'frontmatter.date: expected a date as YYYY-MM-DD or an ISO date-time',
    ],
    [
      { title: 'x', date: '' },
      'frontmatter.date: expected a date as YYYY-MM-DD or an ISO date-time',
    ],
  ])('refuses %j with %j', (frontmatter, message) => {
    expect(problem(frontmatter)).toBe(message);
  });

  it('names the first failing field in config order', () => {
    expect(problem({ title: 'x', draft: 'no', tags: 'x' })).toBe(
      'frontmatter.tags: expected an array of strings',
    );
  });

  it('lets a default satisfy a required field on create only', () => {
    const required: FieldDefinition[] = [
      { name: 'layout', type: 'string', label: 'Layout', required: true, default: 'post' },
    ];
    expect(validateFrontmatter(required, {}, { isCreate: true })).toEqual({ layout: 'post' });
    expect(() => validateFrontmatter(required, {}, { isCreate: false })).toThrow(
      'frontmatter.layout: required',
    );
  });
});

describe('dates', () => {
  it.each([
    '2025-01-31',
    '2024-02-29',
    '2000-02-29',
    '2025-01-31T10:20',
    '2025-01-31T10:20:30',
    '2025-01-31T10:20:30Z',
    '2025-01-31T10:20:30.123Z',
    '2025-01-31T23:59:59+14:00',
    '2025-01-31T10:20:30-05:30',
    '2025-01-31 10:20:30 -0500',
    '2025-01-31 10:20:30',
  ])('accepts %j', (text) => {
    expect(isDateOrDateTime(text)).toBe(true);
  });

  it.each([
    '2025-02-29',
    '1900-02-29',
    '2025-02-30',
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-01-00',
    '2025-1-31',
    '25-01-31',
    '2025-01-31T24:00',
    '2025-01-31T10:60',
    '2025-01-31T10:20:61',
    '2025-01-31T10:20:30+25:00',
    '2025-01-31T',
    '2025-01-31 ',
    'tomorrow',
    '',
  ])('refuses %j', (text) => {
    expect(isDateOrDateTime(text)).toBe(false);
  });
});
