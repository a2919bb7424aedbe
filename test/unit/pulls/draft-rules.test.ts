import { describe, expect, it } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import { draftProblems, type DraftFacts } from '../../../shared/pulls/draft-rules';

// The rules of paths and changes: the files' contents and modes are draft-media.test.ts's (here, as
// for a pull request from a fork, they are not read).

const config: CmsConfig = {
  name: 'Blog',
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [{ name: 'title', type: 'string', label: 'Title' }],
    },
  },
};
const own = 'content/posts/hello.md';
const facts = (overrides: Partial<DraftFacts> = {}): DraftFacts => ({
  headRef: 'cms/posts/hello',
  baseRef: 'main',
  crossRepository: false,
  changedFiles: { total: 1, files: [{ path: own, change: 'modified' }] },
  ...overrides,
});
const reasons = (pull: DraftFacts) =>
  draftProblems({ pull, defaultBranch: 'main', config }).map((problem) => problem.reason);

describe('draftProblems: a draft is what its branch name says, and nothing more', () => {
  it('finds nothing wrong with a branch of this repository into the default branch that adds, changes or deletes its item', () => {
    for (const change of ['added', 'modified', 'deleted'] as const) {
      expect(
        draftProblems({
          pull: facts({ changedFiles: { total: 1, files: [{ path: own, change }] } }),
          defaultBranch: 'main',
          config,
        }),
      ).toEqual([]);
    }
    expect(reasons(facts({ changedFiles: { total: 0, files: [] } }))).toEqual([]);
  });

  it('names every reason, in a fixed order, each once', () => {
    const all = facts({
      crossRepository: true,
      baseRef: 'develop',
      changedFiles: {
        total: 2,
        files: [
          { path: own, change: 'modified' },
          { path: 'a.js', change: 'added' },
        ],
      },
    });
    expect(reasons(all)).toEqual(['cross-repository', 'base-not-default', 'foreign-files']);
    expect(draftProblems({ pull: all, defaultBranch: 'main', config })[1]!.message).toBe(
      'The pull request targets develop, not the default branch main.',
    );
  });

  it('counts as foreign: other paths, a rename or type change of the item, more files than listed, an unknown collection', () => {
    const other = draftProblems({
      pull: facts({
        changedFiles: {
          total: 7,
          files: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((path) => ({
            path,
            change: 'added' as const,
          })),
        },
      }),
      defaultBranch: 'main',
      config,
    });
    expect(other).toEqual([
      {
        reason: 'foreign-files',
        message: `The pull request changes more than its item ${own}: a, b, c, d, e and 2 more.`,
      },
    ]);
    expect(
      draftProblems({
        pull: facts({ changedFiles: { total: 1, files: [{ path: own, change: 'renamed' }] } }),
        defaultBranch: 'main',
        config,
      })[0]!.message,
    ).toContain(`${own} (renamed)`);
    expect(
      reasons(facts({ changedFiles: { total: 1, files: [{ path: own, change: 'changed' }] } })),
    ).toEqual(['foreign-files']);
    expect(
      reasons(facts({ changedFiles: { total: 101, files: [{ path: own, change: 'modified' }] } })),
    ).toEqual(['foreign-files']);
    expect(
      reasons(facts({ changedFiles: { total: Number.POSITIVE_INFINITY, files: [] } })),
    ).toEqual(['foreign-files']);
    expect(
      reasons(
        facts({
          headRef: 'cms/pages/hello',
          changedFiles: { total: 1, files: [{ path: 'content/pages/hello.md', change: 'added' }] },
        }),
      ),
    ).toEqual(['foreign-files']);
  });

  it('leaves the files alone when they were not read (the list)', () => {
    expect(reasons(facts({ changedFiles: undefined }))).toEqual([]);
  });

  describe("a rename: the new slug's draft also deletes the old item of its collection", () => {
    const renamed = 'content/posts/hello.md';
    const old = 'content/posts/old.md';
    const files = (...list: NonNullable<DraftFacts['changedFiles']>['files']) => ({
      changedFiles: { total: list.length, files: list },
    });

    it('accepts it reported as renamed from an item of the collection, or as removed and added', () => {
      expect(
        reasons(facts(files({ path: renamed, change: 'renamed', previousPath: old }))),
      ).toEqual([]);
      expect(
        reasons(facts(files({ path: renamed, change: 'added' }, { path: old, change: 'deleted' }))),
      ).toEqual([]);
      expect(
        reasons(facts(files({ path: old, change: 'deleted' }, { path: renamed, change: 'added' }))),
      ).toEqual([]);
    });

    it('refuses anything else: an unknown or foreign source, two deletions, a deletion without the item added, deleting a non-item', () => {
      expect(reasons(facts(files({ path: renamed, change: 'renamed' })))).toEqual([
        'foreign-files',
      ]);
      expect(
        reasons(facts(files({ path: renamed, change: 'renamed', previousPath: 'secrets.md' }))),
      ).toEqual(['foreign-files']);
      expect(
        reasons(
          facts(files({ path: renamed, change: 'renamed', previousPath: 'content/pages/old.md' })),
        ),
      ).toEqual(['foreign-files']);
      expect(
        reasons(
          facts(
            files(
              { path: renamed, change: 'added' },
              { path: old, change: 'deleted' },
              { path: 'content/posts/other.md', change: 'deleted' },
            ),
          ),
        ),
      ).toEqual(['foreign-files']);
      expect(
        reasons(
          facts(files({ path: renamed, change: 'modified' }, { path: old, change: 'deleted' })),
        ),
      ).toEqual(['foreign-files']);
      expect(
        reasons(
          facts(
            files(
              { path: renamed, change: 'renamed', previousPath: old },
              { path: 'content/posts/other.md', change: 'deleted' },
            ),
          ),
        ),
      ).toEqual(['foreign-files']);
      expect(
        reasons(
          facts(
            files(
              { path: renamed, change: 'added' },
              { path: 'content/posts/notes.txt', change: 'deleted' },
            ),
          ),
        ),
      ).toEqual(['foreign-files']);
      expect(
        draftProblems({
          pull: facts(
            files({ path: renamed, change: 'added' }, { path: 'README.md', change: 'deleted' }),
          ),
          defaultBranch: 'main',
          config,
        })[0]!.message,
      ).toContain('README.md');
    });
  });

  describe('a draft deleting several items: cms/{collection}/_deletions', () => {
    const deletions = (...list: NonNullable<DraftFacts['changedFiles']>['files']) =>
      facts({ headRef: 'cms/posts/_deletions', changedFiles: { total: list.length, files: list } });

    it('accepts deletions of items of its collection only', () => {
      expect(
        reasons(
          deletions(
            { path: 'content/posts/a.md', change: 'deleted' },
            { path: 'content/posts/b.md', change: 'deleted' },
          ),
        ),
      ).toEqual([]);
    });

    it("refuses an addition, a change, a non-item or another collection's item", () => {
      expect(
        reasons(
          deletions(
            { path: 'content/posts/a.md', change: 'deleted' },
            { path: 'content/posts/b.md', change: 'added' },
          ),
        ),
      ).toEqual(['foreign-files']);
      expect(reasons(deletions({ path: 'content/posts/a.md', change: 'modified' }))).toEqual([
        'foreign-files',
      ]);
      expect(reasons(deletions({ path: 'content/posts/notes.txt', change: 'deleted' }))).toEqual([
        'foreign-files',
      ]);
      expect(reasons(deletions({ path: 'content/pages/a.md', change: 'deleted' }))).toEqual([
        'foreign-files',
      ]);
      expect(
        reasons(
          facts({
            headRef: 'cms/posts/_deletions',
            changedFiles: {
              total: 101,
              files: [{ path: 'content/posts/a.md', change: 'deleted' }],
            },
          }),
        ),
      ).toEqual(['foreign-files']);
    });
  });
});

describe('a draft of a collection of several layouts', () => {
  const mixed: CmsConfig = {
    name: 'Blog',
    collections: {
      posts: {
        label: 'Posts',
        directory: 'content/posts',
        path: ['{slug}.md', '{slug}/index.md'],
        fields: [{ name: 'title', type: 'string', label: 'Title' }],
      },
    },
  };
  const problemsOf = (files: NonNullable<DraftFacts['changedFiles']>['files']) =>
    draftProblems({
      pull: facts({ changedFiles: { total: files.length, files } }),
      defaultBranch: 'main',
      config: mixed,
    });

  it("changes its item's file under any of the patterns", () => {
    expect(problemsOf([{ path: 'content/posts/hello/index.md', change: 'modified' }])).toEqual([]);
    expect(problemsOf([{ path: 'content/posts/hello.md', change: 'added' }])).toEqual([]);
  });

  it('is no draft when it changes two files of its slug', () => {
    const problems = problemsOf([
      { path: 'content/posts/hello.md', change: 'modified' },
      { path: 'content/posts/hello/index.md', change: 'added' },
    ]);
    expect(problems.map((problem) => problem.reason)).toEqual(['foreign-files']);
    expect(problems[0]!.message).toBe(
      'The pull request changes more than its item content/posts/hello.md: content/posts/hello/index.md.',
    );
  });
});
