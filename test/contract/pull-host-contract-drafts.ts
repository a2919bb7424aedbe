import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../shared/errors';
import { expectAccessRefused } from './git-host-contract';
import { itNeeds, type HostTarget, type HostUnderTest } from './host-under-test';
import { repoWithDraft } from './pull-host-fixtures';

/** Draft pull requests (GitHub's isDraft): opened as drafts, marked ready and back, never merged while draft. */
export function pullHostDraftsContract(target: HostTarget, subject: () => HostUnderTest): void {
  describe('draft pull requests', () => {
    it('opens a draft, lists and reads it as one, marks it ready for review and converts it back', async () => {
      const host = subject();
      const { repo, draft } = await repoWithDraft(host);
      const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
        head: draft,
        base: 'main',
        title: 'A',
        body: '',
        draft: true,
      });
      const read = async () =>
        (await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull;
      const pull = await read();
      expect(pull).toMatchObject({ draft: true, nodeId: expect.any(String) });
      expect(
        (await host.pullHost.listOpenPulls(host.tokens.reader, repo))!.pulls.map((entry) => [
          entry.number,
          entry.draft,
          entry.nodeId,
        ]),
      ).toEqual([[number, true, pull.nodeId]]);
      await host.pullHost.setDraft(host.tokens.writer, repo, pull, false);
      expect((await read()).draft).toBe(false);
      await host.pullHost.setDraft(host.tokens.writer, repo, pull, false);
      expect((await read()).draft).toBe(false);
      await host.pullHost.setDraft(host.tokens.writer, repo, pull, true);
      expect((await read()).draft).toBe(true);
    });

    it('opens a pull request ready for review unless asked for a draft', async () => {
      const host = subject();
      const { repo, draft } = await repoWithDraft(host);
      const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
        head: draft,
        base: 'main',
        title: 'A',
        body: '',
      });
      expect((await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull.draft).toBe(
        false,
      );
    });

    it('does not merge a draft until it is marked ready for review', async () => {
      const host = subject();
      const { repo, draft, head } = await repoWithDraft(host);
      const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
        head: draft,
        base: 'main',
        title: 'A',
        body: '',
        draft: true,
      });
      const refused = await host.pullHost.squashMerge(host.tokens.writer, repo, number, {
        sha: head,
        title: 'A',
        message: '',
      });
      expect(refused).toEqual({
        merged: false,
        reason: 'refused',
        message: 'GitHub refused the merge: Pull Request is still a draft',
      });
      const pull = (await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull;
      await host.pullHost.setDraft(host.tokens.writer, repo, pull, false);
      expect(
        await host.pullHost.squashMerge(host.tokens.writer, repo, number, {
          sha: head,
          title: 'A',
          message: '',
        }),
      ).toMatchObject({ merged: true });
    });

    itNeeds(target, 'roles')(
      'refuses a reader (403 or 404) and a closed pull request (ConflictError)',
      async () => {
        const host = subject();
        const { repo, draft } = await repoWithDraft(host);
        const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
          head: draft,
          base: 'main',
          title: 'A',
          body: '',
          draft: true,
        });
        const pull = (await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull;
        await expectAccessRefused(host.pullHost.setDraft(host.tokens.reader, repo, pull, false));
        await host.pullHost.closePull(host.tokens.writer, repo, number);
        await expect(
          host.pullHost.setDraft(host.tokens.writer, repo, pull, false),
        ).rejects.toBeInstanceOf(ConflictError);
        expect((await host.pullHost.getPull(host.tokens.reader, repo, number))!.pull).toMatchObject(
          { draft: true, state: 'closed' },
        );
      },
    );
  });
}
