import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { readFileAt } from '../src/git-objects';
import { GitRefConflictError, resolveRef } from '../src/git-refs';
import { commitFiles, initBareRepo } from '../src/git-write';

describe('git plumbing', () => {
  let root: string;
  let gitDir: string;
  const author = { name: 'Alice Martin', email: 'alice@example.com', date: '2024-02-14T08:30:00Z' };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'github-local-git-'));
    gitDir = join(root, 'repo.git');
    await initBareRepo(gitDir);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('creates a branch, then commits changes on top with compare-and-swap', async () => {
    expect(await resolveRef(gitDir, 'refs/heads/main')).toBeNull();
    const first = await commitFiles(gitDir, {
      branch: 'main',
      expectedHead: null,
      changes: [
        { path: 'a.md', content: 'A\n' },
        { path: 'dir/b.md', content: 'B\n' },
      ],
      message: 'First',
      author,
    });
    expect(first.parentSha).toBeNull();
    const second = await commitFiles(gitDir, {
      branch: 'main',
      expectedHead: first.commitSha,
      changes: [
        { path: 'dir/b.md', delete: true },
        { path: 'dir/c.md', content: Buffer.from('C\n') },
        { path: 'a.md', content: 'A2\n' },
      ],
      message: 'Second',
      author,
      committer: { name: 'Demo User', email: 'demo@example.com', date: '2024-02-15T10:00:00Z' },
    });
    expect(second.parentSha).toBe(first.commitSha);
    expect(await resolveRef(gitDir, 'refs/heads/main')).toBe(second.commitSha);
    expect(
      (await runGit(gitDir, ['ls-tree', '-r', '--name-only', 'main'])).trim().split('\n'),
    ).toEqual(['a.md', 'dir/c.md']);
    expect((await readFileAt(gitDir, 'main', 'a.md'))?.toString()).toBe('A2\n');
    expect(await readFileAt(gitDir, 'main', 'dir/b.md')).toBeNull();
    const meta = (
      await runGit(gitDir, ['log', '-1', '--format=%an|%aI|%cn|%cI|%s', 'main'])
    ).trim();
    expect(meta).toBe(
      'Alice Martin|2024-02-14T08:30:00+00:00|Demo User|2024-02-15T10:00:00+00:00|Second',
    );
  });

  it('refuses a commit whose expected head is stale, leaving the branch untouched', async () => {
    const head = await resolveRef(gitDir, 'refs/heads/main');
    const stale = (await runGit(gitDir, ['rev-parse', 'main~1'])).trim();
    await expect(
      commitFiles(gitDir, {
        branch: 'main',
        expectedHead: stale,
        changes: [{ path: 'x.md', content: 'x' }],
        message: 'Lost',
        author,
      }),
    ).rejects.toBeInstanceOf(GitRefConflictError);
    await expect(
      commitFiles(gitDir, {
        branch: 'main',
        expectedHead: null,
        changes: [{ path: 'x.md', content: 'x' }],
        message: 'Lost',
        author,
      }),
    ).rejects.toBeInstanceOf(GitRefConflictError);
    expect(await resolveRef(gitDir, 'refs/heads/main')).toBe(head);
  });

  it('lets exactly one of two racing writers win', async () => {
    const head = await resolveRef(gitDir, 'refs/heads/main');
    const results = await Promise.allSettled(
      ['one', 'two'].map((name) =>
        commitFiles(gitDir, {
          branch: 'main',
          expectedHead: head,
          changes: [{ path: `${name}.md`, content: name }],
          message: name,
          author,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(GitRefConflictError);
  });

  it('rejects paths that escape the tree', async () => {
    for (const path of ['../x', 'a/../../x', '.git/config', '', 'a//b']) {
      await expect(
        commitFiles(gitDir, {
          branch: 'main',
          changes: [{ path, content: 'x' }],
          message: 'bad',
          author,
        }),
      ).rejects.toThrow(/Invalid repository path/);
    }
  });
});
