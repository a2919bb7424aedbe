// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FrontmatterForm } from '../../../web/src/components/editor/frontmatter-form';
import { fieldProblemFromServer, validateFields } from '../../../web/src/lib/field-validation';
import { formFromFrontmatter } from '../../../web/src/lib/form-model';
import { postFields } from './fixtures';

afterEach(cleanup);

describe('client-side validation, with the rules the service applies', () => {
  it('names every missing required field at once', () => {
    expect(validateFields(postFields, { title: '  ', date: null })).toEqual({
      title: 'Title is required.',
      date: 'Date is required.',
    });
  });

  it('checks only what an update changes, as the service does', () => {
    const original = { date: '2024-02-14', order: '017' };
    expect(validateFields(postFields, { ...original }, false, original)).toEqual({});
    expect(validateFields(postFields, { ...original, order: 'x' }, false, original)).toEqual({
      order: 'Expected a number.',
    });
    expect(validateFields(postFields, { ...original }, true, original)).toEqual({
      title: 'Title is required.',
      order: 'Expected a number.',
    });
  });

  it('uses the shared type rules for the wording', () => {
    expect(
      validateFields(postFields, { title: 'T', date: '2024-02-30', order: 'three', tags: 'x' }),
    ).toEqual({
      date: 'Expected a date as YYYY-MM-DD or an ISO date-time.',
      order: 'Expected a number.',
      tags: 'Expected an array of strings.',
    });
  });

  it('accepts a complete item, an empty tag list and a date-time', () => {
    expect(
      validateFields(postFields, {
        title: 'T',
        date: '2024-02-14T10:00:00+02:00',
        tags: [],
        draft: false,
      }),
    ).toEqual({});
  });

  it('lets an absent required field with a default pass on create only, as the service fills it', () => {
    const fields = [
      { name: 'kind', type: 'string' as const, label: 'Kind', required: true, default: 'post' },
    ];
    expect(validateFields(fields, {}, true)).toEqual({});
    expect(validateFields(fields, {}, false)).toEqual({ kind: 'Kind is required.' });
  });

  it('reads the field out of a failed save', () => {
    expect(fieldProblemFromServer('frontmatter.title: required')).toEqual({
      field: 'title',
      problem: 'Required.',
    });
    expect(fieldProblemFromServer('The file changed')).toBeUndefined();
  });

  it('shows each message under its field and marks the input invalid', () => {
    const values = formFromFrontmatter(postFields, {});
    render(
      <FrontmatterForm
        fields={postFields}
        values={values}
        problems={{ title: 'Title is required.' }}
        onChange={() => {}}
        original={{}}
      />,
    );
    const title = screen.getByLabelText(/^Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(title.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Title is required.');
    expect(screen.getByLabelText(/^Date/).getAttribute('aria-invalid')).toBeNull();
  });
});
