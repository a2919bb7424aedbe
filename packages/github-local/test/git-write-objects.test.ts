import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitProcessCount, runGit, runGitBuffer } from '../src/git-command';
import {
  buildTree,
  buildTreeInIndex,
  commitFiles,
  commitTree,
  flattenTree,
  flattenTreeWithGit,
  hashBlob,
  hashBlobs,
  initBareRepo,
  writeTreeFromEntries,
  type FileChange,
} from '../src/git-write';
import { canWriteObjects } from '../src/loose-objects';

/** The in-process object writer against git itself: same shas, same files, a clean fsck, fewer processes. */

const author = { name: 'Alice Martin', email: 'alice@example.com', date: '2024-02-14T08:30:00Z' };

describe('objects written without git', () => {
  let root: string;
  let gitDir: string;
  const git = (...args: string[]) => runGit(gitDir, args).then((out) => out.trim());
  const commitOf = (tree: string) =>
    commitTree(gitDir, { tree, parents: [], message: 'base', author, committer: author });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'github-local-objects-'));
    gitDir = join(root, 'repo.git');
    await initBareRepo(gitDir);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes blobs with the sha and the bytes git gives them (text, binary, empty, large)', async () => {
    expect(canWriteObjects(gitDir)).toBe(true);
    const contents = [
      'hello\n',
      Buffer.from([0, 1, 2, 255, 0, 10]),
      '',
      randomBytes(300_000),
      'é ünïcode ✓\r\n',
    ];
    const ours = await hashBlobs(gitDir, contents);
    for (const [index, content] of contents.entries()) {
      expect(ours[index]).toBe(
        await runGit(gitDir, ['hash-object', '--stdin'], { input: content }).then((out) =>
          out.trim(),
        ),
      );
      expect(await hashBlob(gitDir, content)).toBe(ours[index]);
      const file = join(gitDir, 'objects', ours[index]!.slice(0, 2), ours[index]!.slice(2));
      const bytes = Buffer.from(typeof content === 'string' ? Buffer.from(content) : content);
      expect(
        inflateSync(await readFile(file)).equals(
          Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]),
        ),
      ).toBe(true);
      expect((await runGitBuffer(gitDir, ['cat-file', 'blob', ours[index]!])).equals(bytes)).toBe(
        true,
      );
    }
  });

  it('builds trees in git order with git modes (a, a.b, a/, a-b, executable, symlink, gitlink, nested)', async () => {
    const changes: FileChange[] = [
      { path: 'a/x', content: '1' },
      { path: 'a.b', content: '2' },
      { path: 'a-b', content: '3' },
      { path: 'a0', content: '4' },
      { path: 'ab/c/d/e.md', content: '5' },
      { path: 'b', content: '#!/bin/sh\n', executable: true },
      { path: 'link', content: 'a/x', symlink: true },
      { path: 'A', content: '6' },
      { path: 'é/ü.md', content: '7' },
      { path: 'a b/c', content: '8' },
      { path: 'z/a/b', content: '9' },
      { path: 'z/a.b', content: '10' },
    ];
    expect(await buildTree(gitDir, null, changes)).toBe(
      await buildTreeInIndex(gitDir, null, changes),
    );
    const base = await commitOf(await buildTreeInIndex(gitDir, null, changes));
    const edits: FileChange[] = [
      { path: 'a', content: 'now a file' },
      { path: 'z/a', delete: true },
      { path: 'q/r', content: 'x' },
      { path: 'a.b/c', content: 'x' },
    ];
    expect(await buildTree(gitDir, base, edits)).toBe(await buildTreeInIndex(gitDir, base, edits));
  });

  it('matches git on the unusual edits: through a file, over a directory, on a gitlink, missing paths, repeats, ignored names', async () => {
    const blob = await hashBlob(gitDir, 'x');
    const index = join(root, 'index');
    const env = { GIT_INDEX_FILE: index };
    await runGit(gitDir, ['update-index', '--add', '--index-info'], {
      input: `100644 ${blob}\ta.md\n100644 ${blob}\tdir/x\n100644 ${blob}\tdir/deep/y\n160000 ${blob}\tsub\n`,
      env,
    });
    const baseTree = (await runGit(gitDir, ['write-tree'], { env })).trim();
    await rm(index, { force: true });
    const base = await commitOf(baseTree);
    const cases: FileChange[][] = [
      [{ path: 'a.md/b', content: 'x' }],
      [{ path: 'dir', content: 'x' }],
      [{ path: 'dir/deep', content: 'x', executable: true }],
      [{ path: 'nope/x', delete: true }],
      [{ path: 'a.md/x', delete: true }],
      [{ path: 'dir', delete: true }],
      [{ path: 'sub', content: 'x' }],
      [{ path: 'sub/x', content: 'x' }],
      [{ path: 'sub', delete: true }],
      [{ path: 'sub/x', delete: true }],
      [
        { path: 'dir/x', delete: true },
        { path: 'dir/deep/y', delete: true },
      ],
      [
        { path: 'n/a', content: 'x' },
        { path: 'n/a', delete: true },
      ],
      [
        { path: 'a.md', content: 'x', executable: true },
        { path: 'a.md', content: 'y' },
      ],
      [
        { path: 'n/a', content: 'x' },
        { path: 'n', delete: true },
      ],
      [
        { path: 'git~1/x', content: 'x' },
        { path: '.GIT/x', content: 'x' },
        { path: 'ok', content: 'x' },
      ],
      [{ path: 'dir/.git./x', content: 'x' }],
      [{ path: '.gitmodules', content: 'x', symlink: true }],
      [
        { path: '.gitignore', content: 'x' },
        { path: '.github/workflows/ci.yml', content: 'x' },
      ],
      [
        { path: 'a.md', delete: true },
        { path: 'dir/x', delete: true },
        { path: 'dir/deep/y', delete: true },
        { path: 'sub', delete: true },
      ],
      [{ path: '/lead/slash', content: 'x' }],
    ];
    const viaGit = new Set<number>();
    for (const [index, changes] of cases.entries()) {
      for (const start of [base, null]) {
        const before = gitProcessCount();
        const ours = await buildTree(gitDir, start, changes);
        if (gitProcessCount() > before) viaGit.add(index);
        expect(ours, JSON.stringify(changes)).toBe(await buildTreeInIndex(gitDir, start, changes));
      }
    }
    // Left to git: a delete naming a directory, names git ignores (.GIT, git~1, .git.), a symlinked .gitmodules.
    expect([...viaGit]).toEqual([5, 13, 14, 15, 16]);
  });

  it('matches git on base trees git would not write itself (empty trees, nested empty trees, odd modes)', async () => {
    const blob = await hashBlob(gitDir, 'x');
    const mktree = (lines: string) =>
      runGit(gitDir, ['mktree'], { input: lines }).then((out) => out.trim());
    const literal = async (content: Buffer) =>
      (
        await runGit(gitDir, ['hash-object', '-t', 'tree', '-w', '--literally', '--stdin'], {
          input: content,
        })
      ).trim();
    const empty = await mktree('');
    const holdsEmpty = await mktree(`040000 tree ${empty}\tinner\n`);
    const oddMode = await literal(
      Buffer.concat([Buffer.from('100664 f\0'), Buffer.from(blob, 'hex')]),
    );
    const keep = await mktree(`100644 blob ${blob}\tkeep\n`);
    const rootTree = await mktree(
      `040000 tree ${empty}\tempty\n040000 tree ${holdsEmpty}\tnested\n040000 tree ${oddMode}\todd\n040000 tree ${keep}\tkept\n100644 blob ${blob}\tfile\n`,
    );
    const base = await commitOf(rootTree);
    const cases: FileChange[][] = [
      [{ path: 'new', content: 'x' }],
      [{ path: 'odd/g', content: 'x' }],
      [{ path: 'kept/more', content: 'x' }],
      [{ path: 'nested/inner/x', content: 'x' }],
      [{ path: 'missing/x', delete: true }],
      [{ path: 'odd/f', delete: true }],
    ];
    const viaGit = new Set<number>();
    for (const [index, changes] of cases.entries()) {
      const before = gitProcessCount();
      const ours = await buildTree(gitDir, base, changes);
      if (gitProcessCount() > before) viaGit.add(index);
      expect(ours, JSON.stringify(changes)).toBe(await buildTreeInIndex(gitDir, base, changes));
    }
    // Only a rewrite of the directory with the odd mode is left to git; empty trees are dropped in-process.
    expect([...viaGit]).toEqual([1, 5]);
    expect([...(await flattenTree(gitDir, rootTree))]).toEqual([
      ...(await flattenTreeWithGit(gitDir, rootTree)),
    ]);
    expect([...(await flattenTree(gitDir, keep))]).toEqual([
      ['keep', { mode: '100644', oid: blob }],
    ]);
  });

  it('writes a tree from a list of files without git, and leaves a list naming a missing object to git (which refuses it)', async () => {
    const blob = await hashBlob(gitDir, 'listed');
    const entries = new Map([
      ['docs/a.md', { mode: '100644', oid: blob }],
      ['run', { mode: '100755', oid: blob }],
      ['vendor/lib', { mode: '160000', oid: '1'.repeat(40) }],
    ]);
    const before = gitProcessCount();
    const tree = await writeTreeFromEntries(gitDir, entries);
    expect(gitProcessCount()).toBe(before);
    expect(await git('ls-tree', '-r', '--format=%(objectmode) %(path)', tree)).toBe(
      '100644 docs/a.md\n100755 run\n160000 vendor/lib',
    );
    await expect(
      writeTreeFromEntries(gitDir, new Map([['gone', { mode: '100644', oid: '2'.repeat(40) }]])),
    ).rejects.toThrow(/invalid object/);
  });

  it('leaves a repository git fsck --strict finds clean', async () => {
    const clean = join(root, 'clean.git');
    await initBareRepo(clean);
    await hashBlobs(clean, ['', 'a', Buffer.from([0, 1, 2])]);
    await commitFiles(clean, {
      branch: 'fsck',
      expectedHead: null,
      changes: [
        { path: 'a/b/c.md', content: 'c' },
        { path: 'x', content: 'x', executable: true },
      ],
      message: 'one',
      author,
    });
    await commitFiles(clean, {
      branch: 'fsck',
      changes: [
        { path: 'a/b/c.md', delete: true },
        { path: 'l', content: 'x', symlink: true },
      ],
      message: 'two',
      author,
    });
    await commitFiles(clean, {
      branch: 'fsck',
      changes: [
        { path: 'a', delete: true },
        { path: 'é/a b', content: 'x' },
      ],
      message: 'three',
      author,
    });
    await expect(runGit(clean, ['fsck', '--strict', '--no-dangling'])).resolves.toBe('');
    expect((await runGit(clean, ['count-objects', '-v'])).match(/^count: (\d+)/m)?.[1]).not.toBe(
      '0',
    );
  });

  it('commits with two git processes (commit-tree and update-ref), where there were six', async () => {
    const first = await commitFiles(gitDir, {
      branch: 'count',
      expectedHead: null,
      changes: [{ path: 'content/posts/a.md', content: 'a' }],
      message: 'a',
      author,
    });
    const before = gitProcessCount();
    const second = await commitFiles(gitDir, {
      branch: 'count',
      changes: [
        { path: 'content/posts/b.md', content: 'b' },
        { path: 'content/posts/a.md', content: 'a2' },
      ],
      message: 'b',
      author,
    });
    expect(gitProcessCount() - before).toBe(2);
    expect(second.parentSha).toBe(first.commitSha);
    expect(second.treeSha).toBe(
      await buildTreeInIndex(gitDir, first.commitSha, [
        { path: 'content/posts/b.md', content: 'b' },
        { path: 'content/posts/a.md', content: 'a2' },
      ]),
    );
    expect(await git('rev-parse', 'count')).toBe(second.commitSha);
  });

  it('keeps writing through git where the repository is not a plain SHA-1 one', async () => {
    const sha256 = join(root, 'sha256.git');
    await runGit(sha256, ['init', '--quiet', '--bare', '--object-format=sha256', sha256]);
    expect(canWriteObjects(sha256)).toBe(false);
    const blob = await hashBlob(sha256, 'x');
    expect(blob).toHaveLength(64);
    const linked = join(root, 'linked.git');
    await initBareRepo(linked);
    await writeFile(join(linked, 'commondir'), '.\n');
    expect(canWriteObjects(linked)).toBe(false);
    const compressed = join(root, 'compressed.git');
    await initBareRepo(compressed);
    await runGit(compressed, ['config', 'core.looseCompression', '9']);
    expect(canWriteObjects(compressed)).toBe(false);
    const shared = join(root, 'shared.git');
    await initBareRepo(shared);
    await runGit(shared, ['config', 'core.sharedRepository', 'group']);
    expect(canWriteObjects(shared)).toBe(false);
  });
});
