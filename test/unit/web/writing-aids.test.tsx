// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { WritingAids } from '../../../web/src/components/editor/writing-aids';
import {
  countWords,
  describeStats,
  writingStats,
  WORDS_PER_MINUTE,
} from '../../../web/src/lib/writing-stats';

afterEach(cleanup);

describe('word count and reading time', () => {
  it('counts what a reader reads: link text and code, not addresses, markup or tags', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('# A title\n\nSome *emphasised* and **strong** words.')).toBe(7);
    expect(
      countWords('See [the docs](https://example.com/a-very/long-path?x=1) and ![a cat](cat.png).'),
    ).toBe(6);
    expect(countWords('- one\n- two\n1. three\n> four')).toBe(4);
    expect(countWords('<div class="note">Hello</div> <!-- not this one -->')).toBe(1);
    expect(countWords('Use `npm start` to run it.')).toBe(6);
    expect(countWords("Don't stop — it’s fine")).toBe(4);
  });

  it('counts words of scripts without spaces by their words', () => {
    expect(countWords('日本語の文章です')).toBeGreaterThan(1);
  });

  it('rounds reading time up to whole minutes', () => {
    expect(writingStats('word')).toEqual({ words: 1, minutes: 1 });
    expect(
      writingStats(Array.from({ length: WORDS_PER_MINUTE + 1 }, () => 'word').join(' ')).minutes,
    ).toBe(2);
    expect(describeStats({ words: 0, minutes: 0 })).toBe('0 words');
    expect(describeStats({ words: 1, minutes: 1 })).toBe('1 word · 1 min read');
    expect(describeStats({ words: 1234, minutes: 6 })).toBe('1,234 words · 6 min read');
  });
});

function Harness({ body }: { body: string }) {
  const [focused, setFocused] = useState(false);
  return <WritingAids body={body} focused={focused} onFocusedChange={setFocused} />;
}

describe('the distraction-free view', () => {
  it('shows the count, turns the view on and off, and Escape leaves it', () => {
    const { rerender } = render(<Harness body="Hello there" />);
    expect(screen.getByText('2 words · 1 min read')).toBeTruthy();
    rerender(<Harness body="Hello there, reader" />);
    expect(screen.getByText('3 words · 1 min read')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Focus' }));
    expect(document.documentElement.dataset.focus).toBe('true');
    expect(screen.getByRole('button', { name: 'Leave focus' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.documentElement.dataset.focus).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Focus' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('never leaves the page in the focused view when the editor goes away', () => {
    const { unmount } = render(<Harness body="x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Focus' }));
    unmount();
    expect(document.documentElement.dataset.focus).toBeUndefined();
  });
});
