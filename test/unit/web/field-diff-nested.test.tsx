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
    expect(
      [...document.querySelectorAll('tr[data-field="links"] td')].map((cell) => cell.textContent),
    ).toEqual(['2 items', '3 items']);
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
