// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadFieldKinds } from '../../../web/src/components/editor/field-kinds';
import { FrontmatterForm } from '../../../web/src/components/editor/frontmatter-form';
import { formFromFrontmatter, frontmatterFromForm } from '../../../web/src/lib/form-model';
import { bodyId, fieldId, messageIdOf, slugId } from '../../../web/src/lib/field-ids';
import { postFields } from './fixtures';

afterEach(cleanup);

const stored = {
  title: 'Hello',
  date: '2024-02-14',
  tags: ['a', 'b'],
  draft: true,
  order: 3,
  layout: 'wide',
};

// As the editor does while the item loads: the rarer field types' inputs are chunks of their own.
beforeAll(() => preloadFieldKinds(postFields));

describe('the frontmatter form generated from field definitions', () => {
  it('renders one input per field, of the type the field asks for, in config order', () => {
    // Prepare
    const values = formFromFrontmatter(postFields, stored);
    // Act
    render(
      <FrontmatterForm
        fields={postFields}
        values={values}
        problems={{}}
        onChange={() => {}}
        original={stored}
      />,
    );
    // Assess
    expect(screen.getByLabelText(/^Title/)).toHaveProperty('type', 'text');
    expect(screen.getByLabelText(/^Title/)).toHaveProperty('value', 'Hello');
    expect(screen.getByLabelText(/^Date/)).toHaveProperty('type', 'date');
    expect(screen.getByLabelText(/^Date/)).toHaveProperty('value', '2024-02-14');
    expect(screen.getByRole('switch', { name: 'Draft' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText(/^Order/)).toHaveProperty('value', '3');
    expect(screen.getByLabelText(/^Order/).getAttribute('inputmode')).toBe('decimal');
    const tags = screen.getByRole('list', { name: /Tags/ });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a×', 'b×']);
    const labels = [...document.querySelectorAll('.field-label')].map((label) =>
      label.textContent?.replace('*', ''),
    );
    expect(labels).toEqual(['Title', 'Date', 'Description', 'Tags', 'Draft', 'Order']);
  });

  it('marks required fields for sight and for assistive technology', () => {
    render(
      <FrontmatterForm
        fields={postFields}
        values={formFromFrontmatter(postFields, {})}
        problems={{}}
        onChange={() => {}}
        original={{}}
      />,
    );
    expect(screen.getByLabelText(/^Title/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^Description/).getAttribute('aria-required')).toBeNull();
    expect(document.querySelectorAll('.required')).toHaveLength(2);
  });

  it('lists frontmatter keys the config does not know, which are kept as they are', () => {
    render(
      <FrontmatterForm
        fields={postFields}
        values={formFromFrontmatter(postFields, stored)}
        problems={{}}
        onChange={() => {}}
        original={stored}
      />,
    );
    expect(screen.getByText('1 other field kept as they are')).toBeTruthy();
    expect(screen.getByText('layout')).toBeTruthy();
  });

  it('adds a tag on Enter and removes one with its button', () => {
    const onChange = vi.fn();
    render(
      <FrontmatterForm
        fields={postFields}
        values={formFromFrontmatter(postFields, stored)}
        problems={{}}
        onChange={onChange}
        original={stored}
      />,
    );
    const input = screen.getByRole('textbox', { name: /^Tags/ });
    fireEvent.change(input, { target: { value: 'c' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('tags', ['a', 'b', 'c']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a' }));
    expect(onChange).toHaveBeenLastCalledWith('tags', ['b']);
  });

  it('shows a date-time that a date picker cannot hold as text', () => {
    const withTime = { date: '2024-02-14T10:30:00Z' };
    render(
      <FrontmatterForm
        fields={postFields}
        values={formFromFrontmatter(postFields, withTime)}
        problems={{}}
        onChange={() => {}}
        original={withTime}
      />,
    );
    expect(screen.getByLabelText(/^Date/)).toHaveProperty('type', 'text');
    expect(screen.getByLabelText(/^Date/)).toHaveProperty('value', '2024-02-14T10:30:00Z');
  });
});

describe('turning the form back into frontmatter', () => {
  it('keeps unknown keys and their order, and writes typed values', () => {
    const values = {
      ...formFromFrontmatter(postFields, stored),
      title: 'Hello again',
      order: '4.5',
    };
    expect(frontmatterFromForm(postFields, values, stored)).toEqual({
      ...stored,
      title: 'Hello again',
      order: 4.5,
    });
    expect(Object.keys(frontmatterFromForm(postFields, values, stored))).toEqual(
      Object.keys(stored),
    );
  });

  it('writes null for an emptied field the file had, and leaves out fields the file never had', () => {
    const sparse = { title: 'Hello', date: '2024-02-14', description: 'Old' };
    const values = { ...formFromFrontmatter(postFields, sparse), description: '  ' };
    expect(frontmatterFromForm(postFields, values, sparse)).toEqual({
      title: 'Hello',
      date: '2024-02-14',
      description: null,
    });
  });

  it('fills defaults for a new item and sends its switches explicitly', () => {
    const values = formFromFrontmatter(postFields, {}, true);
    expect(values.draft).toBe(false);
    expect(frontmatterFromForm(postFields, { ...values, title: 'New' }, {}, true)).toEqual({
      title: 'New',
      draft: false,
    });
  });

  it('sends untouched fields exactly as they were read, whatever their spelling', () => {
    const odd = {
      title: 'Hello',
      order: '017',
      draft: 'yes',
      tags: 'solo',
      date: '2024-02-14 10:30:00 +0200',
    };
    const values = { ...formFromFrontmatter(postFields, odd), title: 'Changed' };
    expect(frontmatterFromForm(postFields, values, odd)).toEqual({ ...odd, title: 'Changed' });
  });

  it('keeps text that is not a number as text, so validation can name it', () => {
    const values = { ...formFromFrontmatter(postFields, stored), order: 'three' };
    expect(frontmatterFromForm(postFields, values, stored).order).toBe('three');
  });
});

describe('element ids of the form', () => {
  it("never clash, whatever the fields are named (body, __slug, a field named like another's message)", () => {
    const fields = [
      { name: 'title', type: 'string', label: 'Title', required: true },
      { name: 'title-message', type: 'string', label: 'Title message' },
      { name: 'body', type: 'string', label: 'Body field' },
      { name: '__slug', type: 'string', label: 'Slug field' },
    ] as const;
    const values = { title: '', 'title-message': 'x', body: 'y', __slug: 'z' };
    render(
      <FrontmatterForm
        fields={[...fields]}
        values={values}
        problems={{ title: 'Title is required.' }}
        onChange={() => {}}
        original={{}}
      />,
    );
    const ids = [...document.querySelectorAll('[id]')]
      .map((element) => element.id)
      .concat(bodyId, slugId, messageIdOf(slugId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(fieldId('title-message'));
    expect(ids).toContain(messageIdOf(fieldId('title')));
  });
});
