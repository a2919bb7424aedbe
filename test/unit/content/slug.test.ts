import { describe, expect, it } from 'vitest';
import { draftBranchName, parseDraftBranch } from '../../../shared/content/draft-branch';
import { assertSlug, isValidSlug, slugify, slugProblem } from '../../../shared/content/slug';
import { InvalidInputError } from '../../../shared/errors';

describe('slugs', () => {
  it.each(['hello-world', 'a', '0', '2025-01-31-launch', 'v1.2.3', 'snake_case', 'a'.repeat(200)])(
    'accepts %j',
    (slug) => {
      expect(isValidSlug(slug)).toBe(true);
      expect(() => assertSlug(slug)).not.toThrow();
    },
  );

  it.each([
    ['', 'must not be empty'],
    ['.', 'must not be "." or ".."'],
    ['..', 'must not be "." or ".."'],
    ['a/b', 'must be a single path segment, without "/" or "\\"'],
    ['../etc', 'must be a single path segment, without "/" or "\\"'],
    ['a\\b', 'must be a single path segment, without "/" or "\\"'],
    ['..\\windows', 'must be a single path segment, without "/" or "\\"'],
    ['%2e%2e', 'must not contain "%" (percent-encoded characters are not allowed)'],
    ['a%2Fb', 'must not contain "%" (percent-encoded characters are not allowed)'],
    ['a%2fb', 'must not contain "%" (percent-encoded characters are not allowed)'],
    ['a%5Cb', 'must not contain "%" (percent-encoded characters are not allowed)'],
    ['%252F', 'must not contain "%" (percent-encoded characters are not allowed)'],
    ['a%00', 'must not contain "%" (percent-encoded characters are not allowed)'],
    ['a\u0000b', 'must not contain control characters'],
    ['a\nb', 'must not contain control characters'],
    ['a\rb', 'must not contain control characters'],
    ['a\tb', 'must not contain control characters'],
    ['a\u007fb', 'must not contain control characters'],
    ['a'.repeat(201), 'must be at most 200 characters'],
    ['Hello', 'must be lowercase'],
    ['hello-World', 'must be lowercase'],
    [
      'café',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      'a\u2215b',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      'a\uff0fb',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      'emoji-🎉',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      'hello world',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      '.hidden',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      '-dash',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      '_under',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      'a?b',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    [
      'a#b',
      'may contain only lowercase letters a-z, digits, ".", "_" and "-", and must start with a letter or digit',
    ],
    ['a..b', 'must not contain "..", or end with "." or ".lock" (it is part of a branch name)'],
    [
      'trailing.',
      'must not contain "..", or end with "." or ".lock" (it is part of a branch name)',
    ],
    [
      'post.lock',
      'must not contain "..", or end with "." or ".lock" (it is part of a branch name)',
    ],
    ['post.md', 'is the file name without ".md"'],
    ['post.md.md', 'is the file name without ".md"'],
  ])('refuses %j: %s', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
    expect(isValidSlug(slug)).toBe(false);
    expect(() => assertSlug(slug)).toThrow(InvalidInputError);
    expect(() => assertSlug(slug)).toThrow(`slug: ${problem}`);
  });
});

describe('slugify', () => {
  it.each([
    ['Hello, World!', 'hello-world'],
    ['Crème brûlée', 'creme-brulee'],
    ['Straße in Köln', 'strasse-in-koln'],
    ['Smørrebrød & Æblekage', 'smorrebrod-aeblekage'],
    ['Łódź', 'lodz'],
    ["Don't stop", 'dont-stop'],
    ['  --Already--hyphenated--  ', 'already-hyphenated'],
    ['Version 1.2 release', 'version-1-2-release'],
    ['ＦＵＬＬ width', 'full-width'],
    ['日本語', ''],
    ['', ''],
  ])('turns %j into %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('trims a long title to the limit without a trailing hyphen', () => {
    const slug = slugify(`${'word '.repeat(60)}end`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug.endsWith('-')).toBe(false);
    expect(isValidSlug(slug)).toBe(true);
  });

  it('always yields a valid slug or nothing', () => {
    for (const title of [
      '...',
      'a..b',
      'x.lock',
      'post.md',
      'Ünïcödé',
      '🎉 Party',
      'a/b\\c',
      '%2e%2e',
    ]) {
      const slug = slugify(title);
      expect(slug === '' || isValidSlug(slug)).toBe(true);
    }
  });
});

describe('draft branches', () => {
  it('names the branch cms/{collection}/{slug} and reads it back', () => {
    expect(draftBranchName('posts', 'hello')).toBe('cms/posts/hello');
    expect(parseDraftBranch('cms/posts/hello')).toEqual({ collection: 'posts', slug: 'hello' });
  });

  it('refuses invalid parts', () => {
    expect(() => draftBranchName('Posts', 'hello')).toThrow(InvalidInputError);
    expect(() => draftBranchName('posts', '../x')).toThrow(InvalidInputError);
  });

  it.each([
    'main',
    'cms/posts',
    'cms/posts/a/b',
    'feature/cms/posts/x',
    'cms/Posts/x',
    'cms/posts/..',
    'cms//x',
  ])('does not take %j for a draft branch', (branch) => {
    expect(parseDraftBranch(branch)).toBeUndefined();
  });
});
