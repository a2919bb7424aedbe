import { InvalidInputError } from '../errors';
import { isValidSlug, maxSlugLength, slugProblem } from './slug';

/**
 * Existing files keep the names real sites give them (`About-Us.md`, `My Post.md`, Hugo's
 * `_index.md`). A name that is not a strict slug is served under an encoded slug:
 *
 *   `_` then, for every UTF-8 byte of the name, the byte itself when it is `a-z`, `0-9` or `-`,
 *   otherwise `_` and its two lowercase hex digits.
 *
 * `About-Us` → `__41bout-_55s`, `_index` → `__5findex`, `My Post` → `__4dy_20_50ost`. Strict slugs
 * start with a letter or digit, so the leading `_` never clashes with one; the result is lowercase
 * ASCII without `.`, hence safe in a URL, in a branch name (`cms/{collection}/{slug}`: no `..`, no
 * `.lock`) and on case-insensitive file systems. The encoding is canonical: every name has exactly
 * one slug, and a name that is a strict slug is only ever served under itself.
 */
export const encodedSlugMarker = '_';

const kept = /^[a-z0-9-]$/;
const encoder = new TextEncoder();

/** Names no item may have, whatever their encoding: they would leave the folder or reach git's own files. */
export function itemNameProblem(name: string): string | undefined {
  if (name === '') return 'the name is empty';
  if (name === '.' || name === '..') return 'the name is "." or ".."';
  if (name.toLowerCase() === '.git') return 'the name is ".git"';
  if (/[/\\]/.test(name)) return 'the name holds "/" or "\\"';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'the name holds control characters';
  return undefined;
}

/**
 * The slug an existing file's name is served under: the name itself when it is a strict slug,
 * its encoding otherwise. `problem` says why a file cannot be served (the name is unusable, or its
 * encoding is longer than a slug may be).
 */
export function slugOfName(
  name: string,
): { slug: string } | { problem: 'invalid-name' | 'name-too-long'; message: string } {
  if (isValidSlug(name)) return { slug: name };
  const unusable = itemNameProblem(name);
  if (unusable) return { problem: 'invalid-name', message: `${unusable}, so it cannot be served` };
  let slug = encodedSlugMarker;
  for (const byte of encoder.encode(name)) {
    const char = String.fromCharCode(byte);
    slug += kept.test(char) ? char : `_${byte.toString(16).padStart(2, '0')}`;
  }
  if (slug.length > maxSlugLength) {
    return {
      problem: 'name-too-long',
      message: `the name encodes to a slug of ${slug.length} characters; at most ${maxSlugLength} are allowed (rename the file)`,
    };
  }
  return { slug };
}

/** The file name an encoded slug stands for, or undefined when `slug` is not a canonical encoding. */
export function nameOfEncodedSlug(slug: string): string | undefined {
  if (!slug.startsWith(encodedSlugMarker) || slug.length > maxSlugLength) return undefined;
  const bytes: number[] = [];
  for (let at = 1; at < slug.length;) {
    const char = slug[at]!;
    if (char === '_') {
      const hex = slug.slice(at + 1, at + 3);
      if (!/^[0-9a-f]{2}$/.test(hex)) return undefined;
      bytes.push(Number.parseInt(hex, 16));
      at += 3;
    } else if (kept.test(char)) {
      bytes.push(char.charCodeAt(0));
      at += 1;
    } else {
      return undefined;
    }
  }
  let name: string;
  try {
    name = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
  const again = slugOfName(name);
  return 'slug' in again && again.slug === slug ? name : undefined;
}

/** The file name (without extension) a slug stands for: strict slugs are their own name. */
export function nameOfSlug(slug: string): string | undefined {
  return isValidSlug(slug) ? slug : nameOfEncodedSlug(slug);
}

export const isEncodedSlug = (slug: string): boolean => nameOfEncodedSlug(slug) !== undefined;

/**
 * Why `slug` names no item that could exist: a strict slug, or the canonical encoding of a name.
 * New items need a strict slug (slug.ts); this is for items that are already there.
 */
export function itemSlugProblem(slug: string): string | undefined {
  if (!slug.startsWith(encodedSlugMarker)) return slugProblem(slug);
  if (isEncodedSlug(slug)) return undefined;
  return `starts with "${encodedSlugMarker}" but is not the encoding of a file name (each byte outside a-z, 0-9 and "-" is written "_" and two lowercase hex digits)`;
}

/** Throws an InvalidInputError (`slug: …`) unless `slug` is a strict or an encoded slug. */
export function assertItemSlug(slug: string): void {
  const problem = itemSlugProblem(slug);
  if (problem) throw new InvalidInputError(`slug: ${problem}`);
}
