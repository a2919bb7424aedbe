import { InvalidInputError } from '../errors';

/**
 * A strict slug is the file name of an item without `.md`: one path segment that is also safe in a
 * URL, in a branch name (`cms/{collection}/{slug}`, so git's ref rules apply) and on
 * case-insensitive file systems. Only lowercase ASCII is accepted, so `Post.md` and `post.md` can
 * never be two items. New items need one; files already there under other names are served under
 * an encoded slug (slug-encoding.ts).
 */
export const maxSlugLength = 200;
const slugPattern = /^[a-z0-9][a-z0-9._-]*$/;
const markdownExtension = '.md';

// Checked in this order so the message names the most telling problem.
const rules: readonly [test: (slug: string) => boolean, problem: string][] = [
  [(slug) => slug === '', 'must not be empty'],
  [(slug) => slug.length > maxSlugLength, `must be at most ${maxSlugLength} characters`],
  [(slug) => slug === '.' || slug === '..', 'must not be "." or ".."'],
  [(slug) => /[/\\]/.test(slug), 'must be a single path segment, without "/" or "\\"'],
  [
    (slug) => slug.includes('%'),
    'must not contain "%" (percent-encoded characters are not allowed)',
  ],
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  [(slug) => /[\u0000-\u001f\u007f-\u009f]/.test(slug), 'must not contain control characters'],
  [(slug) => /[A-Z]/.test(slug), 'must be lowercase'],
  [
    (slug) => !slugPattern.test(slug),
    'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
  ],
  [
    (slug) => slug.includes('..') || slug.endsWith('.') || slug.endsWith('.lock'),
    'must not contain "..", or end with "." or ".lock" (it is part of a branch name)',
  ],
  [(slug) => slug.endsWith(markdownExtension), 'is the file name without ".md"'],
];

/** Why `slug` is not acceptable, or undefined when it is. */
export function slugProblem(slug: string): string | undefined {
  return rules.find(([test]) => test(slug))?.[1];
}

export const isValidSlug = (slug: string): boolean => slugProblem(slug) === undefined;

/** Throws an InvalidInputError (`slug: must be lowercase`) unless `slug` is valid. */
export function assertSlug(slug: string): void {
  const problem = slugProblem(slug);
  if (problem) throw new InvalidInputError(`slug: ${problem}`);
}

// Letters that Unicode does not decompose into a base letter plus accents.
const foldedLetters: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŋ: 'ng',
  ĸ: 'k',
};

/**
 * A valid slug derived from a title, for the editor: lowercase, accents folded to ASCII
 * (`Crème brûlée` → `creme-brulee`), every other run of characters a single `-`, trimmed to
 * the length limit. Returns '' when nothing usable remains (e.g. a title in a non-Latin script):
 * the editor then asks for a slug.
 */
export function slugify(title: string): string {
  const folded = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // "Don't" → "dont", not "don-t".
    .replace(/['\u2019]/g, '')
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .replace(/[^\u0000-\u007f]/g, (letter) => foldedLetters[letter] ?? '-');
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, maxSlugLength).replace(/-+$/, '');
}
