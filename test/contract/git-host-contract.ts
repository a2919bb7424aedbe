import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitHost, RepoId } from '../../shared/ports/git-host';
import { onTree } from '../../shared/ports/pull-host';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
} from '../../shared/errors';
import { itNeeds, type HostTarget, type HostUnderTest } from './host-under-test';
import { directoryContract } from './git-host-contract-directories';

const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
/**
 * A write without push access: GitHub answers 403 or 404 depending on the token and the
 * endpoint (the local host, like GitHub for user tokens, hides the contents API with 404).
 * Callers rely only on the refusal, and on nothing being written.
 */
export async function expectAccessRefused(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(
    [ForbiddenError, NotFoundError].some((type) => error instanceof type),
    `expected 403 or 404, got ${String(error)}`,
  ).toBe(true);
}

const post = (title: string) => `---\ntitle: ${title}\n---\nBody of ${title}.\n`;

/** The files every read test sees; `big.md` is longer than the provider's snapshot text limit. */
export const seedFiles = (limit: number) => [
  { path: 'README.md', content: 'Read me\n' },
  { path: 'posts/a.md', content: post('A') },
  { path: 'posts/b.md', content: post('B') },
  { path: 'posts/copy-of-a.md', content: post('A') },
  { path: 'posts/link.md', content: 'a.md', symlink: true },
  { path: 'posts/nested/c.md', content: post('C') },
  { path: 'posts/logo.png', content: png },
  { path: 'big.md', content: `${'é'.repeat(limit)}\nend\n` },
];

/** The behaviour of the GitHost port that the domain relies on, run against every adapter. */
export function gitHostContract(target: HostTarget): void {
  describe(`GitHost contract: ${target.name}`, () => {
    let host: HostUnderTest;
    let git: GitHost;
    let seeded: RepoId;
    let seedHead: string;

    beforeAll(async () => {
      host = await target.make();
      git = host.gitHost;
      seeded = await host.createRepo(seedFiles(host.blobTextLimit));
      seedHead = await host.commit(seeded, 'main', [
        { path: 'posts/b.md', content: post('B, edited') },
      ]);
    });
    afterAll(() => host?.close());

    describe('users and repositories', () => {
      it('names the user of a token and refuses a token it never issued', async () => {
        expect(await git.getViewer(host.tokens.writer)).toMatchObject({
          login: host.logins.writer,
          id: expect.any(Number),
        });
        await expect(git.getViewer(host.tokens.invalid)).rejects.toBeInstanceOf(
          UnauthenticatedError,
        );
      });

      itNeeds(
        target,
        'roles',
        'repositories',
      )(
        'answers each role with its permissions, and null for a repository the user cannot reach',
        async () => {
          const hidden = await host.createRepo([{ path: 'x.md', content: 'x' }], { shared: false });
          const permissions = async (token: string, repo: RepoId = seeded) =>
            (await git.getRepository(token, repo))?.permissions;
          expect(await git.getRepository(host.tokens.owner, seeded)).toMatchObject({
            fullName: `${seeded.owner}/${seeded.name}`,
            defaultBranch: 'main',
          });
          expect(await permissions(host.tokens.owner)).toEqual({
            admin: true,
            maintain: true,
            push: true,
            triage: true,
            pull: true,
          });
          expect(await permissions(host.tokens.writer)).toEqual({
            admin: false,
            maintain: false,
            push: true,
            triage: true,
            pull: true,
          });
          expect(await permissions(host.tokens.reader)).toEqual({
            admin: false,
            maintain: false,
            push: false,
            triage: false,
            pull: true,
          });
          expect(await git.getRepository(host.tokens.reader, hidden)).toBeNull();
          expect(
            await git.getRepository(host.tokens.owner, {
              owner: seeded.owner,
              name: 'no-such-repository',
            }),
          ).toBeNull();
        },
      );

      itNeeds(
        target,
        'app',
        'repositories',
      )(
        'lists what the app is installed on and the user reaches, and says where the app is installed',
        async () => {
          const hidden = await host.createRepo([{ path: 'x.md', content: 'x' }], { shared: false });
          const notInstalled = await host.createRepo([{ path: 'x.md', content: 'x' }], {
            installApp: false,
          });
          const names = (await git.listInstallationRepos(host.tokens.reader)).map(
            (repo) => repo.fullName,
          );
          expect(names).toContain(`${seeded.owner}/${seeded.name}`);
          expect(names).not.toContain(`${hidden.owner}/${hidden.name}`);
          expect(names).not.toContain(`${notInstalled.owner}/${notInstalled.name}`);
          expect(await git.isAppInstalled(seeded)).toBe(true);
          expect(await git.isAppInstalled(notInstalled)).toBe(false);
          expect(await git.getRepository(host.tokens.owner, notInstalled)).toBeNull();
        },
      );
    });

    describe('installation tokens', () => {
      itNeeds(
        target,
        'app',
        'repositories',
      )(
        'reads the one repository it was minted for, writes nothing, and is null where the app is not installed',
        async () => {
          const other = await host.createRepo([{ path: 'x.md', content: 'x' }], { shared: false });
          const notInstalled = await host.createRepo([{ path: 'x.md', content: 'x' }], {
            installApp: false,
          });
          const token = await git.installationToken(seeded);
          expect(token).toEqual(expect.any(String));
          expect(await git.installationToken(seeded)).toBe(token);
          const view = await git.snapshot(token!, seeded, {
            blobs: { a: { path: 'posts/a.md' } },
            oids: { posts: { path: 'posts' } },
          });
          expect(view!.blobs.a!.text).toBe(post('A'));
          expect((await git.readDirectory(token!, seeded, { path: 'posts' }))!.treeOid).toBe(
            view!.oids!.posts,
          );
          expect(await git.snapshot(token!, other, {})).toBeNull();
          await expectAccessRefused(
            git.putFile(token!, seeded, {
              path: 'posts/new.md',
              content: 'x',
              message: 'Not allowed',
            }),
          );
          expect(await git.installationToken(notInstalled)).toBeNull();
        },
      );
    });

    describe('snapshot', () => {
      it('reads blobs at paths and refs: text, symbolic links, binaries, absent paths', async () => {
        const view = await git.snapshot(host.tokens.reader, seeded, {
          blobs: {
            a: { path: 'posts/a.md' },
            copy: { path: 'posts/copy-of-a.md', ref: 'main' },
            link: { path: 'posts/link.md' },
            logo: { path: 'posts/logo.png' },
            missing: { path: 'posts/none.md' },
            directory: { path: 'posts' },
            atSha: { path: 'posts/b.md', ref: seedHead },
            noBranch: { path: 'posts/a.md', ref: 'no-such-branch' },
          },
        });
        expect(view).toMatchObject({ defaultBranch: 'main', defaultBranchOid: seedHead });
        const blobs = view!.blobs;
        expect(blobs.a).toEqual({
          oid: expect.stringMatching(/^[0-9a-f]{40}$/),
          text: post('A'),
          isTruncated: false,
          byteSize: Buffer.byteLength(post('A')),
        });
        expect(blobs.copy!.oid).toBe(blobs.a!.oid); // content-addressed: the same bytes, the same oid
        expect(blobs.link).toMatchObject({ text: 'a.md', symlink: true });
        expect(blobs.logo).toMatchObject({ text: null, byteSize: png.length });
        expect(blobs.atSha!.text).toBe(post('B, edited'));
        expect([blobs.missing, blobs.directory, blobs.noBranch]).toEqual([null, null, null]);
      });

      it('cuts a long text at the limit and says so', async () => {
        const view = await git.snapshot(host.tokens.reader, seeded, {
          blobs: { big: { path: 'big.md' } },
        });
        const big = view!.blobs.big!;
        const whole = seedFiles(host.blobTextLimit).find((file) => file.path === 'big.md')!
          .content as string;
        expect(big.isTruncated).toBe(true);
        expect(big.byteSize).toBe(Buffer.byteLength(whole));
        expect(whole.startsWith(big.text!)).toBe(true);
        expect(big.text!.length).toBeLessThan(whole.length);
      });

      it('lists directories in git order, with links flagged and subdirectories as trees', async () => {
        const view = await git.snapshot(host.tokens.reader, seeded, {
          trees: {
            posts: { path: 'posts' },
            none: { path: 'nothing-here' },
            file: { path: 'README.md' },
          },
        });
        const entries = view!.trees.posts!;
        expect(entries.map((entry) => [entry.name, entry.type, entry.symlink === true])).toEqual([
          ['a.md', 'blob', false],
          ['b.md', 'blob', false],
          ['copy-of-a.md', 'blob', false],
          ['link.md', 'blob', true],
          ['logo.png', 'blob', false],
          ['nested', 'tree', false],
        ]);
        expect(entries[0]!.oid).toBe(entries[2]!.oid);
        expect(view!.trees.none).toBeNull();
        expect(view!.trees.file).toBeNull();
      });

      it('reads branch heads with their open pull request into the default branch', async () => {
        const repo = await host.createRepo([{ path: 'a.md', content: 'a\n' }]);
        const draftHead = await host.commit(repo, 'cms/posts/a', [
          { path: 'a.md', content: 'draft\n' },
        ]);
        const plainHead = await host.commit(repo, 'plain', [{ path: 'b.md', content: 'b\n' }]);
        const elsewhereHead = await host.commit(repo, 'cms/posts/b', [
          { path: 'b.md', content: 'draft\n' },
        ]);
        await host.pullHost.createPull(host.tokens.writer, repo, {
          head: 'cms/posts/a',
          base: 'plain',
          title: 'A into plain',
          body: '',
        });
        const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: 'cms/posts/a',
          base: 'main',
          title: 'A',
          body: '',
        });
        await host.pullHost.createPull(host.tokens.writer, repo, {
          head: 'cms/posts/b',
          base: 'plain',
          title: 'B into plain',
          body: '',
        });
        const view = await git.snapshot(host.tokens.reader, repo, {
          branches: {
            draft: 'cms/posts/a',
            elsewhere: 'cms/posts/b',
            plain: 'plain',
            gone: 'cms/posts/none',
          },
        });
        // A head's tree is optional (commitTree then reads it): checked by what a commit built on it keeps, below.
        const withoutTree = Object.fromEntries(
          Object.entries(view!.branches).map(([key, state]) => [
            key,
            state && { oid: state.oid, openPullRequest: state.openPullRequest },
          ]),
        );
        expect(withoutTree).toEqual({
          draft: { oid: draftHead, openPullRequest: number },
          elsewhere: { oid: elsewhereHead, openPullRequest: null },
          plain: { oid: plainHead, openPullRequest: null },
          gone: null,
        });
      });

      it("answers heads' trees that a commit can be built on, keeping every file of the head", async () => {
        const repo = await host.createRepo([
          { path: 'a.md', content: 'a\n' },
          { path: 'dir/b.md', content: 'b\n' },
        ]);
        const view = await git.snapshot(host.tokens.writer, repo, {
          branches: { main: 'main' },
          headTrees: true,
        });
        const head = view!.branches.main!;
        expect(view!.defaultBranchTree ?? head.tree ?? null).toBe(head.tree ?? null);
        await host.pullHost.commitTree(host.tokens.writer, repo, {
          branch: 'main',
          parents: [head.oid],
          ...onTree(head.tree),
          changes: [{ path: 'c.md', content: 'c\n' }],
          message: 'Add c',
          force: false,
        });
        const after = await git.snapshot(host.tokens.reader, repo, {
          blobs: { a: { path: 'a.md' }, b: { path: 'dir/b.md' }, c: { path: 'c.md' } },
        });
        expect([after!.blobs.a?.text, after!.blobs.b?.text, after!.blobs.c?.text]).toEqual([
          'a\n',
          'b\n',
          'c\n',
        ]);
      });

      itNeeds(target, 'repositories')(
        'answers an empty repository without a head, and null where the user cannot see',
        async () => {
          const empty = await host.createRepo([]);
          const hidden = await host.createRepo([{ path: 'x.md', content: 'x' }], { shared: false });
          const notInstalled = await host.createRepo([{ path: 'x.md', content: 'x' }], {
            installApp: false,
          });
          expect(
            await git.snapshot(host.tokens.reader, empty, { blobs: { x: { path: 'x.md' } } }),
          ).toMatchObject({ defaultBranchOid: null, blobs: { x: null } });
          expect(await git.snapshot(host.tokens.reader, hidden, {})).toBeNull();
          expect(await git.snapshot(host.tokens.owner, notInstalled, {})).toBeNull();
          await expect(git.snapshot(host.tokens.invalid, seeded, {})).rejects.toBeInstanceOf(
            UnauthenticatedError,
          );
        },
      );
    });

    directoryContract(target, () => host);

    describe('readBlobs', () => {
      it('reads whole texts by oid, leaves out binaries and unknown oids, and reads cut texts whole', async () => {
        // A repository of its own: a target with one repository has replaced `seeded` by now.
        const repo = await host.createRepo(seedFiles(host.blobTextLimit));
        const view = await git.snapshot(host.tokens.reader, repo, {
          blobs: {
            a: { path: 'posts/a.md' },
            logo: { path: 'posts/logo.png' },
            big: { path: 'big.md' },
          },
        });
        const [a, logo, big] = [view!.blobs.a!.oid, view!.blobs.logo!.oid, view!.blobs.big!.oid];
        const unknown = 'f'.repeat(40);
        const texts = await git.readBlobs(host.tokens.reader, repo, [a, logo, big, a, unknown]);
        expect([...texts.keys()].sort()).toEqual([a, big].sort());
        expect(texts.get(a)).toBe(post('A'));
        expect(texts.get(big)).toBe(
          seedFiles(host.blobTextLimit).find((file) => file.path === 'big.md')!.content,
        );
      });

      itNeeds(target, 'repositories')('refuses a repository the user cannot see', async () => {
        const hidden = await host.createRepo([{ path: 'x.md', content: 'x' }], { shared: false });
        await expect(
          git.readBlobs(host.tokens.reader, hidden, ['f'.repeat(40)]),
        ).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    describe('putFile and deleteFile', () => {
      const message = 'A write';
      const read = async (repo: RepoId, path: string, ref?: string) =>
        (await git.snapshot(host.tokens.reader, repo, { blobs: { file: { path, ref } } }))!;

      it('creates, then updates by sha; the answer names the blob and the new head', async () => {
        const repo = await host.createRepo([{ path: 'README.md', content: 'r' }]);
        const text = '\uFEFF---\r\ntitle: Crème 😀\r\n---\r\nBody\r\n';
        const created = await git.putFile(host.tokens.writer, repo, {
          path: 'posts/new.md',
          content: text,
          message,
        });
        let view = await read(repo, 'posts/new.md');
        expect(view.blobs.file).toMatchObject({ oid: created.sha, text });
        expect(view.defaultBranchOid).toBe(created.commitSha);
        const updated = await git.putFile(host.tokens.writer, repo, {
          path: 'posts/new.md',
          content: 'v2\n',
          sha: created.sha,
          message,
        });
        view = await read(repo, 'posts/new.md');
        expect(view.blobs.file).toMatchObject({ oid: updated.sha, text: 'v2\n' });
        expect(view.defaultBranchOid).toBe(updated.commitSha);
      });

      it('refuses a stale sha with ConflictError and a create over an existing file with OverlapError naming it, changing nothing', async () => {
        const repo = await host.createRepo([{ path: 'a.md', content: 'one\n' }]);
        const before = await read(repo, 'a.md');
        await host.commit(repo, 'main', [{ path: 'a.md', content: 'two\n' }]);
        await expect(
          git.putFile(host.tokens.writer, repo, {
            path: 'a.md',
            content: 'mine\n',
            sha: before.blobs.file!.oid,
            message,
          }),
        ).rejects.toBeInstanceOf(ConflictError);
        await expect(
          git.putFile(host.tokens.writer, repo, { path: 'a.md', content: 'mine\n', message }),
        ).rejects.toMatchObject({ name: 'OverlapError', paths: ['a.md'] });
        await expect(
          git.deleteFile(host.tokens.writer, repo, {
            path: 'a.md',
            sha: before.blobs.file!.oid,
            message,
          }),
        ).rejects.toBeInstanceOf(ConflictError);
        expect((await read(repo, 'a.md')).blobs.file!.text).toBe('two\n');
      });

      it('writes on a named branch only, and refuses a missing branch with NotFoundError', async () => {
        const repo = await host.createRepo([{ path: 'a.md', content: 'one\n' }]);
        await host.commit(repo, 'cms/posts/a', []);
        const sha = (await read(repo, 'a.md')).blobs.file!.oid;
        const written = await git.putFile(host.tokens.writer, repo, {
          path: 'a.md',
          content: 'draft\n',
          sha,
          branch: 'cms/posts/a',
          message,
        });
        expect((await read(repo, 'a.md', 'cms/posts/a')).blobs.file!.oid).toBe(written.sha);
        expect((await read(repo, 'a.md')).blobs.file!.text).toBe('one\n');
        await expect(
          git.putFile(host.tokens.writer, repo, {
            path: 'b.md',
            content: 'x',
            branch: 'no-such-branch',
            message,
          }),
        ).rejects.toBeInstanceOf(NotFoundError);
      });

      it('deletes by sha; a missing file is NotFoundError', async () => {
        const repo = await host.createRepo([
          { path: 'a.md', content: 'one\n' },
          { path: 'b.md', content: 'two\n' },
        ]);
        const sha = (await read(repo, 'a.md')).blobs.file!.oid;
        const { commitSha } = await git.deleteFile(host.tokens.writer, repo, {
          path: 'a.md',
          sha,
          message,
        });
        const view = await read(repo, 'a.md');
        expect(view.blobs.file).toBeNull();
        expect(view.defaultBranchOid).toBe(commitSha);
        await expect(
          git.deleteFile(host.tokens.writer, repo, { path: 'a.md', sha, message }),
        ).rejects.toBeInstanceOf(NotFoundError);
      });

      itNeeds(
        target,
        'roles',
        'repositories',
      )(
        'refuses a reader (403 or 404) and someone who cannot see the repository (NotFoundError)',
        async () => {
          const repo = await host.createRepo([{ path: 'a.md', content: 'one\n' }]);
          const hidden = await host.createRepo([{ path: 'a.md', content: 'one\n' }], {
            shared: false,
          });
          const sha = (await read(repo, 'a.md')).blobs.file!.oid;
          await expectAccessRefused(
            git.putFile(host.tokens.reader, repo, { path: 'a.md', content: 'x', sha, message }),
          );
          await expectAccessRefused(
            git.deleteFile(host.tokens.reader, repo, { path: 'a.md', sha, message }),
          );
          await expect(
            git.putFile(host.tokens.reader, hidden, { path: 'a.md', content: 'x', sha, message }),
          ).rejects.toBeInstanceOf(NotFoundError);
          expect((await read(repo, 'a.md')).blobs.file!.text).toBe('one\n');
        },
      );
    });
  });
}
