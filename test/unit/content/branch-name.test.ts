import { describe, expect, it } from 'vitest';
import { branchNameProblem } from '../../../shared/content/content-reads';

/** The `branch` a read names: what git's check-ref-format takes, in the characters we allow. */
describe('a branch name', () => {
  it.each(['main', 'cms/posts/hello-world', 'release/2026.11', 'feature_x', 'v1.2.3', 'a/b/c'])(
    'takes %s',
    (branch) => {
      expect(branchNameProblem(branch)).toBeUndefined();
    },
  );

  it.each([
    ['a//b', '"//"'],
    ['/main', '"/"'],
    ['main/', '"/"'],
    ['a/.hidden', 'start with "."'],
    ['.main', 'start with "."'],
    ['topic.lock', '".lock"'],
    ['a/b.lock/c', '".lock"'],
    ['a..b', '".."'],
    ['main.', 'end with "."'],
    ['-main', '"-"'],
    ['a b', 'letters, digits'],
    ['x'.repeat(251), 'letters, digits'],
  ])('refuses %s, naming what is wrong', (branch, named) => {
    expect(branchNameProblem(branch)).toContain(named);
  });
});
