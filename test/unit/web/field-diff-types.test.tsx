// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { FieldDiffTable } from '../../../web/src/components/reviews/field-diff-table';

afterEach(cleanup);

const definitions: FieldDefinition[] = [
  { name: 'summary', type: 'text', label: 'Summary' },
  {
    name: 'category',
    type: 'select',
    label: 'Category',
    options: ['news', { value: 'guides', label: 'Guides' }],
  },
  {
    name: 'topics',
    type: 'select',
    label: 'Topics',
    multiple: true,
    options: ['js', { value: 'go', label: 'Go' }, 'rust'],
  },
];

const row = (name: string) => document.querySelector(`tr[data-field="${name}"]`) as HTMLElement;

describe('the field diff of the extension field types', () => {
  it('keeps the lines of a multi-line text', () => {
    render(
      <FieldDiffTable
        definitions={definitions}
        fields={[
          { name: 'summary', oldValue: 'One.\nTwo.\n', newValue: 'One.\nThree.\n', changed: true },
        ]}
      />,
    );
    const [before, after] = row('summary').querySelectorAll('td');
    expect(before?.querySelector('pre')?.textContent).toBe('One.\nTwo.\n');
    expect(after?.querySelector('pre')?.textContent).toBe('One.\nThree.\n');
  });

  it('shows option labels, and a multiple select as a list with removed and added options marked', () => {
    render(
      <FieldDiffTable
        definitions={definitions}
        fields={[
          { name: 'category', oldValue: 'news', newValue: 'guides', changed: true },
          { name: 'topics', oldValue: ['js', 'go'], newValue: ['go', 'rust'], changed: true },
        ]}
      />,
    );
    expect(row('category').querySelectorAll('td')[1]?.textContent).toBe('Guides');
    const [before, after] = row('topics').querySelectorAll('td');
    expect(
      within(before!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['js', 'Go']);
    expect(before!.querySelector('del')?.textContent).toBe('js');
    expect(
      within(after!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Go', 'rust']);
    expect(after!.querySelector('ins')?.textContent).toBe('rust');
  });
});
