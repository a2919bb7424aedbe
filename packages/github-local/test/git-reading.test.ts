import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { batchLookup, batchLookupCount, batchReaderCount } from '../src/git-batch';
import { gitProcessCount, runGit } from '../src/git-command';
import { readObjectInfos, readObjects } from '../src/git-objects';
import { listRefFiles, readRefFile } from '../src/git-ref-files';
import { listRefs, readRef, resolveRef } from '../src/git-refs';
import { releaseRepositories } from '../src/git-reading';
import { commitFiles, initBareRepo } from '../src/git-write';

/** Reading without a process per request: one long-lived cat-file per repository, refs read from files, immutable names cached. */

const author = { name: 'Alice Martin', email: 'alice@example.com', date: '2024-02-14T08:30:00Z' };

describe('reading a repository without starting git per request', () => {
  let root: string;
  let gitDir: string;
  let first: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'github-local-reading-'));
    gitDir = join(root, 'repo.git');
    await initBareRepo(gitDir);
    ({ commitSha: first } = await commitFiles(gitDir, {
      branch: 'main',
      expectedHead: null,
      changes: [
        { path: 'My Post.md', content: 'spaces in the name\n' },
        { path: 'big.bin', content: Buffer.alloc(3 * 1024 * 1024 + 7, 0xab) },
        { path: 'dir/a.md', content: 'A\n' },
      ],
      message: 'First',
      author,
    }));
  });
  afterAll(async () => {
    releaseRepositories(root);
    await rm(root, { recursive: true, force: true });
  });

  it('answers many lookups from one process, in order, with names holding spaces, large blobs and misses', async () => {
    releaseRepositories(gitDir);
    const before = gitProcessCount();
    const [named, big, missing, tree] = await readObjects(gitDir, [
      'main:My Post.md',
      'main:big.bin',
      'main:nope.md',
      `${first}^{tree}`,
    ]);
    const infos = await readObjectInfos(gitDir, ['main:dir/a.md', 'refs/heads/nope']);
    expect(named?.content.toString()).toBe('spaces in the name\n');
    expect(big?.size).toBe(3 * 1024 * 1024 + 7);
    expect(big?.content.equals(Buffer.alloc(3 * 1024 * 1024 + 7, 0xab))).toBe(true);
    expect(missing).toBeNull();
    expect(tree?.type).toBe('tree');
    expect(infos[0]).toMatchObject({ type: 'blob', size: 2 });
    expect(infos[1]).toBeNull();
    // Concurrent callers share the process and each gets its own answers.
    const many = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        batchLookup(gitDir, [n % 2 ? 'main:dir/a.md' : 'main:My Post.md'], true),
      ),
    );
    many.forEach(([object], n) =>
      expect(object?.content.toString()).toBe(n % 2 ? 'A\n' : 'spaces in the name\n'),
    );
    expect(gitProcessCount() - before).toBe(1);
  });

  it('sees a branch moved by another git process at once, and never caches a name that goes through a ref', async () => {
    const { commitSha: second } = await commitFiles(gitDir, {
      branch: 'main',
      expectedHead: first,
      changes: [{ path: 'dir/a.md', content: 'A2\n' }],
      message: 'Second',
      author,
    });
    const [a] = await readObjects(gitDir, ['main:dir/a.md']);
    expect(a?.content.toString()).toBe('A2\n');
    await runGit(gitDir, ['update-ref', 'refs/heads/main', first, second]);
    const [back] = await readObjects(gitDir, ['main:dir/a.md']);
    expect(back?.content.toString()).toBe('A\n');
    await runGit(gitDir, ['update-ref', 'refs/heads/main', second, first]);
  });

  it('pins a full ref name to the object its file names now, so a warm read asks git nothing and a moved ref is seen', async () => {
    await readObjects(gitDir, ['refs/heads/main:dir/a.md', 'refs/heads/main']);
    const before = batchLookupCount();
    const [file, commit] = await readObjects(gitDir, [
      'refs/heads/main:dir/a.md',
      'refs/heads/main',
    ]);
    expect(batchLookupCount()).toBe(before);
    expect(commit?.oid).toBe(await resolveRef(gitDir, 'refs/heads/main'));
    const { commitSha } = await commitFiles(gitDir, {
      branch: 'main',
      expectedHead: commit!.oid,
      changes: [{ path: 'dir/a.md', content: 'A3\n' }],
      message: 'Third',
      author,
    });
    const [moved, movedCommit] = await readObjects(gitDir, [
      'refs/heads/main:dir/a.md',
      'refs/heads/main',
    ]);
    expect(movedCommit?.oid).toBe(commitSha);
    expect(moved?.content.toString()).toBe('A3\n');
    expect(file?.content.toString()).not.toBe('A3\n');
  });

  it('serves immutable names from the cache without git', async () => {
    await readObjects(gitDir, [first, `${first}:dir`]);
    const before = gitProcessCount();
    releaseRepositories(join(root, 'other.git'));
    const [commit, dir] = await readObjects(gitDir, [first, `${first}:dir`]);
    expect(commit?.type).toBe('commit');
    expect(dir?.type).toBe('tree');
    expect(gitProcessCount()).toBe(before);
  });

  it('answers a lookup made just as an idle reader ends from a new reader', async () => {
    releaseRepositories(gitDir);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await batchLookup(gitDir, ['HEAD'], false);
      vi.advanceTimersByTime(30_001); // the reader's idle time: it starts ending
      const [after] = await batchLookup(gitDir, ['HEAD'], false);
      expect(after?.type).toBe('commit');
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a new reader after one ended, and fails the lookups of a repository that is not there', async () => {
    releaseRepositories(gitDir);
    const [again] = await readObjects(gitDir, ['main:dir/a.md']);
    expect(again?.type).toBe('blob');
    await expect(readObjects(join(root, 'missing.git'), ['main'])).rejects.toThrow(/cat-file/);
    expect(batchReaderCount()).toBeGreaterThan(0);
  });

  it('reads loose, packed and symbolic refs from the files, and follows pack-refs and deletions', async () => {
    const head = await resolveRef(gitDir, 'refs/heads/main');
    expect(readRefFile(gitDir, 'refs/heads/main')).toBe(head);
    expect(readRefFile(gitDir, 'HEAD')).toBe(head);
    await runGit(gitDir, ['update-ref', 'refs/heads/feature/x', first]);
    await runGit(gitDir, ['pack-refs', '--all']);
    expect(readRefFile(gitDir, 'refs/heads/feature/x')).toBe(first);
    expect(readRefFile(gitDir, 'refs/heads/feature')).toBeNull();
    await runGit(gitDir, ['update-ref', 'refs/heads/feature/x', head!, first]);
    expect(readRefFile(gitDir, 'refs/heads/feature/x')).toBe(head);
    await runGit(gitDir, ['pack-refs', '--all']);
    await runGit(gitDir, ['update-ref', '-d', 'refs/heads/feature/x']);
    expect(readRefFile(gitDir, 'refs/heads/feature/x')).toBeNull();
    expect(await readRef(gitDir, 'refs/heads/main')).toEqual({
      ref: 'refs/heads/main',
      oid: head,
      type: 'commit',
    });
    expect(await readRef(gitDir, 'refs/heads/nope')).toBeNull();
  });

  it('lists refs from the files exactly as git for-each-ref does, loose over packed', async () => {
    const head = (await resolveRef(gitDir, 'refs/heads/main'))!;
    await runGit(gitDir, ['update-ref', 'refs/heads/cms/posts/a', first]);
    await runGit(gitDir, ['update-ref', 'refs/tags/v1', first]);
    await runGit(gitDir, ['pack-refs', '--all']);
    await runGit(gitDir, ['update-ref', 'refs/heads/cms/posts/a', head, first]);
    await runGit(gitDir, ['update-ref', 'refs/heads/cms/posts/b', head]);
    await runGit(gitDir, ['update-ref', 'refs/pull/1/head', first]);
    await runGit(gitDir, ['update-ref', '-d', 'refs/tags/v1']);
    const byGit = (
      await runGit(gitDir, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/'])
    )
      .trim()
      .split('\n');
    const fromFiles = listRefFiles(gitDir, 'refs/')!;
    expect([...fromFiles].map(([ref, oid]) => `${ref} ${oid}`).sort()).toEqual(byGit.sort());
    expect([...listRefFiles(gitDir, 'refs/heads/')!.keys()].sort()).toEqual([
      'refs/heads/cms/posts/a',
      'refs/heads/cms/posts/b',
      'refs/heads/main',
    ]);
    const before = gitProcessCount();
    expect((await listRefs(gitDir)).map((ref) => ref.ref)).toEqual([
      'refs/heads/cms/posts/a',
      'refs/heads/cms/posts/b',
      'refs/heads/main',
      'refs/pull/1/head',
    ]);
    expect(gitProcessCount()).toBe(before);
  });

  it('leaves to git what it is unsure of: odd names, linked worktrees', async () => {
    expect(readRefFile(gitDir, 'refs/heads/../../config')).toBeUndefined();
    expect(readRefFile(gitDir, 'main')).toBeUndefined();
    expect(readRefFile(gitDir, 'refs/heads/a b')).toBeUndefined();
    const linked = join(root, 'linked');
    await mkdir(join(linked, 'refs'), { recursive: true });
    await writeFile(join(linked, 'commondir'), '../repo.git\n');
    await writeFile(join(linked, 'HEAD'), 'ref: refs/heads/main\n');
    expect(readRefFile(linked, 'HEAD')).toBeUndefined();
    expect(listRefFiles(linked, 'refs/')).toBeUndefined();
    // resolveRef falls back to git for such a name and still answers.
    await symlink(gitDir, join(root, 'alias.git'));
    expect(await resolveRef(join(root, 'alias.git'), 'main')).toBe(
      await resolveRef(gitDir, 'refs/heads/main'),
    );
  });
});
