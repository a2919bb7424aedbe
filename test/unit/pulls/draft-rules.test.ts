import { describe, expect, it } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import { draftProblems, type DraftFacts } from '../../../shared/pulls/draft-rules';

const config: CmsConfig = {
  name: 'Blog',
  collections: { posts: { label: 'Posts', directory: 'content/posts', fields: [{ name: 'title', type: 'string', label: 'Title' }] } },
};
const own = 'content/posts/hello.md';
const facts = (overrides: Partial<DraftFacts> = {}): DraftFacts => ({
  headRef: 'cms/posts/hello',
  baseRef: 'main',
  crossRepository: false,
  changedFiles: { total: 1, files: [{ path: own, change: 'modified' }] },
  ...overrides,
});
const reasons = (pull: DraftFacts) => draftProblems(pull, 'main', config).map((problem) => problem.reason);

describe('draftProblems: a draft is what its branch name says, and nothing more', () => {
  it('finds nothing wrong with a branch of this repository into the default branch that adds, changes or deletes its item', () => {
    for (const change of ['added', 'modified', 'deleted'] as const) {
      expect(draftProblems(facts({ changedFiles: { total: 1, files: [{ path: own, change }] } }), 'main', config)).toEqual([]);
    }
    expect(reasons(facts({ changedFiles: { total: 0, files: [] } }))).toEqual([]);
  });

  it('names every reason, in a fixed order, each once', () => {
    const all = facts({ crossRepository: true, baseRef: 'develop', changedFiles: { total: 2, files: [{ path: own, change: 'modified' }, { path: 'a.js', change: 'added' }] } });
    expect(reasons(all)).toEqual(['cross-repository', 'base-not-default', 'foreign-files']);
    expect(draftProblems(all, 'main', config)[1]!.message).toBe('The pull request targets develop, not the default branch main.');
  });

  it('counts as foreign: other paths, a rename or type change of the item, more files than listed, an unknown collection', () => {
    const other = draftProblems(facts({ changedFiles: { total: 7, files: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((path) => ({ path, change: 'added' as const })) } }), 'main', config);
    expect(other).toEqual([{ reason: 'foreign-files', message: `The pull request changes more than its item ${own}: a, b, c, d, e and 2 more.` }]);
    expect(draftProblems(facts({ changedFiles: { total: 1, files: [{ path: own, change: 'renamed' }] } }), 'main', config)[0]!.message).toContain(`${own} (renamed)`);
    expect(reasons(facts({ changedFiles: { total: 1, files: [{ path: own, change: 'changed' }] } }))).toEqual(['foreign-files']);
    expect(reasons(facts({ changedFiles: { total: 101, files: [{ path: own, change: 'modified' }] } }))).toEqual(['foreign-files']);
    expect(reasons(facts({ changedFiles: { total: Number.POSITIVE_INFINITY, files: [] } }))).toEqual(['foreign-files']);
    expect(reasons(facts({ headRef: 'cms/pages/hello', changedFiles: { total: 1, files: [{ path: 'content/pages/hello.md', change: 'added' }] } }))).toEqual(['foreign-files']);
  });

  it('leaves the files alone when they were not read (the list)', () => {
    expect(reasons(facts({ changedFiles: undefined }))).toEqual([]);
  });
});
