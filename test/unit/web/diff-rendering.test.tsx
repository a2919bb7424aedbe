// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyDiff } from '../../../web/src/components/reviews/body-diff';
import { FieldDiffTable } from '../../../web/src/components/reviews/field-diff-table';
import { collapseUnchanged, wordDiff } from '../../../web/src/lib/word-diff';
import { postFields } from './fixtures';

afterEach(cleanup);

describe('the field-by-field diff', () => {
  const fields = [
    { name: 'draft', oldValue: false, newValue: false, changed: false },
    { name: 'title', oldValue: 'Hello, world', newValue: 'Hello, editors', changed: true },
    { name: 'layout', oldValue: 'wide', changed: true },
    { name: 'tags', oldValue: ['a'], newValue: ['a', 'b'], changed: true },
  ];

  it('labels rows from the config, in config order, unknown keys last under their own name', () => {
    render(<FieldDiffTable fields={fields} definitions={postFields} />);
    const heads = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(heads).toEqual([
      'TitleChanged',
      'TagsChanged',
      'DraftChanged'.replace('Changed', ''),
      'layoutChanged',
    ]);
  });

  it('highlights changed rows and says so in words', () => {
    render(<FieldDiffTable fields={fields} definitions={postFields} />);
    const title = document.querySelector('tr[data-field="title"]')!;
    expect(title.className).toBe('changed');
    expect(title.getAttribute('aria-label')).toBe('Title, changed');
    expect([...title.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Hello, world',
      'Hello, editors',
    ]);
    expect(document.querySelector('tr[data-field="draft"]')!.className).toBe('');
  });

  it('words absent and list values', () => {
    render(<FieldDiffTable fields={fields} definitions={postFields} />);
    const layout = document.querySelector('tr[data-field="layout"]')!;
    expect([...layout.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'wide',
      '(absent)',
    ]);
    const tags = document.querySelector('tr[data-field="tags"]')!;
    expect([...tags.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['a', 'a, b']);
  });
});

describe('the word-level body diff', () => {
  it('marks only the words that changed', () => {
    expect(wordDiff('The quick brown fox.\n', 'The slow brown fox.\n')).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox.\n' },
    ]);
  });

  it('joins neighbouring changed words into one replacement', () => {
    expect(wordDiff('a b c d', 'a x y d')).toEqual([
      { kind: 'same', text: 'a ' },
      { kind: 'removed', text: 'b c' },
      { kind: 'added', text: 'x y' },
      { kind: 'same', text: ' d' },
    ]);
  });

  it('handles added and removed lines in a longer body', () => {
    const before = '## Intro\n\nFirst paragraph.\n\nSecond paragraph.\n';
    const after = '## Intro\n\nFirst paragraph, revised.\n\nSecond paragraph.\n\nA new ending.\n';
    const parts = wordDiff(before, after);
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      ', revised',
      'A new ending.',
    ]);
    expect(parts.filter((part) => part.kind === 'removed')).toEqual([]);
    expect(
      parts
        .filter((part) => part.kind !== 'removed')
        .map((part) => part.text)
        .join(''),
    ).toBe(after);
    expect(
      parts
        .filter((part) => part.kind !== 'added')
        .map((part) => part.text)
        .join(''),
    ).toBe(before);
  });

  it('stays fast on a rewritten long body', () => {
    const before = Array.from({ length: 5000 }, (_, index) => `word${index}`).join(' ');
    const after = Array.from({ length: 5000 }, (_, index) => `other${index}`).join(' ');
    const started = performance.now();
    const parts = wordDiff(before, after);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parts.map((part) => part.kind)).toEqual(['removed', 'added']);
  });

  it('renders removals as <del> and additions as <ins>', () => {
    render(<BodyDiff oldBody="Hello world" newBody="Hello editors" />);
    const diff = screen.getByTestId('body-diff');
    expect(diff.querySelector('del')?.textContent).toBe('world');
    expect(diff.querySelector('ins')?.textContent).toBe('editors');
    expect(diff.textContent).toBe('Hello worldeditors');
  });

  it('folds long unchanged stretches to two lines of context around each change', () => {
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index}\n`);
    const after = [...lines.slice(0, 10), 'line ten\n', ...lines.slice(11)];
    const segments = collapseUnchanged(wordDiff(lines.join(''), after.join('')));
    expect(segments.map((segment) => segment.kind)).toEqual([
      'collapsed',
      'same',
      'removed',
      'added',
      'same',
      'collapsed',
    ]);
    expect(segments[0]).toMatchObject({ kind: 'collapsed', lines: 8 });
    expect(segments.map((segment) => (segment.kind === 'added' ? '' : segment.text)).join('')).toBe(
      lines.join(''),
    );
  });

  it('shows folded lines when asked', () => {
    const lines = Array.from({ length: 12 }, (_, index) => `line ${index}\n`).join('');
    render(<BodyDiff oldBody={lines} newBody={`${lines}added\n`} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show 9 unchanged lines' }));
    expect(screen.getByTestId('body-diff').textContent).toBe(`${lines}added\n`);
  });

  it('says so when the body did not change', () => {
    render(<BodyDiff oldBody="Same" newBody="Same" />);
    expect(screen.getByText('The body did not change.')).toBeTruthy();
  });
});
