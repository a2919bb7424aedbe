// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadFieldKinds } from '../../../web/src/components/editor/field-kinds';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { FrontmatterForm } from '../../../web/src/components/editor/frontmatter-form';
import {
  RelationItemsProvider,
  type RelationSource,
} from '../../../web/src/components/editor/relation-items';
import { loadOncePerCollection } from '../../../web/src/lib/relation-labels';
import { validateFields } from '../../../web/src/lib/field-validation';
import {
  dateOf,
  formFromFrontmatter,
  frontmatterFromForm,
  type FormValues,
} from '../../../web/src/lib/form-model';

afterEach(cleanup);

const fields: FieldDefinition[] = [
  {
    name: 'seo',
    type: 'object',
    label: 'SEO',
    fields: [
      { name: 'title', type: 'string', label: 'SEO title', required: true },
      { name: 'weight', type: 'number', label: 'Weight' },
    ],
  },
  {
    name: 'links',
    type: 'list',
    label: 'Links',
    max: 3,
    fields: [
      { name: 'label', type: 'string', label: 'Label' },
      { name: 'url', type: 'string', label: 'URL', required: true },
      { name: 'kind', type: 'string', label: 'Kind', default: 'web' },
    ],
  },
  { name: 'tags', type: 'list', label: 'Tags', min: 1, field: { type: 'string' } },
  {
    name: 'author',
    type: 'relation',
    label: 'Author',
    collection: 'authors',
    displayField: 'name',
  },
  {
    name: 'reviewers',
    type: 'relation',
    label: 'Reviewers',
    collection: 'authors',
    multiple: true,
  },
];

const stored = {
  seo: { extra: 'kept', title: 'Old', weight: 2 },
  links: [
    { label: 'A', url: 'https://a.example' },
    { label: 'B', url: 'https://b.example', note: 'x' },
  ],
  tags: ['one'],
  author: 'ada',
  reviewers: ['grace', 'gone'],
};

const authors = [
  { slug: 'ada', frontmatter: { name: 'Ada Lovelace', title: 'Countess' } },
  { slug: 'grace', frontmatter: { title: 'Grace Hopper' } },
  { slug: 'linus', frontmatter: { name: 'Linus' } },
];

function renderForm(frontmatter: Record<string, unknown>, isCreate = false) {
  let values: FormValues = formFromFrontmatter(fields, frontmatter, isCreate);
  const loads: string[] = [];
  // A first page that holds every author: the picker searches it itself.
  const source: RelationSource = {
    repo: 'demo/blog',
    first: async (collection) => {
      loads.push(collection);
      return { items: authors, complete: true };
    },
  };
  const ui = () => (
    <RelationItemsProvider source={source}>
      <FrontmatterForm
        fields={fields}
        values={values}
        problems={validateFields(
          fields,
          frontmatterFromForm(fields, values, frontmatter, isCreate),
          isCreate,
        )}
        onChange={(name, value) => {
          values = { ...values, [name]: value };
          view.rerender(ui());
        }}
        original={frontmatter}
      />
    </RelationItemsProvider>
  );
  const view = render(ui());
  return { loads, saved: () => frontmatterFromForm(fields, values, frontmatter, isCreate) };
}

// As the editor does while the item loads: the rarer field types' inputs are chunks of their own.
beforeAll(() => preloadFieldKinds(fields));

describe('object fields', () => {
  it('are a fieldset with a legend; nested inputs are labelled and named by path', () => {
    renderForm(stored);
    const seo = screen.getByRole('group', { name: 'SEO' });
    const title = within(seo).getByLabelText(/SEO title/);
    expect(title.id).toBe('field:seo.title');
    expect(title).toHaveProperty('value', 'Old');
  });

  it('send an untouched value back exactly as loaded, unknown keys and key order kept', () => {
    const form = renderForm(stored);
    expect(JSON.stringify(form.saved())).toBe(JSON.stringify(stored));
  });

  it('write an edit at its path and keep the other keys in order', () => {
    const form = renderForm(stored);
    fireEvent.change(screen.getByLabelText(/SEO title/), { target: { value: 'New' } });
    fireEvent.change(screen.getByLabelText('Weight'), { target: { value: '1.' } });
    expect(screen.getByLabelText('Weight')).toHaveProperty('value', '1.');
    fireEvent.change(screen.getByLabelText('Weight'), { target: { value: '1.5' } });
    expect(JSON.stringify(form.saved().seo)).toBe(
      JSON.stringify({ extra: 'kept', title: 'New', weight: 1.5 }),
    );
    expect(form.saved().links).toBe(stored.links);
  });

  it('show a problem under the nested input, keyed by path', () => {
    renderForm(stored);
    fireEvent.change(screen.getByLabelText(/SEO title/), { target: { value: '' } });
    const title = screen.getByLabelText(/SEO title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'SEO title is required.',
    );
  });
});

describe('an optional object the item lacks', () => {
  const { seo: _seo, ...withoutSeo } = stored;

  it('shows an Add button instead of empty required inputs, and is not required', () => {
    const form = renderForm(withoutSeo);
    const seo = screen.getByRole('group', { name: 'SEO' });
    expect(within(seo).queryByLabelText(/SEO title/)).toBeNull();
    expect(within(seo).getByRole('button', { name: 'Add SEO' })).toBeTruthy();
    expect(form.saved()).not.toHaveProperty('seo');
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('once added, holds its sub-fields to their rules, and Remove before typing leaves it absent', () => {
    const form = renderForm(withoutSeo);
    fireEvent.click(screen.getByRole('button', { name: 'Add SEO' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove SEO' }));
    expect(screen.queryByLabelText(/SEO title/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add SEO' }));
    fireEvent.change(screen.getByLabelText('Weight'), { target: { value: '3' } });
    const title = screen.getByLabelText(/SEO title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'SEO title is required.',
    );
    fireEvent.change(title, { target: { value: 'Found' } });
    expect(form.saved().seo).toEqual({ weight: 3, title: 'Found' });
  });
});

describe('a list of objects without defaults', () => {
  it('shows a new item its inputs at once, not an Add button: an item exists once added', () => {
    const list: FieldDefinition[] = [
      {
        name: 'credits',
        type: 'list',
        label: 'Credits',
        fields: [{ name: 'who', type: 'string', label: 'Who' }],
      },
    ];
    let values: FormValues = formFromFrontmatter(list, {});
    const ui = () => (
      <FrontmatterForm
        fields={list}
        values={values}
        problems={{}}
        onChange={(name, value) => {
          values = { ...values, [name]: value };
          view.rerender(ui());
        }}
        original={{}}
      />
    );
    const view = render(ui());
    fireEvent.click(screen.getByRole('button', { name: 'Add Credits item' }));
    expect(screen.getByLabelText('Who')).toBeTruthy();
  });
});

describe('list fields', () => {
  const urls = () =>
    screen.getAllByLabelText(/^URL/).map((input) => (input as HTMLInputElement).value);

  it('render each item with its fields; Add appends an object with nested defaults; Remove drops one', () => {
    const form = renderForm(stored);
    const links = screen.getByRole('group', { name: 'Links' });
    expect(urls()).toEqual(['https://a.example', 'https://b.example']);
    fireEvent.click(within(links).getByRole('button', { name: 'Add Links item' }));
    expect(form.saved().links).toEqual([...stored.links, { kind: 'web' }]);
    expect(within(links).getByRole('button', { name: 'Add Links item' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(links).getByRole('button', { name: 'Remove Links item 1' }));
    expect(form.saved().links).toEqual([stored.links[1], { kind: 'web' }]);
  });

  it('disable Remove at min', () => {
    renderForm(stored);
    expect(screen.getByRole('button', { name: 'Remove Tags item 1' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('can be focused by id, as a save that names the list itself (too few items) focuses it', () => {
    renderForm(stored);
    document.getElementById('field:tags')?.focus();
    expect(document.activeElement?.id).toBe('field:tags');
  });

  it('reorder with the Move buttons, focus following the item, and announce it', () => {
    const form = renderForm(stored);
    const down = screen.getByRole('button', { name: 'Move Links item 1 down' });
    down.focus();
    fireEvent.click(down);
    expect(form.saved().links).toEqual([stored.links[1], stored.links[0]]);
    expect(urls()).toEqual(['https://b.example', 'https://a.example']);
    expect(
      within(screen.getByRole('group', { name: 'Links' })).getByRole('status').textContent,
    ).toBe('Links item 1 moved to position 2 of 2.');
    // The moved item's own "Move down" is now disabled: focus goes to the item itself.
    expect(document.activeElement).toBe(
      screen.getByRole('listitem', { name: 'Links item 2 of 2' }),
    );
  });

  it('reorder with Alt+ArrowUp on a focused item, focus kept on it', () => {
    const form = renderForm(stored);
    const second = screen.getByRole('listitem', { name: 'Links item 2 of 2' });
    second.focus();
    fireEvent.keyDown(second, { key: 'ArrowUp', altKey: true });
    expect(form.saved().links).toEqual([stored.links[1], stored.links[0]]);
    expect(document.activeElement).toBe(
      screen.getByRole('listitem', { name: 'Links item 1 of 2' }),
    );
    expect(within(document.activeElement as HTMLElement).getByLabelText(/^URL/)).toHaveProperty(
      'value',
      'https://b.example',
    );
  });

  it('reorder by drag and drop', () => {
    const form = renderForm(stored);
    const [first, second] = screen.getAllByRole('listitem', { name: /^Links item/ });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(within(first!).getByTitle('Drag to reorder'), { dataTransfer });
    fireEvent.dragOver(second!, { dataTransfer });
    fireEvent.drop(second!, { dataTransfer });
    expect(form.saved().links).toEqual([stored.links[1], stored.links[0]]);
  });

  it('lists of single values render the item field', () => {
    const form = renderForm(stored);
    const tags = screen.getByRole('group', { name: 'Tags' });
    fireEvent.click(within(tags).getByRole('button', { name: 'Add Tags item' }));
    fireEvent.change(within(tags).getByLabelText('Tags 2'), { target: { value: 'two' } });
    expect(form.saved().tags).toEqual(['one', 'two']);
  });
});

describe('relation fields', () => {
  it('show the selected item by its display field with the slug, and a dangling slug with a warning', async () => {
    const form = renderForm(stored);
    await screen.findByText('Ada Lovelace');
    expect(form.loads).toContain('authors');
    const reviewers = screen.getByRole('list', { name: 'Reviewers' });
    expect(within(reviewers).getByText('Grace Hopper')).toBeTruthy();
    expect(within(reviewers).getByText(/no item "gone" in authors/)).toBeTruthy();
    expect(form.saved().reviewers).toEqual(['grace', 'gone']);
  });

  it('pick an item through the combobox search', async () => {
    const form = renderForm(stored);
    const combo = screen.getByRole('combobox', { name: 'Author' });
    await screen.findByText('Ada Lovelace');
    fireEvent.change(combo, { target: { value: 'lin' } });
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Linuslinus']);
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(
      within(listbox).getByRole('option').id,
    );
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(form.saved().author).toBe('linus');
  });

  it('multiple: adds chips and removes them', async () => {
    const form = renderForm(stored);
    await screen.findByText('Ada Lovelace');
    const combo = screen.getByRole('combobox', { name: 'Reviewers' });
    fireEvent.change(combo, { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('option', { name: /Countess/ }));
    expect(form.saved().reviewers).toEqual(['grace', 'gone', 'ada']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    expect(form.saved().reviewers).toEqual(['gone', 'ada']);
  });
});

describe('loading the items relations name', () => {
  it('asks once per collection, and again after a failure', async () => {
    const asked: string[] = [];
    let fail = true;
    const load = loadOncePerCollection(async (collection) => {
      asked.push(collection);
      if (fail) throw new Error('offline');
      return authors;
    });
    await expect(load('authors')).rejects.toThrow('offline');
    fail = false;
    expect(await load('authors')).toBe(authors);
    expect(await load('authors')).toBe(authors);
    expect(asked).toEqual(['authors', 'authors']);
  });
});

describe('the item list date', () => {
  it('falls back to the first datetime field', () => {
    expect(
      dateOf([{ name: 'published', type: 'datetime', label: 'Published' }], {
        published: '2025-01-02T10:00:00Z',
      }),
    ).toBe('2025-01-02T10:00:00Z');
  });
});
