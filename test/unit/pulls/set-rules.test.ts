import { describe, expect, it } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import type { DraftFacts, DraftFiles } from '../../../shared/pulls/draft-rules';
import { setItemsOf, setProblems } from '../../../shared/pulls/set-rules';

// The rules of a change set's paths and changes; what its files hold is read by set-check.ts
// (change-sets.test.ts covers that over real HTTP).

const config: CmsConfig = {
  name: 'Site',
  media: { directory: 'static/media', publicPath: '/media' },
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [{ name: 'title', type: 'string', label: 'Title' }],
    },
    authors: {
      label: 'Authors',
      directory: 'content/authors',
      fields: [{ name: 'name', type: 'string', label: 'Name' }],
    },
  },
};
type Listed = NonNullable<DraftFacts['changedFiles']>['files'];
const facts = (files: Listed, total = files.length): DraftFacts => ({
  headRef: 'cms/_sets/launch',
  baseRef: 'main',
  crossRepository: false,
  changedFiles: { total, files },
});
/** Every kept file read and found to be what the CMS writes; `referenced` the media items name. */
const allRead = (files: Listed, referenced: string[] = []): DraftFiles => ({
  verdicts: new Map(files.map((file) => [file.path, undefined])),
  referenced: new Set(referenced),
});
const problems = (files: Listed, referenced?: string[], total?: number) =>
  setProblems({
    pull: facts(files, total),
    defaultBranch: 'main',
    config,
    files: allRead(files, referenced),
  });

describe('setProblems: a change set changes items of its collections and the media they reference', () => {
  it('accepts edits, creations, deletions and renames of items of several collections, and referenced media', () => {
    const files: Listed = [
      { path: 'content/posts/hello.md', change: 'modified' },
      { path: 'content/authors/carol.md', change: 'added' },
      { path: 'content/authors/bob.md', change: 'deleted' },
      {
        path: 'content/posts/new-name.md',
        change: 'renamed',
        previousPath: 'content/posts/old.md',
      },
      { path: 'static/media/launch.png', change: 'added' },
    ];
    expect(problems(files, ['static/media/launch.png'])).toEqual([]);
    expect(setItemsOf(facts(files), config)).toEqual([
      { collection: 'posts', slug: 'hello' },
      { collection: 'authors', slug: 'carol' },
      { collection: 'authors', slug: 'bob' },
      { collection: 'posts', slug: 'new-name' },
      { collection: 'posts', slug: 'old' },
    ]);
  });

  it('calls foreign a file that is no item, media no item references, and a rename across collections', () => {
    const [foreign] = problems(
      [
        { path: '.github/workflows/deploy.yml', change: 'added' },
        { path: 'static/media/unused.png', change: 'added' },
        {
          path: 'content/authors/hello.md',
          change: 'renamed',
          previousPath: 'content/posts/hello.md',
        },
      ],
      [],
    );
    expect(foreign).toEqual({
      reason: 'foreign-files',
      message:
        'The change set changes more than items of its collections and the media they reference: .github/workflows/deploy.yml, static/media/unused.png (none of its items references it), content/authors/hello.md (renamed from content/posts/hello.md).',
    });
  });

  it('calls foreign a kept file that was not read, and more files than were listed', () => {
    const files: Listed = [{ path: 'content/posts/hello.md', change: 'modified' }];
    expect(
      setProblems({
        pull: facts(files),
        defaultBranch: 'main',
        config,
        files: { verdicts: new Map(), referenced: new Set() },
      })[0]?.message,
    ).toContain('content/posts/hello.md (not read at the head)');
    expect(problems(files, [], 101)[0]?.message).toBe(
      'The change set changes 101 files; at most 1 are checked, so none of it is published.',
    );
  });

  it('names a fork and another base first, as a draft does', () => {
    expect(
      setProblems({
        pull: { ...facts([]), crossRepository: true, baseRef: 'develop' },
        defaultBranch: 'main',
        config,
      }).map((problem) => problem.reason),
    ).toEqual(['cross-repository', 'base-not-default']);
  });
});
