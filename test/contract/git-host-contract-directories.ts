import { describe, expect, it } from 'vitest';
import type { TreeEntry } from '../../shared/ports/git-host';
import { itNeeds, type HostTarget, type HostUnderTest } from './host-under-test';

const post = (title: string) => `---\ntitle: ${title}\n---\n`;

/** Names of a listing, each folder with its own names: `['a.md', ['b', ['index.md']]]`. */
const shape = (entries: readonly TreeEntry[]): unknown[] =>
  entries.map((entry) => (entry.entries ? [entry.name, shape(entry.entries)] : entry.name));

/**
 * GitHost.readDirectory: a collection directory read whole for the index, whatever its size (the
 * local host is told to cut recursive trees as GitHub cuts them past 100,000 entries, at a few).
 */
export function directoryContract(target: HostTarget, hostOf: () => HostUnderTest): void {
  describe('readDirectory', () => {
    it('lists a flat directory with its tree oid, the same oid the snapshot answers, and links flagged', async () => {
      const host = hostOf();
      const repo = await host.createRepo([
        { path: 'posts/a.md', content: post('A') },
        { path: 'posts/b.md', content: post('B') },
        { path: 'posts/link.md', content: 'a.md', symlink: true },
        { path: 'posts/sub/c.md', content: post('C') },
      ]);
      const read = await host.gitHost.readDirectory(host.tokens.reader, repo, { path: 'posts' });
      const view = await host.gitHost.snapshot(host.tokens.reader, repo, {
        oids: { posts: { path: 'posts' } },
        trees: { posts: { path: 'posts' } },
      });
      expect(read!.treeOid).toMatch(/^[0-9a-f]{40}$/);
      expect(read!.treeOid).toBe(view!.oids!.posts);
      expect(read!.entries).toEqual(view!.trees.posts);
      expect(
        read!.entries.map((entry) => [entry.name, entry.type, entry.symlink === true]),
      ).toEqual([
        ['a.md', 'blob', false],
        ['b.md', 'blob', false],
        ['link.md', 'blob', true],
        ['sub', 'tree', false],
      ]);
      expect(
        await host.gitHost.readDirectory(host.tokens.reader, repo, {
          path: 'posts',
          treeOid: read!.treeOid!,
        }),
      ).toEqual(read);
    });

    it('lists page bundles two levels deep, as the snapshot does at depth 2', async () => {
      const host = hostOf();
      const repo = await host.createRepo([
        { path: 'docs/one/index.md', content: post('One') },
        { path: 'docs/one/img/x.png', content: 'x' },
        { path: 'docs/two/index.md', content: post('Two') },
        { path: 'docs/loose.md', content: post('Loose') },
      ]);
      const read = await host.gitHost.readDirectory(host.tokens.reader, repo, {
        path: 'docs',
        depth: 2,
      });
      const view = await host.gitHost.snapshot(host.tokens.reader, repo, {
        trees: { docs: { path: 'docs', depth: 2 } },
      });
      expect(shape(read!.entries)).toEqual([
        'loose.md',
        ['one', ['img', 'index.md']],
        ['two', ['index.md']],
      ]);
      expect(read!.entries).toEqual(view!.trees.docs);
    });

    itNeeds(target, 'tree-limits')(
      'misses no entry of a tree the provider lists cut short, and reads the directory as of its tree oid',
      async () => {
        const host = hostOf();
        const files = Array.from({ length: 9 }, (_, n) => [
          { path: `docs/p${n}/index.md`, content: post(`Page ${n}`) },
          { path: `docs/p${n}/a.png`, content: `a${n}` },
        ]).flat();
        const repo = await host.createRepo(files);
        const whole = await host.gitHost.readDirectory(host.tokens.reader, repo, {
          path: 'docs',
          depth: 2,
        });
        host.limitTrees(7);
        try {
          const cut = await host.gitHost.readDirectory(host.tokens.reader, repo, {
            path: 'docs',
            depth: 2,
          });
          expect(cut).toEqual(whole);
          expect(shape(cut!.entries)).toHaveLength(9);
          await host.commit(repo, 'main', [{ path: 'docs/p9/index.md', content: post('Page 9') }]);
          const before = await host.gitHost.readDirectory(host.tokens.reader, repo, {
            path: 'docs',
            depth: 2,
            treeOid: whole!.treeOid!,
          });
          expect(before).toEqual(whole);
          expect(
            shape(
              (await host.gitHost.readDirectory(host.tokens.reader, repo, {
                path: 'docs',
                depth: 2,
              }))!.entries,
            ),
          ).toHaveLength(10);
        } finally {
          host.limitTrees(null);
        }
      },
    );

    itNeeds(target, 'repositories')(
      'answers no entries for a path that is no directory, and null where the user cannot see',
      async () => {
        const host = hostOf();
        const repo = await host.createRepo([{ path: 'a.md', content: post('A') }]);
        const hidden = await host.createRepo([{ path: 'posts/a.md', content: post('A') }], {
          shared: false,
        });
        expect(
          await host.gitHost.readDirectory(host.tokens.reader, repo, { path: 'posts' }),
        ).toEqual({ treeOid: null, entries: [] });
        expect(
          await host.gitHost.readDirectory(host.tokens.reader, repo, { path: 'a.md' }),
        ).toEqual({ treeOid: null, entries: [] });
        expect(
          await host.gitHost.readDirectory(host.tokens.reader, hidden, { path: 'posts' }),
        ).toBeNull();
      },
    );
  });
}
