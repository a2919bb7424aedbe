// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { FieldDiffTable } from '../../../web/src/components/reviews/field-diff-table';

afterEach(cleanup);

const definitions: FieldDefinition[] = [
  {
    name: 'seo',
    type: 'object',
    label: 'SEO',
    fields: [
      { name: 'title', type: 'string', label: 'Title' },
      { name: 'description', type: 'text', label: 'Description' },
    ],
  },
  {
    name: 'links',
    type: 'list',
    label: 'Links',
    fields: [
      { name: 'label', type: 'string', label: 'Label' },
      { name: 'url', type: 'string', label: 'URL' },
    ],
  },
  {
    name: 'author',
    type: 'relation',
    label: 'Author',
    collection: 'authors',
    displayField: 'name',
  },
];

const nested = (path: string) =>
  document.querySelector(`tr[data-path="${path}"]`) as HTMLElement | null;

describe('the field diff of object, list and relation fields', () => {
  it('shows a changed object as one row per changed path, old struck out and new marked', () => {
    render(
      <FieldDiffTable
        definitions={definitions}
        fields={[
          {
            name: 'seo',
            oldValue: { title: 'Old', description: 'Same' },
            newValue: { title: 'New', description: 'Same' },
            changed: true,
          },
        ]}
      />,
    );
    const row = nested('seo.title');
    expect(row?.querySelector('th')?.textContent).toContain('seo.title');
    expect(row?.querySelector('del')?.textContent).toBe('Old');
    expect(row?.querySelector('ins')?.textContent).toBe('New');
    expect(nested('seo.description')).toBeNull();
  });

  it('shows added and removed list items and changed item fields by path', () => {
    const before = [
      { label: 'A', url: 'https://a' },
      { label: 'B', url: 'https://b' },
    ];
    const after = [
      { label: 'A', url: 'https://a2' },
      { label: 'B', url: 'https://b' },
      { label: 'C', url: 'https://c' },
    ];
    render(
      <FieldDiffTable
        definitions={definitions}
        fields={[{ name: 'links', oldValue: before, newValue: after, changed: true }]}
      />,
    );
    expect(nested('links[0].url')?.querySelector('del')?.textContent).toBe('https://a');
    expect(nested('links[0].url')?.querySelector('ins')?.textContent).toBe('https://a2');
    const added = nested('links[2]');
    expect(added?.querySelector('del')).toBeNull();
    expect(added?.querySelector('ins')?.textContent).toContain('https://c');
    expect(nested('links[1]')).toBeNull();
    // The list itself shows what it holds, an item per line, not a count.
    expect(
      [...document.querySelectorAll('tr[data-field="links"] td')].map((cell) =>
        [...cell.querySelectorAll('li')].map((item) => item.textContent),
      ),
    ).toEqual([
      ['label: A, url: https://a', 'label: B, url: https://b'],
      ['label: A, url: https://a2', 'label: B, url: https://b', 'label: C, url: https://c'],
    ]);
  });

  it('shows an object by its content, a key per line', () => {
    render(
      <FieldDiffTable
        definitions={definitions}
        fields={[
          {
            name: 'seo',
            oldValue: { title: 'Old', description: 'Same' },
            newValue: { title: 'New', description: 'Same' },
            changed: true,
          },
        ]}
      />,
    );
    const [before, after] = document.querySelectorAll('tr[data-field="seo"] td');
    expect([...before!.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'title: Old',
      'description: Same',
    ]);
    expect(after?.textContent).toContain('title: New');
  });

  it('shows a new item as its values, with no empty published side and no "Changed" marks', () => {
    render(
      <FieldDiffTable
        added
        definitions={definitions}
        fields={[
          { name: 'seo', newValue: { title: 'First' }, changed: true },
          { name: 'links', newValue: [{ label: 'A', url: 'https://a' }], changed: true },
        ]}
      />,
    );
    const table = document.querySelector('table')!;
    expect([...table.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual([
      'Field',
      'Value',
    ]);
    expect(table.textContent).not.toContain('(absent)');
    expect(table.textContent).not.toContain('Changed');
    expect(document.querySelector('tr[data-field="seo"] td')?.textContent).toBe('title: First');
    expect(document.querySelector('tr[data-field="links"] td')?.textContent).toBe(
      'label: A, url: https://a',
    );
  });

  it('shows a relation by its slug', () => {
    render(
      <FieldDiffTable
        definitions={definitions}
        fields={[{ name: 'author', oldValue: 'ada', newValue: 'grace', changed: true }]}
      />,
    );
    const [before, after] = document.querySelectorAll('tr[data-field="author"] td');
    expect(before?.textContent).toBe('ada');
    expect(after?.textContent).toBe('grace');
  });
});

describe('a multiple relation in the field diff', () => {
  it('lists the slugs, marking those removed and added', () => {
    const reviewers: FieldDefinition[] = [
      {
        name: 'reviewers',
        type: 'relation',
        label: 'Reviewers',
        collection: 'authors',
        multiple: true,
      },
    ];
    render(
      <FieldDiffTable
        definitions={reviewers}
        fields={[
          {
            name: 'reviewers',
            oldValue: ['ada', 'grace'],
            newValue: ['grace', 'linus'],
            changed: true,
          },
        ]}
      />,
    );
    const [before, after] = document.querySelectorAll('tr[data-field="reviewers"] td');
    expect(before?.querySelector('del')?.textContent).toBe('ada');
    expect(after?.querySelector('ins')?.textContent).toBe('linus');
    expect([...after!.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'grace',
      'linus',
    ]);
  });
});
