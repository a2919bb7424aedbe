import { describe, expect, it } from 'vitest';
import type { RepoId } from '../../shared/ports/git-host';
import { NotFoundError } from '../../shared/errors';
import { itNeeds, type HostTarget, type HostUnderTest } from './host-under-test';
import { expectAccessRefused } from './git-host-contract';
import { headsOf, repoWithDraft } from './pull-host-fixtures';

/** Branches, branch merges and comparisons: the PullHost calls that move refs or read history. */
export function pullHostBranchesContract(target: HostTarget, subject: () => HostUnderTest): void {
  const fileAt = async (repo: RepoId, path: string, ref: string) => {
    const host = subject();
    return (
      (await host.gitHost.snapshot(host.tokens.owner, repo, { blobs: { file: { path, ref } } }))!
        .blobs.file?.text ?? null
    );
  };

  describe('branches', () => {
    it('creates a branch at a sha, and answers false for one that exists, leaving it where it was', async () => {
      const host = subject();
      const { repo, draft, main, head } = await repoWithDraft(host);
      expect(
        await host.pullHost.createBranch(host.tokens.writer, repo, 'cms/posts/new', main),
      ).toBe(true);
      expect(await host.pullHost.createBranch(host.tokens.writer, repo, draft, main)).toBe(false);
      expect(await headsOf(host, repo, 'cms/posts/new', draft)).toEqual({
        'cms/posts/new': main,
        [draft]: head,
      });
    });

    itNeeds(target, 'roles')(
      'deletes a branch only while it holds the head given: a branch that moved stays, and says where; a missing one answers null',
      async () => {
        const host = subject();
        const { repo, draft, head } = await repoWithDraft(host);
        const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
        });
        const { repositoryId } = (await host.pullHost.getPull(host.tokens.reader, repo, number))!;
        const moved = await host.commit(repo, draft, [
          { path: 'later.md', content: 'a later save\n' },
        ]);
        const remove = (branch: string, at: string, token = host.tokens.writer) =>
          host.pullHost.deleteBranch(token, repo, { repositoryId, branch, head: at });

        expect(await remove(draft, head)).toEqual({ deleted: false, head: moved });
        expect(await headsOf(host, repo, draft)).toEqual({ [draft]: moved });
        await expectAccessRefused(remove(draft, moved, host.tokens.reader));
        expect(await remove(draft, moved)).toEqual({ deleted: true });
        expect(await headsOf(host, repo, draft)).toEqual({ [draft]: null });
        expect(await remove(draft, moved)).toEqual({ deleted: false, head: null });
        expect(await remove('cms/posts/never', moved)).toEqual({ deleted: false, head: null });
        expect((await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull).toMatchObject(
          { state: 'closed', merged: false },
        );
      },
    );
  });

  describe('mergeBranch', () => {
    it('answers up-to-date when the base already has the head', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      expect(
        await host.pullHost.mergeBranch(host.tokens.writer, repo, {
          base: draft,
          head: 'main',
          message: 'Update',
        }),
      ).toBe('up-to-date');
      expect(await headsOf(host, repo, draft)).toEqual({ [draft]: head });
    });

    it('merges the default branch into a draft with a merge commit', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      const main = await host.commit(repo, 'main', [
        { path: 'a.md', content: 'title: A\n\none\ntwo\nthree\nfour, on main\n' },
        { path: 'new.md', content: 'new\n' },
      ]);
      expect(
        await host.pullHost.mergeBranch(host.tokens.writer, repo, {
          base: draft,
          head: 'main',
          message: 'Update',
        }),
      ).toBe('merged');
      const merged = (await headsOf(host, repo, draft))[draft]!;
      expect([head, main]).not.toContain(merged);
      expect(await fileAt(repo, 'a.md', draft)).toBe(
        'title: A\n\none\ntwo, drafted\nthree\nfour, on main\n',
      );
      expect(await fileAt(repo, 'new.md', draft)).toBe('new\n');
      const comparison = await host.pullHost.compare(host.tokens.reader, repo, 'main', draft);
      expect(comparison.mergeBase).toBe(main); // the merge commit has main as a parent
    });

    it('answers conflicts when both sides changed the same lines, moving nothing', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      await host.commit(repo, 'main', [
        { path: 'a.md', content: 'title: A\n\none\ntwo, on main\nthree\n' },
      ]);
      expect(
        await host.pullHost.mergeBranch(host.tokens.writer, repo, {
          base: draft,
          head: 'main',
          message: 'Update',
        }),
      ).toBe('conflicts');
      expect(await headsOf(host, repo, draft)).toEqual({ [draft]: head });
    });

    it('refuses a missing branch with NotFoundError', async () => {
      const host = subject();
      const { repo } = await repoWithDraft(host);
      await expect(
        host.pullHost.mergeBranch(host.tokens.writer, repo, {
          base: 'cms/posts/gone',
          head: 'main',
          message: 'Update',
        }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('compare', () => {
    it("lists the head's changes since the merge base (three dots), with statuses and renames", async () => {
      const host = subject();
      const repo = await host.createRepo([
        { path: 'keep.md', content: 'keep\n' },
        { path: 'edit.md', content: 'edit\n' },
        { path: 'drop.md', content: 'drop\n' },
        { path: 'old-name.md', content: 'a file that moves, long enough to be recognised\n' },
      ]);
      const fork = repo.main;
      await host.commit(repo, 'cms/posts/x', [
        { path: 'edit.md', content: 'edited\n' },
        { path: 'drop.md', delete: true },
        { path: 'old-name.md', delete: true },
        { path: 'new-name.md', content: 'a file that moves, long enough to be recognised\n' },
        { path: 'added.md', content: 'added\n' },
      ]);
      const main = await host.commit(repo, 'main', [
        { path: 'keep.md', content: 'changed on main only\n' },
      ]);
      const comparison = await host.pullHost.compare(host.tokens.reader, repo, main, 'cms/posts/x');
      expect(comparison.mergeBase).toBe(fork);
      const byPath = [...comparison.files].sort((a, b) => a.path.localeCompare(b.path));
      expect(byPath).toEqual([
        { path: 'added.md', status: 'added' },
        { path: 'drop.md', status: 'removed' },
        { path: 'edit.md', status: 'modified' },
        { path: 'new-name.md', status: 'renamed', previousPath: 'old-name.md' },
      ]);
    });
  });
}
