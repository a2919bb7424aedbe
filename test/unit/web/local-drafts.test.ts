// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../shared/content/schemas';
import {
  clearLocalDraft,
  draftKey,
  readLocalDraft,
  writeLocalDraft,
} from '../../../web/src/lib/local-drafts';

const key = draftKey('acme/site', 'posts', 'hello');
const theirs: ContentItem = {
  slug: 'hello',
  path: 'content/posts/hello.md',
  sha: 'sha-2',
  frontmatter: { title: 'Theirs' },
  body: 'Their body.\n',
};
const conflict = { base: { frontmatter: { title: 'Base' }, body: 'Base body.\n' }, theirs };

beforeEach(() => localStorage.clear());

describe('unsaved edits kept in this browser', () => {
  it('are kept per repository, collection and item, a new item apart', () => {
    expect(key).toBe('cms:draft:acme/site:posts:hello');
    expect(draftKey('acme/site', 'posts', undefined)).toBe('cms:draft:acme/site:posts:(new)');
    writeLocalDraft(key, { frontmatter: { title: 'Mine' }, body: 'My body.\n', baseSha: 'sha-1' });
    expect(readLocalDraft(key)).toMatchObject({
      frontmatter: { title: 'Mine' },
      body: 'My body.\n',
      baseSha: 'sha-1',
    });
    expect(readLocalDraft(key)?.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(readLocalDraft(draftKey('acme/site', 'posts', 'other'))).toBeUndefined();
    clearLocalDraft(key);
    expect(readLocalDraft(key)).toBeUndefined();
  });

  it('keep both sides of an unresolved conflict until cleared', () => {
    writeLocalDraft(key, {
      frontmatter: { title: 'Mine' },
      body: 'My body.\n',
      baseSha: 'sha-1',
      conflict,
    });
    const kept = readLocalDraft(key);
    expect(kept?.body).toBe('My body.\n');
    expect(kept?.conflict).toEqual(conflict);
    clearLocalDraft(key);
    expect(readLocalDraft(key)).toBeUndefined();
  });

  it('ignore what is not a draft, and keep the edits when only the conflict record is damaged', () => {
    localStorage.setItem(key, 'not json');
    expect(readLocalDraft(key)).toBeUndefined();
    localStorage.setItem(key, JSON.stringify({ body: 1, frontmatter: {} }));
    expect(readLocalDraft(key)).toBeUndefined();
    localStorage.setItem(key, JSON.stringify({ body: 'Mine', frontmatter: [] }));
    expect(readLocalDraft(key)).toBeUndefined();
    localStorage.setItem(
      key,
      JSON.stringify({
        body: 'Mine',
        frontmatter: {},
        savedAt: 'x',
        conflict: { base: { frontmatter: {} }, theirs },
      }),
    );
    expect(readLocalDraft(key)).toEqual({ body: 'Mine', frontmatter: {}, savedAt: 'x' });
  });
});
