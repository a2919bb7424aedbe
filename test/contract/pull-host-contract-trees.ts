import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, OverlapError } from '../../shared/errors';
import type { BlobRead } from '../../shared/ports/pull-host';
import { itNeeds, type HostTarget, type HostUnderTest } from './host-under-test';
import { headsOf, repoWithDraft } from './pull-host-fixtures';

/**
 * readTexts and commitTree: whole texts at refs, and one commit of changes moving a branch.
 * Kept apart from the rest of the PullHost contract: these two shapes are about to change
 * (tagged texts, changes by blob oid), and only this file then needs to follow.
 */
/** The texts of reads, null for absent and binary files: what most assertions compare. */
const textsOf = (reads: Record<string, BlobRead>) =>
  Object.fromEntries(
    Object.entries(reads).map(([name, read]) => [name, read.kind === 'text' ? read.text : null]),
  );

export function pullHostTreesContract(target: HostTarget, subject: () => HostUnderTest): void {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x0d]);

  describe('readTexts', () => {
    it('reads whole texts at branches, shas and HEAD; absent paths and binaries (by blob oid) are told apart', async () => {
      const host = subject();
      const { repo, draft, main, head } = await repoWithDraft(host);
      const long = `${'ü'.repeat(host.blobTextLimit)}\n`;
      await host.commit(repo, draft, [
        { path: 'long.md', content: long },
        { path: 'logo.png', content: png },
      ]);
      const texts = await host.pullHost.readTexts(host.tokens.reader, repo, {
        atHead: { path: 'a.md' },
        atMain: { path: 'a.md', ref: main },
        atDraftSha: { path: 'a.md', ref: head },
        long: { path: 'long.md', ref: draft },
        binary: { path: 'logo.png', ref: draft },
        absent: { path: 'none.md', ref: draft },
        absentRef: { path: 'a.md', ref: 'cms/posts/none' },
      });
      expect(texts.binary).toEqual({
        kind: 'binary',
        oid: expect.stringMatching(/^[0-9a-f]{40}$/),
        byteSize: png.length,
      });
      expect(texts.absent).toEqual({ kind: 'absent' });
      expect(texts.absentRef).toEqual({ kind: 'absent' });
      expect(textsOf(texts)).toEqual({
        atHead: 'title: A\n\none\ntwo\nthree\n',
        atMain: 'title: A\n\none\ntwo\nthree\n',
        atDraftSha: 'title: A\n\none\ntwo, drafted\nthree\n',
        long,
        binary: null,
        absent: null,
        absentRef: null,
      });
    });

    itNeeds(target, 'repositories')(
      'refuses a repository the user cannot see with NotFoundError',
      async () => {
        const host = subject();
        const hidden = await host.createRepo([{ path: 'a.md', content: 'a' }], { shared: false });
        await expect(
          host.pullHost.readTexts(host.tokens.reader, hidden, { a: { path: 'a.md' } }),
        ).rejects.toBeInstanceOf(NotFoundError);
      },
    );
  });

  describe('commitTree', () => {
    const read = (
      host: HostUnderTest,
      repo: Parameters<HostUnderTest['commit']>[0],
      ref: string,
      ...paths: string[]
    ) =>
      host.pullHost
        .readTexts(
          host.tokens.reader,
          repo,
          Object.fromEntries(paths.map((path) => [path, { path, ref }])),
        )
        .then(textsOf);

    it('commits changes over the first parent and fast-forwards the branch', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      const sha = await host.pullHost.commitTree(host.tokens.writer, repo, {
        branch: draft,
        parents: [head],
        changes: [
          { path: 'a.md', content: 'rewritten\n' },
          { path: 'cms.config.json', content: null },
          { path: 'posts/new.md', content: 'new\n' },
        ],
        message: 'Three changes',
        force: false,
      });
      expect(await headsOf(host, repo, draft)).toEqual({ [draft]: sha });
      expect(await read(host, repo, draft, 'a.md', 'cms.config.json', 'posts/new.md')).toEqual({
        'a.md': 'rewritten\n',
        'cms.config.json': null,
        'posts/new.md': 'new\n',
      });
    });

    it('takes the tree from `treeFrom` with two parents (a merge), still a fast-forward', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      const main = await host.commit(repo, 'main', [
        { path: 'main-only.md', content: 'from main\n' },
      ]);
      const sha = await host.pullHost.commitTree(host.tokens.writer, repo, {
        branch: draft,
        parents: [head, main],
        treeFrom: main,
        changes: [{ path: 'a.md', content: 'resolved\n' }],
        message: 'Merge main, resolved',
        force: false,
      });
      expect(await headsOf(host, repo, draft)).toEqual({ [draft]: sha });
      expect(await read(host, repo, draft, 'a.md', 'main-only.md')).toEqual({
        'a.md': 'resolved\n',
        'main-only.md': 'from main\n',
      });
      expect((await host.pullHost.compare(host.tokens.reader, repo, 'main', draft)).mergeBase).toBe(
        main,
      );
    });

    it('reuses a blob by oid and mode, so a binary file is carried over byte for byte', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      await host.commit(repo, draft, [{ path: 'logo.png', content: png }]);
      const before = await host.pullHost.readTexts(
        host.tokens.reader,
        repo,
        { logo: { path: 'logo.png', ref: draft } },
        { modes: true },
      );
      expect(before.logo).toMatchObject({ kind: 'binary', mode: '100644' });
      const oid = (before.logo as { oid: string }).oid;
      const main = (await headsOf(host, repo, 'main')).main!;
      await host.pullHost.commitTree(host.tokens.writer, repo, {
        branch: draft,
        parents: [main],
        changes: [{ path: 'copy.png', oid, mode: '100644' }],
        message: 'Carry',
        force: true,
      });
      const after = await host.pullHost.readTexts(
        host.tokens.reader,
        repo,
        { copy: { path: 'copy.png', ref: draft } },
        { modes: true },
      );
      expect(after.copy).toEqual({ kind: 'binary', oid, byteSize: png.length, mode: '100644' });
      expect(head).not.toBe(main);
    });

    it('refuses to move a branch that moved meanwhile (ConflictError) unless forced', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      const moved = await host.commit(repo, draft, [{ path: 'b.md', content: 'someone else\n' }]);
      const change = {
        branch: draft,
        parents: [head],
        changes: [{ path: 'a.md', content: 'mine\n' }],
        message: 'Mine',
      };
      await expect(
        host.pullHost.commitTree(host.tokens.writer, repo, { ...change, force: false }),
      ).rejects.toBeInstanceOf(ConflictError);
      expect(await headsOf(host, repo, draft)).toEqual({ [draft]: moved });

      const main = (await headsOf(host, repo, 'main')).main!;
      const rebased = await host.pullHost.commitTree(host.tokens.writer, repo, {
        branch: draft,
        parents: [main],
        changes: [{ path: 'a.md', content: 'mine\n' }],
        message: 'Rebased',
        force: true,
      });
      expect(await headsOf(host, repo, draft)).toEqual({ [draft]: rebased });
      expect(await read(host, repo, draft, 'a.md', 'b.md')).toEqual({
        'a.md': 'mine\n',
        'b.md': null,
      });
      expect((await host.pullHost.compare(host.tokens.reader, repo, main, draft)).mergeBase).toBe(
        main,
      );
    });

    it('with rebuildOnMove, makes the same changes again on a branch that moved in files it does not touch', async () => {
      const host = subject();
      const { repo, main } = await repoWithDraft(host);
      const moved = await host.commit(repo, 'main', [
        { path: 'other.md', content: 'someone else\n' },
      ]);
      const oid = (
        (await host.pullHost.readTexts(host.tokens.reader, repo, { a: { path: 'a.md' } })).a as {
          oid: string;
        }
      ).oid;

      const sha = await host.pullHost.commitTree(host.tokens.writer, repo, {
        branch: 'main',
        parents: [main],
        changes: [
          { path: 'new.md', content: 'mine\n' },
          { path: 'copy.md', oid, mode: '100644' },
          { path: 'cms.config.json', content: null },
        ],
        message: 'Mine',
        force: false,
        rebuildOnMove: true,
      });

      expect(await headsOf(host, repo, 'main')).toEqual({ main: sha });
      expect(
        await read(host, repo, 'main', 'new.md', 'copy.md', 'other.md', 'cms.config.json', 'a.md'),
      ).toEqual({
        'new.md': 'mine\n',
        'copy.md': 'title: A\n\none\ntwo\nthree\n',
        'other.md': 'someone else\n',
        'cms.config.json': null,
        'a.md': 'title: A\n\none\ntwo\nthree\n',
      });
      expect((await host.pullHost.compare(host.tokens.reader, repo, moved, 'main')).mergeBase).toBe(
        moved,
      );
    });

    it('with rebuildOnMove, refuses with OverlapError naming the files another commit changed meanwhile, and moves nothing', async () => {
      const host = subject();
      const { repo, main } = await repoWithDraft(host);
      const moved = await host.commit(repo, 'main', [
        { path: 'new.md', content: 'someone else was first\n' },
        { path: 'other.md', content: 'x\n' },
      ]);
      const change = {
        branch: 'main',
        parents: [main],
        message: 'Mine',
        force: false,
        rebuildOnMove: true,
      };

      const refused = host.pullHost.commitTree(host.tokens.writer, repo, {
        ...change,
        changes: [
          { path: 'new.md', content: 'mine\n' },
          { path: 'a.md', content: null },
        ],
      });

      await expect(refused).rejects.toBeInstanceOf(OverlapError);
      await expect(refused).rejects.toMatchObject({ paths: ['new.md'] });
      expect(await headsOf(host, repo, 'main')).toEqual({ main: moved });
    });
  });
}
