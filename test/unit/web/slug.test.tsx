// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { slugify, slugProblem } from '../../../shared/content/slug';
import { SlugField } from '../../../web/src/components/editor/slug-field';

afterEach(cleanup);

describe('a new item’s slug', () => {
  it('is derived from the title with the service’s own rules', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
    expect(slugify('Crème brûlée & Co.')).toBe('creme-brulee-co');
    expect(slugify("Don't panic")).toBe('dont-panic');
    expect(slugify('日本語')).toBe('');
    expect(slugProblem(slugify('Hello, World!'))).toBeUndefined();
  });

  it('is validated like the server validates it', () => {
    expect(slugProblem('')).toBe('must not be empty');
    expect(slugProblem('Hello')).toBe('must be lowercase');
    expect(slugProblem('a/b')).toMatch(/single path segment/);
    expect(slugProblem('notes.md')).toMatch(/without ".md"/);
  });

  it('shows the derived slug with its hint, and the problem when there is one', () => {
    const { rerender } = render(
      <SlugField slug="hello-world" derived directory="content/posts" onChange={() => {}} />,
    );
    expect(screen.getByLabelText(/^Slug/)).toHaveProperty('value', 'hello-world');
    expect(screen.getByText('Made from the title. Edit it to choose your own.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use title' })).toBeNull();
    rerender(
      <SlugField
        slug="Hello"
        derived={false}
        problem="Slug must be lowercase."
        directory="content/posts"
        onChange={() => {}}
      />,
    );
    expect(screen.getByLabelText(/^Slug/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Slug must be lowercase.')).toBeTruthy();
  });

  it('goes back to following the title with "Use title"', () => {
    const onChange = vi.fn();
    render(
      <SlugField slug="custom" derived={false} directory="content/posts" onChange={onChange} />,
    );
    fireEvent.change(screen.getByLabelText(/^Slug/), { target: { value: 'custom-2' } });
    expect(onChange).toHaveBeenLastCalledWith('custom-2');
    fireEvent.click(screen.getByRole('button', { name: 'Use title' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('offers the layouts of a collection of several, the first chosen, and shows the one of one', () => {
    const onPattern = vi.fn();
    const { rerender } = render(
      <SlugField
        slug="hello"
        derived
        directory="content/blog"
        patterns={['{slug}.md', '{slug}/index.md']}
        onPattern={onPattern}
        onChange={() => {}}
      />,
    );
    const layout = screen.getByRole('combobox', { name: 'File layout' });
    expect(layout).toHaveProperty('value', '{slug}.md');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '.md',
      '/index.md',
    ]);
    fireEvent.change(layout, { target: { value: '{slug}/index.md' } });
    expect(onPattern).toHaveBeenLastCalledWith('{slug}/index.md');
    rerender(
      <SlugField
        slug="hello"
        derived
        directory="content/docs"
        patterns={['{slug}.mdx']}
        onPattern={onPattern}
        onChange={() => {}}
      />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('.mdx')).toBeTruthy();
  });
});
