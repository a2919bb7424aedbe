// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadFieldKinds } from '../../../web/src/components/editor/field-kinds';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { FrontmatterForm } from '../../../web/src/components/editor/frontmatter-form';
import {
  formFromFrontmatter,
  frontmatterFromForm,
  type FormValues,
} from '../../../web/src/lib/form-model';

afterEach(cleanup);

const fields: FieldDefinition[] = [
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
    options: ['js', { value: 'go', label: 'Go' }],
  },
  { name: 'published', type: 'datetime', label: 'Published' },
  { name: 'layout', type: 'hidden', label: 'Layout', default: 'post' },
];
const stored = {
  summary: 'One.\nTwo.\n',
  category: 'guides',
  topics: ['go'],
  published: '2025-01-02T10:00:00+02:00',
  layout: 'wide',
};

/** Renders the form over `frontmatter` and returns what a save would send after the person's actions. */
function renderForm(frontmatter: Record<string, unknown>, isCreate = false) {
  let values: FormValues = formFromFrontmatter(fields, frontmatter, isCreate);
  const ui = () => (
    <FrontmatterForm
      fields={fields}
      values={values}
      problems={{}}
      onChange={(name, value) => {
        values = { ...values, [name]: value };
        view.rerender(ui());
      }}
      original={frontmatter}
    />
  );
  const view = render(ui());
  return { saved: () => frontmatterFromForm(fields, values, frontmatter, isCreate) };
}

// As the editor does while the item loads: the rarer field types' inputs are chunks of their own.
beforeAll(() => preloadFieldKinds(fields));

describe('widgets of the extension field types', () => {
  it('text is a labelled textarea; select a labelled select; multiple a group of checkboxes; hidden is not shown', () => {
    renderForm(stored);
    const summary = screen.getByLabelText('Summary');
    expect(summary.tagName).toBe('TEXTAREA');
    expect(summary).toHaveProperty('value', 'One.\nTwo.\n');
    const category = screen.getByLabelText('Category');
    expect(category.tagName).toBe('SELECT');
    expect(category).toHaveProperty('value', 'guides');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['—', 'news', 'Guides']);
    const topics = screen.getByRole('group', { name: 'Topics' });
    expect(within(topics).getByRole('checkbox', { name: 'js' })).toHaveProperty('checked', false);
    expect(within(topics).getByRole('checkbox', { name: 'Go' })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Layout')).toBeNull();
    expect(document.body.textContent).not.toContain('wide');
  });

  it('an untouched form saves every value exactly as read', () => {
    expect(renderForm(stored).saved()).toEqual(stored);
  });

  it("datetime shows the local part and keeps the file's offset on change", () => {
    const form = renderForm(stored);
    const input = screen.getByLabelText('Published');
    expect(input).toHaveProperty('type', 'datetime-local');
    // The input normalises zero seconds away, as browsers do; the form keeps the file's text until it changes.
    expect(input).toHaveProperty('value', '2025-01-02T10:00');
    expect(screen.getByText('UTC+02:00')).toBeTruthy();
    fireEvent.change(input, { target: { value: '2025-01-03T11:30:00' } });
    expect(form.saved().published).toBe('2025-01-03T11:30:00+02:00');
  });

  it('edits a text, a select and a multiple select', () => {
    const form = renderForm(stored);
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'Three.\n' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'news' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'js' }));
    expect(form.saved()).toEqual({
      ...stored,
      summary: 'Three.\n',
      category: 'news',
      topics: ['js', 'go'],
    });
  });

  it('a new item leaves the hidden field to its default (the service fills it in)', () => {
    expect(renderForm({}, true).saved()).toEqual({});
  });
});
