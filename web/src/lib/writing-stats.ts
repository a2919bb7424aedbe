/**
 * Words and reading time of a markdown body, as a reader meets them: markup, link and image
 * addresses, HTML tags and comments, and front-of-line list and heading markers are not words;
 * link text, image descriptions, code and every script are (words are found by the browser's own
 * word segmentation, so Chinese or Japanese text counts per word, not per run of characters).
 */

/** Adult silent reading of prose, words per minute (Brysbaert 2019 puts the mean at 238). */
export const WORDS_PER_MINUTE = 238;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

function prose(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~`#|]/g, ' ');
}

export function countWords(markdown: string): number {
  let words = 0;
  for (const segment of segmenter.segment(prose(markdown))) if (segment.isWordLike) words += 1;
  return words;
}

export interface WritingStats {
  words: number;
  /** Whole minutes, rounded up; 0 only for an empty body. */
  minutes: number;
}

export function writingStats(markdown: string): WritingStats {
  const words = countWords(markdown);
  return { words, minutes: Math.ceil(words / WORDS_PER_MINUTE) };
}

export function describeStats({ words, minutes }: WritingStats): string {
  const count = `${words.toLocaleString('en')} ${words === 1 ? 'word' : 'words'}`;
  return minutes === 0 ? count : `${count} · ${minutes} min read`;
}
