import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, ConflictError, NotFoundError } from '../../shared/errors';
import { expectAccessRefused } from './git-host-contract';
import { itNeeds, type HostTarget, type HostUnderTest } from './host-under-test';
import { pullHostBranchesContract } from './pull-host-contract-branches';
import { pullHostDraftsContract } from './pull-host-contract-drafts';
import { pullHostTreesContract } from './pull-host-contract-trees';
import { headsOf, repoWithDraft } from './pull-host-fixtures';

/** The behaviour of the PullHost port that the draft workflow relies on, run against every adapter. */
export function pullHostContract(target: HostTarget): void {
  describe(`PullHost contract: ${target.name}`, () => {
    let host: HostUnderTest;
    beforeAll(async () => {
      host = await target.make();
    });
    afterAll(() => host?.close());
    const subject = () => host;

    describe('pull requests', () => {
      it('opens one and reads it back with the blobs asked for, in one call', async () => {
        const { repo, draft, main, head } = await repoWithDraft(host);
        const created = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'Draft A',
          body: 'Please review',
        });
        expect(created.htmlUrl).toMatch(new RegExp(`/pull/${created.number}$`));
        const view = await host.pullHost.getPull(host.tokens.reader, repo, created.number, {
          config: { path: 'cms.config.json' },
          draftFile: { path: 'a.md', ref: draft },
          none: { path: 'none.md' },
        });
        expect(view).toMatchObject({ defaultBranch: 'main', defaultBranchOid: main });
        expect(view!.pull).toMatchObject({
          number: created.number,
          title: 'Draft A',
          body: 'Please review',
          state: 'open',
          merged: false,
          headRef: draft,
          headSha: head,
          baseRef: 'main',
          baseSha: main,
          author: host.logins.writer,
          htmlUrl: created.htmlUrl,
          deploymentUrl: null,
        });
        expect([true, false, null]).toContain(view!.pull.mergeable);
        expect(view!.blobs.config!.text).toBe('{"name":"x"}\n');
        expect(view!.blobs.draftFile!.text).toContain('two, drafted');
        expect(view!.blobs.none).toBeNull();
      });

      itNeeds(target, 'repositories')(
        'lists open pull requests newest first, and answers null where there is nothing to see',
        async () => {
          const { repo, draft } = await repoWithDraft(host);
          await host.commit(repo, 'cms/posts/b', [{ path: 'b.md', content: 'b\n' }]);
          await host.commit(repo, 'cms/posts/c', [{ path: 'c.md', content: 'c\n' }]);
          const first = await host.pullHost.createPull(host.tokens.writer, repo, {
            head: draft,
            base: 'main',
            title: 'A',
            body: '',
          });
          const second = await host.pullHost.createPull(host.tokens.writer, repo, {
            head: 'cms/posts/b',
            base: 'main',
            title: 'B',
            body: '',
          });
          const third = await host.pullHost.createPull(host.tokens.writer, repo, {
            head: 'cms/posts/c',
            base: 'main',
            title: 'C',
            body: '',
          });
          await host.pullHost.closePull(host.tokens.writer, repo, second.number);
          const view = await host.pullHost.listOpenPulls(host.tokens.reader, repo, {
            config: { path: 'cms.config.json' },
          });
          expect(view!.pulls.map((pull) => pull.number)).toEqual([third.number, first.number]);
          expect(view!.defaultBranch).toBe('main');
          expect(view!.blobs.config!.text).toBe('{"name":"x"}\n');
          const hidden = await host.createRepo([{ path: 'x.md', content: 'x' }], { shared: false });
          expect(await host.pullHost.listOpenPulls(host.tokens.reader, hidden)).toBeNull();
          expect(await host.pullHost.getPull(host.tokens.reader, hidden, 1)).toBeNull();
          await expect(host.pullHost.getPull(host.tokens.reader, repo, 999)).rejects.toBeInstanceOf(
            NotFoundError,
          );
        },
      );

      it('refuses a second open pull request for a head (ConflictError) and one without changes (InvalidInputError)', async () => {
        const { repo, draft, main } = await repoWithDraft(host);
        await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
        });
        await expect(
          host.pullHost.createPull(host.tokens.writer, repo, {
            head: draft,
            base: 'main',
            title: 'A again',
            body: '',
          }),
        ).rejects.toBeInstanceOf(ConflictError);
        await host.pullHost.createBranch(host.tokens.writer, repo, 'cms/posts/same', main);
        await expect(
          host.pullHost.createPull(host.tokens.writer, repo, {
            head: 'cms/posts/same',
            base: 'main',
            title: 'Nothing',
            body: '',
          }),
        ).rejects.toBeInstanceOf(InvalidInputError);
        expect(
          (await host.pullHost.listOpenPulls(host.tokens.reader, repo))!.pulls.map(
            (pull) => pull.headRef,
          ),
        ).toEqual([draft]);
      });

      it('closes without merging; the head follows pushes; a deleted head branch closes its pull request', async () => {
        const { repo, draft } = await repoWithDraft(host);
        const one = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
        });
        await host.pullHost.closePull(host.tokens.writer, repo, one.number);
        expect(
          (await host.pullHost.getPull(host.tokens.reader, repo, one.number))!.pull,
        ).toMatchObject({ state: 'closed', merged: false });
        const two = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A again',
          body: '',
        });
        const pushed = await host.commit(repo, draft, [{ path: 'a2.md', content: 'more\n' }]);
        const view = (await host.pullHost.getPull(host.tokens.reader, repo, two.number))!;
        expect(view.pull.headSha).toBe(pushed);
        await host.pullHost.deleteBranch(host.tokens.writer, repo, {
          repositoryId: view.repositoryId,
          branch: draft,
          head: pushed,
        });
        expect(
          (await host.pullHost.getPull(host.tokens.reader, repo, two.number))!.pull,
        ).toMatchObject({ state: 'closed', merged: false });
      });

      it('squash-merges only at the head sha it was given, then reports the pull request merged', async () => {
        const { repo, draft, head } = await repoWithDraft(host);
        const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
        });
        const moved = await host.commit(repo, draft, [{ path: 'a2.md', content: 'more\n' }]);
        const stale = await host.pullHost.squashMerge(host.tokens.writer, repo, number, {
          sha: head,
          title: 'A (#1)',
          message: 'Published',
        });
        expect(stale).toEqual({ merged: false, reason: 'head-moved', message: expect.any(String) });
        expect((await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull.state).toBe(
          'open',
        );
        const merged = await host.pullHost.squashMerge(host.tokens.writer, repo, number, {
          sha: moved,
          title: 'A (#1)',
          message: 'Published',
        });
        expect(merged).toEqual({ merged: true, sha: expect.stringMatching(/^[0-9a-f]{40}$/) });
        const view = await host.pullHost.getPull(host.tokens.reader, repo, number, {
          a: { path: 'a.md' },
          a2: { path: 'a2.md' },
        });
        expect(view!.pull).toMatchObject({ state: 'closed', merged: true });
        expect(view!.defaultBranchOid).toBe((merged as { sha: string }).sha);
        expect(view!.blobs.a!.text).toContain('two, drafted');
        expect(view!.blobs.a2!.text).toBe('more\n');
        expect(
          await host.pullHost.squashMerge(host.tokens.writer, repo, number, {
            sha: moved,
            title: 'again',
            message: '',
          }),
        ).toMatchObject({ merged: false });
      });

      it('does not merge conflicting changes', async () => {
        const { repo, draft, head } = await repoWithDraft(host);
        const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
        });
        const main = await host.commit(repo, 'main', [
          { path: 'a.md', content: 'title: A\n\none\ntwo, on main\nthree\n' },
        ]);
        expect(
          await host.pullHost.squashMerge(host.tokens.writer, repo, number, {
            sha: head,
            title: 'A',
            message: '',
          }),
        ).toEqual({
          merged: false,
          reason: 'conflicts',
          message: expect.stringMatching(/conflicts/),
        });
        expect(await headsOf(host, repo, 'main')).toEqual({ main });
      });

      itNeeds(target, 'roles')('refuses a reader who tries to open, close or merge', async () => {
        const { repo, draft, head } = await repoWithDraft(host);
        await expectAccessRefused(
          host.pullHost.createPull(host.tokens.reader, repo, {
            head: draft,
            base: 'main',
            title: 'A',
            body: '',
          }),
        );
        const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
        });
        await expectAccessRefused(host.pullHost.closePull(host.tokens.reader, repo, number));
        await expectAccessRefused(
          host.pullHost.squashMerge(host.tokens.reader, repo, number, {
            sha: head,
            title: 'A',
            message: '',
          }),
        );
        expect((await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull.state).toBe(
          'open',
        );
      });
    });

    describe('comments', () => {
      it('adds comments (readers too) and lists them in order, with their authors', async () => {
        const { repo, draft } = await repoWithDraft(host);
        const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
        });
        const first = await host.pullHost.createComment(
          host.tokens.writer,
          repo,
          number,
          'Looks good **so far**',
        );
        const second = await host.pullHost.createComment(
          host.tokens.reader,
          repo,
          number,
          'Typo in line 2',
        );
        expect(first).toMatchObject({
          id: expect.any(Number),
          body: 'Looks good **so far**',
          author: host.logins.writer,
          avatarUrl: expect.any(String),
        });
        expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
        const listed = await host.pullHost.listComments(host.tokens.reader, repo, number);
        expect(listed.map((comment) => [comment.id, comment.author, comment.body])).toEqual([
          [first.id, host.logins.writer, first.body],
          [second.id, host.logins.reader, second.body],
        ]);
        await expect(
          host.pullHost.createComment(host.tokens.writer, repo, 999, 'x'),
        ).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    pullHostBranchesContract(target, subject);
    pullHostDraftsContract(target, subject);
    pullHostTreesContract(target, subject);
  });
}
