import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, NotFoundError } from '../../shared/errors';
import { itNeeds, type HostTarget, type HostUnderTest } from './host-under-test';

/** The behaviour of the ReviewHost port that the review workflow relies on, run against every adapter. */
export function reviewHostContract(target: HostTarget): void {
  describe(`ReviewHost contract: ${target.name}`, () => {
    let host: HostUnderTest;
    beforeAll(async () => {
      host = await target.make();
    });
    afterAll(() => host?.close());

    const unprotected = {
      protected: false,
      requiresPullRequest: false,
      requiredApprovingReviews: 0,
      requiredChecks: [],
      strictChecks: false,
      allowedMergeMethods: ['merge', 'squash', 'rebase'],
      linearHistory: false,
      classicSource: 'protection',
    };

    /** A repository with `topic` one commit ahead of main, and a pull request the writer opened. */
    async function withPull() {
      const repo = await host.createRepo([{ path: 'a.md', content: 'a\n' }]);
      const headSha = await host.commit(repo, 'topic', [{ path: 'b.md', content: 'b\n' }]);
      const { number } = await host.pullHost.createPull(host.tokens.writer, repo, {
        head: 'topic',
        base: 'main',
        title: 'Topic',
        body: '',
      });
      return { repo, headSha, number };
    }

    it('reads an unprotected branch as requiring nothing', async () => {
      const repo = await host.createRepo([{ path: 'a.md', content: 'a\n' }]);
      expect(await host.reviewHost.branchRules(host.tokens.owner, repo, 'main')).toEqual(
        unprotected,
      );
      expect(await host.reviewHost.mergeMethods(host.tokens.reader, repo)).toEqual([
        'merge',
        'squash',
        'rebase',
      ]);
    });

    itNeeds(target, 'repositories')('refuses outsiders', async () => {
      const hidden = await host.createRepo([{ path: 'a.md', content: 'a\n' }], { shared: false });
      await expect(host.reviewHost.branchRules(host.tokens.writer, hidden, 'main')).rejects.toThrow(
        NotFoundError,
      );
    });

    itNeeds(target, 'roles')(
      'combines classic protection and a ruleset; a non-admin sees classic protection only in summary',
      async () => {
        const repo = await host.createRepo([{ path: 'a.md', content: 'a\n' }]);
        await host.reviewSetup.protect(repo, 'main', {
          approvals: 1,
          checks: ['build'],
          strict: false,
          linear: false,
        });
        await host.reviewSetup.addRuleset(repo, {
          approvals: 2,
          allowedMergeMethods: ['squash', 'merge'],
          checks: ['lint'],
          strict: true,
          linear: true,
        });
        await host.reviewSetup.setMergeSettings(repo, { rebase: false });
        const admin = await host.reviewHost.branchRules(host.tokens.owner, repo, 'main');
        expect(admin).toEqual({
          protected: true,
          requiresPullRequest: true,
          requiredApprovingReviews: 2,
          requiredChecks: ['build', 'lint'],
          strictChecks: true,
          allowedMergeMethods: ['squash'],
          linearHistory: true,
          classicSource: 'protection',
        });
        expect(await host.reviewHost.branchRules(host.tokens.writer, repo, 'main')).toEqual({
          ...admin,
          classicSource: 'branch-summary',
        });
        expect(await host.reviewHost.branchRules(host.tokens.owner, repo, 'other')).toEqual(
          unprotected,
        );
        expect(await host.reviewHost.mergeMethods(host.tokens.writer, repo)).toEqual([
          'merge',
          'squash',
        ]);
        // A reader is not shown the settings: every method counts as allowed.
        expect(await host.reviewHost.mergeMethods(host.tokens.reader, repo)).toEqual([
          'merge',
          'squash',
          'rebase',
        ]);

        const classicOnly = await host.createRepo([{ path: 'a.md', content: 'a\n' }]);
        await host.reviewSetup.protect(classicOnly, 'main', {
          approvals: 1,
          checks: [],
          strict: false,
          linear: true,
        });
        expect(await host.reviewHost.branchRules(host.tokens.writer, classicOnly, 'main')).toEqual({
          ...unprotected,
          protected: true,
          classicSource: 'branch-summary',
        });
      },
    );

    itNeeds(target, 'roles')(
      'records reviews with their bodies, and refuses what GitHub refuses as invalid input',
      async () => {
        const { repo, headSha, number } = await withPull();
        await expect(
          host.reviewHost.createReview(host.tokens.writer, repo, number, {
            event: 'APPROVE',
            body: '',
          }),
        ).rejects.toThrow(
          new InvalidInputError('GitHub refused the review: Can not approve your own pull request'),
        );
        await expect(
          host.reviewHost.createReview(host.tokens.owner, repo, number, {
            event: 'COMMENT',
            body: ' ',
          }),
        ).rejects.toThrow(InvalidInputError);
        const changes = await host.reviewHost.createReview(host.tokens.owner, repo, number, {
          event: 'REQUEST_CHANGES',
          body: 'Fix the title',
        });
        expect(changes).toMatchObject({
          author: host.logins.owner,
          state: 'CHANGES_REQUESTED',
          body: 'Fix the title',
          commitId: headSha,
          submittedAt: expect.any(String),
        });
        await host.reviewHost.createReview(host.tokens.reader, repo, number, {
          event: 'COMMENT',
          body: 'Nice',
        });
        await host.reviewHost.createReview(host.tokens.owner, repo, number, {
          event: 'APPROVE',
          body: '',
        });
        const reviews = await host.reviewHost.listReviews(host.tokens.reader, repo, number);
        expect(reviews.map((review) => `${review.author} ${review.state}`)).toEqual([
          `${host.logins.owner} CHANGES_REQUESTED`,
          `${host.logins.reader} COMMENTED`,
          `${host.logins.owner} APPROVED`,
        ]);
        await expect(
          host.reviewHost.listReviews(host.tokens.reader, repo, number + 50),
        ).rejects.toThrow(NotFoundError);
      },
    );

    itNeeds(target, 'roles')(
      'requests reviewers from collaborators other than the author',
      async () => {
        const { repo, number } = await withPull();
        expect(
          await host.reviewHost.requestReviewers(host.tokens.writer, repo, number, [
            host.logins.owner,
          ]),
        ).toEqual([host.logins.owner]);
        expect(
          await host.reviewHost.requestReviewers(host.tokens.writer, repo, number, [
            host.logins.reader,
          ]),
        ).toEqual([host.logins.owner, host.logins.reader]);
        await expect(
          host.reviewHost.requestReviewers(host.tokens.owner, repo, number, [host.logins.writer]),
        ).rejects.toThrow(
          new InvalidInputError(
            'GitHub refused the review request: Review cannot be requested from pull request author.',
          ),
        );
        await expect(
          host.reviewHost.requestReviewers(host.tokens.owner, repo, number, ['nobody-at-all']),
        ).rejects.toThrow(InvalidInputError);
      },
    );

    itNeeds(target, 'app')(
      'lists the checks of a commit: check runs then statuses, the newest of each name',
      async () => {
        const { repo, headSha } = await withPull();
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'build',
          kind: 'check-run',
          state: 'pending',
          url: 'https://ci.example/build/1',
        });
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'test',
          kind: 'check-run',
          state: 'failure',
          url: 'https://ci.example/test/1',
        });
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'build',
          kind: 'check-run',
          state: 'success',
          url: 'https://ci.example/build/2',
        });
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'lint',
          kind: 'status',
          state: 'pending',
          url: 'https://ci.example/lint/1',
        });
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'lint',
          kind: 'status',
          state: 'success',
          url: 'https://ci.example/lint/2',
        });
        expect(await host.reviewHost.checkState(host.tokens.reader, repo, 'topic')).toEqual([
          { name: 'build', state: 'success', url: 'https://ci.example/build/2', kind: 'check-run' },
          { name: 'test', state: 'failure', url: 'https://ci.example/test/1', kind: 'check-run' },
          { name: 'lint', state: 'success', url: 'https://ci.example/lint/2', kind: 'status' },
        ]);
        expect(await host.reviewHost.checkState(host.tokens.reader, repo, 'main')).toEqual([]);
      },
    );

    itNeeds(target, 'app')(
      "reads each check run's newest report: title, summary and annotations",
      async () => {
        const { repo, headSha } = await withPull();
        const annotation = {
          path: 'b.md',
          startLine: 2,
          endLine: 2,
          level: 'failure' as const,
          message: 'title: Required',
          title: 'field',
        };
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'CMS content',
          kind: 'check-run',
          state: 'pending',
          url: 'https://cms.example/checks/1',
        });
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'CMS content',
          kind: 'check-run',
          state: 'failure',
          url: 'https://cms.example/checks/2',
          report: { title: '1 error', summary: 'b.md: 1 error', annotations: [annotation] },
        });
        await host.reviewSetup.addCheck(repo, headSha, {
          name: 'build',
          kind: 'check-run',
          state: 'pending',
          url: 'https://ci.example/build/1',
        });
        const runs = await host.reviewHost.checkRuns(host.tokens.reader, repo, headSha);
        expect(runs.map(({ id: _id, ...run }) => run)).toEqual([
          {
            name: 'build',
            status: 'in_progress',
            conclusion: null,
            title: null,
            summary: null,
            url: 'https://ci.example/build/1',
            annotationsCount: 0,
            annotations: [],
          },
          {
            name: 'CMS content',
            status: 'completed',
            conclusion: 'failure',
            title: '1 error',
            summary: 'b.md: 1 error',
            url: 'https://cms.example/checks/2',
            annotationsCount: 1,
            annotations: [annotation],
          },
        ]);
      },
    );
  });
}
