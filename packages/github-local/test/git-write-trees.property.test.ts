import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitProcessCount } from '../src/git-command';
import {
  buildTree,
  buildTreeInIndex,
  commitTree,
  flattenTree,
  flattenTreeWithGit,
  initBareRepo,
  writeTreeFromEntries,
  writeTreeInIndexFromEntries,
  type FileChange,
} from '../src/git-write';

/**
 * Random change lists over a few colliding names (files becoming directories and back, names that
 * sort around '/', deletes of files, of missing paths, of whole directories): the tree built
 * in-process is always the one git builds in an index, commit after commit.
 */

const author = { name: 'Alice Martin', email: 'alice@example.com', date: '2024-02-14T08:30:00Z' };
const component = fc.constantFrom('a', 'a.b', 'a-b', 'a0', 'b', 'é', 'x.md', 'A');
const path = fc.array(component, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
const change: fc.Arbitrary<FileChange> = fc.oneof(
  fc.record({
    path,
    content: fc.constantFrom('', 'one\n', 'two\n'),
    executable: fc.boolean(),
    symlink: fc.boolean(),
  }),
  fc.record({ path, delete: fc.constant(true as const) }),
);
const history = fc.array(fc.array(change, { minLength: 1, maxLength: 6 }), {
  minLength: 1,
  maxLength: 4,
});

describe('trees built in-process (property)', () => {
  let root: string;
  let gitDir: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'github-local-trees-'));
    gitDir = join(root, 'repo.git');
    await initBareRepo(gitDir);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('gives the tree git gives for any sequence of change lists (and flattens and rebuilds it as git does)', async () => {
    let inProcess = 0;
    await fc.assert(
      fc.asyncProperty(history, async (steps) => {
        let base: string | null = null;
        for (const changes of steps) {
          const before = gitProcessCount();
          const ours = await buildTree(gitDir, base, changes);
          if (gitProcessCount() === before) inProcess += 1;
          expect(ours).toBe(await buildTreeInIndex(gitDir, base, changes));
          // The route of POST /git/trees: a tree flattened to its files, and a tree written from such a list.
          const flat = await flattenTree(gitDir, ours);
          expect([...flat]).toEqual([...(await flattenTreeWithGit(gitDir, ours))]);
          expect(await writeTreeFromEntries(gitDir, flat)).toBe(ours);
          expect(await writeTreeInIndexFromEntries(gitDir, flat)).toBe(ours);
          base = await commitTree(gitDir, {
            tree: ours,
            parents: base ? [base] : [],
            message: 'step',
            author,
            committer: author,
          });
        }
      }),
      { numRuns: 60 },
    );
    // Most lists are built without git (a delete naming a directory is left to it).
    expect(inProcess).toBeGreaterThan(60);
  });
});
