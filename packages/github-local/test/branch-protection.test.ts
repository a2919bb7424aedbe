import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startGitHubLocal } from '../src/server';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, expectBasicError, freshRepo, headOf } from './collaboration-helpers';
import { api, useSignedInHost, startTestHost } from './helpers';

const PROTECTION = '/repos/{owner}/{repo}/branches/{branch}/protection';
const BRANCH = '/repos/{owner}/{repo}/branches/{branch}';
const MERGE = '/repos/{owner}/{repo}/pulls/{pull_number}/merge';
const PULL = '/repos/{owner}/{repo}/pulls/{pull_number}';
const PROTECTED_DOCS = 'https://docs.github.com/articles/about-protected-branches';

describe('classic branch protection', () => {
  const host = useSignedInHost();
  const { call } = host;

  const protection = {
    required_status_checks: { strict: false, contexts: ['build'] },
    enforce_admins: true,
    required_pull_request_reviews: {
      required_approving_review_count: 1,
      dismiss_stale_reviews: true,
    },
    restrictions: null,
    required_linear_history: true,
  };

  it("is read, set and removed by admins with GitHub's shapes; the branch says it is protected", async () => {
    await freshRepo(host.gh, 'prot-site', { 'a.md': 'a\n' }, { alice: 'write', bob: 'read' });
    const before = await call('/repos/demo/prot-site/branches/main/protection');
    expectBasicError(before, 404, 'Branch not protected');
    const branch = await call('/repos/demo/prot-site/branches/main');
    expect(branch.status).toBe(200);
    expectGitHubResponse('GET', BRANCH, 200, branch.body);
    expect(branch.body).toMatchObject({
      name: 'main',
      protected: false,
      commit: { sha: await headOf(host.gh, 'demo', 'prot-site', 'main') },
    });

    const put = await call('/repos/demo/prot-site/branches/main/protection', {
      method: 'PUT',
      body: protection,
    });
    expect(put.status).toBe(200);
    expectGitHubResponse('PUT', PROTECTION, 200, put.body);
    const got = await call('/repos/demo/prot-site/branches/main/protection');
    expectGitHubResponse('GET', PROTECTION, 200, got.body);
    expect(got.body).toMatchObject({
      required_status_checks: {
        strict: false,
        contexts: ['build'],
        checks: [{ context: 'build', app_id: null }],
      },
      required_pull_request_reviews: {
        required_approving_review_count: 1,
        dismiss_stale_reviews: true,
        require_code_owner_reviews: false,
      },
      enforce_admins: { enabled: true },
      required_linear_history: { enabled: true },
      allow_force_pushes: { enabled: false },
    });
    const readerBranch = await call('/repos/demo/prot-site/branches/main', { as: 'bob' });
    expectGitHubResponse('GET', BRANCH, 200, readerBranch.body);
    expect(readerBranch.body).toMatchObject({
      protected: true,
      protection: { enabled: true, required_status_checks: { contexts: ['build'] } },
    });

    // Only admins read or change protection; writers and readers get GitHub's 403.
    expectBasicError(
      await call('/repos/demo/prot-site/branches/main/protection', { as: 'alice' }),
      403,
      'Must have admin rights to Repository.',
    );
    expectBasicError(
      await call('/repos/demo/prot-site/branches/main/protection', { as: 'bob', method: 'DELETE' }),
      403,
      'Must have admin rights to Repository.',
    );
    const incomplete = await call('/repos/demo/prot-site/branches/main/protection', {
      method: 'PUT',
      body: { enforce_admins: true },
    });
    expectBasicError(
      incomplete,
      422,
      'Invalid request.\n\n"required_status_checks" wasn\'t supplied.',
    );
    const restricted = await call('/repos/demo/prot-site/branches/main/protection', {
      method: 'PUT',
      body: { ...protection, restrictions: { users: [], teams: [] } },
    });
    expectBasicError(
      restricted,
      422,
      'Only organization repositories can have users and team restrictions',
    );
    expectBasicError(
      await call('/repos/demo/prot-site/branches/nope/protection'),
      404,
      'Branch not found',
    );

    const removed = await call('/repos/demo/prot-site/branches/main/protection', {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expectGitHubResponse('DELETE', PROTECTION, 204, removed.body);
    expect((await call('/repos/demo/prot-site/branches/main')).body.protected).toBe(false);
  });

  it('refuses direct updates of a branch that requires pull requests: contents 409, refs 422, merges 409', async () => {
    await freshRepo(host.gh, 'push-site', { 'a.md': 'a\n' }, { alice: 'write' });
    const topic = await branchWith(host.gh, 'demo', 'push-site', 'topic', { 'b.md': 'b\n' });
    expect(
      (
        await call('/repos/demo/push-site/branches/main/protection', {
          method: 'PUT',
          body: protection,
        })
      ).status,
    ).toBe(200);
    const main = await headOf(host.gh, 'demo', 'push-site', 'main');

    const put = await call('/repos/demo/push-site/contents/c.md', {
      method: 'PUT',
      as: 'alice',
      body: { message: 'Add c', content: Buffer.from('c').toString('base64') },
    });
    expect(put.body).toEqual({
      message: 'Could not update file: Changes must be made through a pull request.',
      documentation_url: PROTECTED_DOCS,
      status: '409',
    });
    expect(put.status).toBe(409);
    const ref = await call('/repos/demo/push-site/git/refs/heads/main', {
      method: 'PATCH',
      body: { sha: topic },
    });
    expectBasicError(ref, 422, 'Changes must be made through a pull request.');
    expectBasicError(
      await call('/repos/demo/push-site/git/refs/heads/main', { method: 'DELETE' }),
      422,
      'Cannot delete this protected branch',
    );
    const merges = await call('/repos/demo/push-site/merges', {
      method: 'POST',
      body: { base: 'main', head: 'topic' },
    });
    expectBasicError(merges, 409, 'Changes must be made through a pull request.');
    expect(await headOf(host.gh, 'demo', 'push-site', 'main')).toBe(main);
    // Other branches are not protected.
    const other = await call('/repos/demo/push-site/contents/c.md', {
      method: 'PUT',
      as: 'alice',
      body: { message: 'Add c', branch: 'topic', content: Buffer.from('c').toString('base64') },
    });
    expect(other.status).toBe(201);

    // Without enforce_admins, an admin bypasses classic protection; a writer does not.
    await call('/repos/demo/push-site/branches/main/protection', {
      method: 'PUT',
      body: { ...protection, enforce_admins: false },
    });
    const byAdmin = await call('/repos/demo/push-site/git/refs/heads/main', {
      method: 'PATCH',
      body: { sha: topic },
    });
    expect(byAdmin.status).toBe(200);
    const byWriter = await call('/repos/demo/push-site/contents/d.md', {
      method: 'PUT',
      as: 'alice',
      body: { message: 'Add d', content: Buffer.from('d').toString('base64') },
    });
    expect(byWriter.status).toBe(409);
  });

  it('blocks merging until an approving review and the required check; mergeable_state follows', async () => {
    await freshRepo(host.gh, 'review-site', { 'a.md': 'a\n' }, { alice: 'write', bob: 'read' });
    await branchWith(host.gh, 'demo', 'review-site', 'topic', { 'b.md': 'b\n' });
    await call('/repos/demo/review-site/branches/main/protection', {
      method: 'PUT',
      body: protection,
    });
    host.gh.setMergeabilityMode('sync');
    const opened = await call('/repos/demo/review-site/pulls', {
      method: 'POST',
      body: { title: 'Topic', head: 'topic', base: 'main' },
    });
    const headSha = opened.body.head.sha as string;

    const squash = { merge_method: 'squash' };
    const noReview = await call('/repos/demo/review-site/pulls/1/merge', {
      method: 'PUT',
      body: squash,
    });
    expect(noReview.status).toBe(405);
    expectGitHubResponse('PUT', MERGE, 405, noReview.body);
    expect(noReview.body.message).toBe(
      'At least 1 approving review is required by reviewers with write access.',
    );
    const detail = await call('/repos/demo/review-site/pulls/1');
    expectGitHubResponse('GET', PULL, 200, detail.body);
    expect(detail.body).toMatchObject({ mergeable: true, mergeable_state: 'blocked' });

    // A reader's approval does not count; a writer's does.
    expect(
      (
        await call('/repos/demo/review-site/pulls/1/reviews', {
          method: 'POST',
          as: 'bob',
          body: { event: 'APPROVE' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('/repos/demo/review-site/pulls/1/merge', { method: 'PUT', body: squash })).body
        .message,
    ).toBe('At least 1 approving review is required by reviewers with write access.');
    expect(
      (
        await call('/repos/demo/review-site/pulls/1/reviews', {
          method: 'POST',
          as: 'alice',
          body: { event: 'APPROVE', body: 'Good' },
        })
      ).status,
    ).toBe(200);
    const noCheck = await call('/repos/demo/review-site/pulls/1/merge', {
      method: 'PUT',
      body: squash,
    });
    expect(noCheck.body.message).toBe('Required status check "build" is expected.');

    const run = await call('/repos/demo/review-site/check-runs', {
      method: 'POST',
      body: { name: 'build', head_sha: headSha, status: 'in_progress' },
    });
    expect(run.status).toBe(201);
    expect(
      (await call('/repos/demo/review-site/pulls/1/merge', { method: 'PUT', body: squash })).body
        .message,
    ).toBe('Required status check "build" is expected.');
    await call(`/repos/demo/review-site/check-runs/${run.body.id}`, {
      method: 'PATCH',
      body: { conclusion: 'failure' },
    });
    expect(
      (await call('/repos/demo/review-site/pulls/1/merge', { method: 'PUT', body: squash })).body
        .message,
    ).toBe('Required status check "build" is failing.');
    await call('/repos/demo/review-site/check-runs', {
      method: 'POST',
      body: { name: 'build', head_sha: headSha, conclusion: 'success' },
    });
    expect((await call('/repos/demo/review-site/pulls/1')).body).toMatchObject({
      mergeable_state: 'clean',
    });

    // Linear history: no merge commits.
    const mergeCommit = await call('/repos/demo/review-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'merge' },
    });
    expect(mergeCommit.status).toBe(405);
    expect(mergeCommit.body.message).toBe('This branch must not contain merge commits.');
    const merged = await call('/repos/demo/review-site/pulls/1/merge', {
      method: 'PUT',
      body: squash,
    });
    expect(merged.status).toBe(200);
    host.gh.setMergeabilityMode('background');
  });

  it('dismisses approvals on a new push only when the protection says dismiss_stale_reviews', async () => {
    await freshRepo(host.gh, 'stale-site', { 'a.md': 'a\n' }, { alice: 'write' });
    await branchWith(host.gh, 'demo', 'stale-site', 'keep', { 'b.md': 'b\n' });
    await branchWith(host.gh, 'demo', 'stale-site', 'drop', { 'c.md': 'c\n' });
    const body = (dismiss: boolean) => ({
      ...protection,
      required_status_checks: null,
      required_pull_request_reviews: {
        required_approving_review_count: 1,
        dismiss_stale_reviews: dismiss,
      },
    });
    await call('/repos/demo/stale-site/branches/main/protection', {
      method: 'PUT',
      body: body(false),
    });
    for (const head of ['keep', 'drop']) {
      await call('/repos/demo/stale-site/pulls', {
        method: 'POST',
        body: { title: head, head, base: 'main' },
      });
    }
    for (const number of [1, 2])
      await call(`/repos/demo/stale-site/pulls/${number}/reviews`, {
        method: 'POST',
        as: 'alice',
        body: { event: 'APPROVE' },
      });

    await call('/repos/demo/stale-site/contents/b2.md', {
      method: 'PUT',
      body: { message: 'More', branch: 'keep', content: Buffer.from('x').toString('base64') },
    });
    expect(
      (await call('/repos/demo/stale-site/pulls/1/reviews')).body.map(
        (review: { state: string }) => review.state,
      ),
    ).toEqual(['APPROVED']);

    await call('/repos/demo/stale-site/branches/main/protection', {
      method: 'PUT',
      body: body(true),
    });
    await call('/repos/demo/stale-site/contents/c2.md', {
      method: 'PUT',
      body: { message: 'More', branch: 'drop', content: Buffer.from('x').toString('base64') },
    });
    const reviews = await call('/repos/demo/stale-site/pulls/2/reviews');
    expectGitHubResponse(
      'GET',
      '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      200,
      reviews.body,
    );
    expect(reviews.body.map((review: { state: string }) => review.state)).toEqual(['DISMISSED']);
    const blocked = await call('/repos/demo/stale-site/pulls/2/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(blocked.body.message).toBe(
      'At least 1 approving review is required by reviewers with write access.',
    );
  });

  it('keeps protection, reviews and checks across a restart', async () => {
    const own = await startTestHost();
    const demo = own.gh.issueUserToken('demo').access_token;
    const alice = own.gh.issueUserToken('alice').access_token;
    await freshRepo(own.gh, 'restart-site', { 'a.md': 'a\n' }, { alice: 'write' });
    await branchWith(own.gh, 'demo', 'restart-site', 'topic', { 'b.md': 'b\n' });
    await api(own.gh, '/repos/demo/restart-site/branches/main/protection', {
      token: demo,
      method: 'PUT',
      body: protection,
    });
    const opened = await api(own.gh, '/repos/demo/restart-site/pulls', {
      token: demo,
      method: 'POST',
      body: { title: 'T', head: 'topic', base: 'main' },
    });
    await api(own.gh, '/repos/demo/restart-site/pulls/1/reviews', {
      token: alice,
      method: 'POST',
      body: { event: 'APPROVE' },
    });
    await api(own.gh, '/repos/demo/restart-site/check-runs', {
      token: demo,
      method: 'POST',
      body: { name: 'build', head_sha: opened.body.head.sha, conclusion: 'success' },
    });
    await own.gh.close();
    const gh = await startGitHubLocal({ dataDir: own.dataDir, now: own.clock.now });
    try {
      const again = (path: string) => api(gh, path, { token: demo });
      expect(
        (await again('/repos/demo/restart-site/branches/main/protection')).body
          .required_pull_request_reviews.required_approving_review_count,
      ).toBe(1);
      expect((await again('/repos/demo/restart-site/pulls/1/reviews')).body).toMatchObject([
        { state: 'APPROVED', user: { login: 'alice' } },
      ]);
      expect(
        (await again(`/repos/demo/restart-site/commits/${opened.body.head.sha}/check-runs`)).body
          .total_count,
      ).toBe(1);
      expect((await again('/repos/demo/restart-site/pulls/1')).body.mergeable_state).not.toBe(
        'blocked',
      );
    } finally {
      await gh.close();
      await rm(own.dataDir, { recursive: true, force: true });
    }
  });
});
