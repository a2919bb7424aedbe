import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import {
  keepEquivalentValues,
  sameMeaning,
  typedValue,
  typedView,
} from '../../../shared/content/typed-values';

const fields: FieldDefinition[] = [
  { name: 'published', type: 'boolean', label: 'Published' },
  { name: 'weight', type: 'number', label: 'Weight' },
  { name: 'date', type: 'date', label: 'Date' },
  { name: 'title', type: 'string', label: 'Title' },
];

describe('typed values of declared fields', () => {
  it.each([
    ['yes', true],
    ['Yes', true],
    ['YES', true],
    ['on', true],
    ['ON', true],
    ['True', true],
    ['no', false],
    ['No', false],
    ['off', false],
    ['OFF', false],
    ['FALSE', false],
    ['y', 'y'],
    ['n', 'n'],
    ['maybe', 'maybe'],
    ['', ''],
  ])('reads the boolean %j as %j', (text, value) => {
    expect(typedValue('boolean', text)).toBe(value);
  });

  it.each([
    ['1_000', 1000],
    ['+12', 12],
    ['-3', -3],
    ['0x1F', 31],
    ['0x_1F', 31],
    ['0b101', 5],
    ['1.5e3', 1500],
    ['.5', 0.5],
    ['1_000.25', 1000.25],
    ['017', '017'],
    ['1_', '1_'],
    ['0x', '0x'],
    ['12345678901234567890', '12345678901234567890'],
    ['1e999', '1e999'],
    ['ten', 'ten'],
    ['1:30', '1:30'],
  ])('reads the number %j as %j', (text, value) => {
    expect(typedValue('number', text)).toBe(value);
  });

  it('types only declared boolean and number fields, and copies only when something changes', () => {
    const frontmatter = {
      published: 'yes',
      weight: '1_000',
      date: '2024-01-01',
      title: 'yes',
      other: 'on',
    };
    expect(typedView(fields, frontmatter)).toEqual({
      ...frontmatter,
      published: true,
      weight: 1000,
    });
    const plain = { published: true, title: 'x' };
    expect(typedView(fields, plain)).toBe(plain);
  });
});

describe('values that mean the same', () => {
  it('are equal values, equal typed values, or date-times naming the same instant', () => {
    expect(sameMeaning('boolean', 'yes', true)).toBe(true);
    expect(sameMeaning('boolean', 'yes', false)).toBe(false);
    expect(sameMeaning('number', '1_000', 1000)).toBe(true);
    expect(sameMeaning('date', '2024-02-14 10:30:00 +0200', '2024-02-14T08:30:00Z')).toBe(true);
    expect(sameMeaning('date', '2024-02-14 10:30:00 +0200', '2024-02-14T10:30:00Z')).toBe(false);
    expect(sameMeaning('date', '2024-02-14', '2024-02-14T00:00:00Z')).toBe(false);
    expect(sameMeaning('string', 'yes', true)).toBe(false);
    expect(sameMeaning(undefined, 'yes', true)).toBe(false);
    expect(sameMeaning('string', undefined, undefined)).toBe(true);
  });

  it("keep the file's spelling when a save sends the same meaning", () => {
    const original = { published: 'Yes', weight: '1_000', title: 'A' };
    const next = { published: true, weight: 1000, title: 'B' };
    expect(keepEquivalentValues(fields, original, next)).toEqual({
      published: 'Yes',
      weight: '1_000',
      title: 'B',
    });
    expect(
      keepEquivalentValues(fields, original, { published: false, weight: 999, title: 'A' }),
    ).toEqual({ published: false, weight: 999, title: 'A' });
  });
});
