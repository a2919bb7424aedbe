import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidGitHubQuery } from './support/github-graphql-schema';
import { branchWith, commitOn, freshRepo } from './collaboration-helpers';
import { useSignedInHost } from './helpers';

/**
 * GraphQL's `PullRequest.reviewDecision` and `mergeStateStatus`, which GitHub answers to anyone
 * who may read the pull request (classic protection itself is for admins only): computed from the
 * same protection, rulesets, reviews, checks and mergeability the merge endpoint enforces.
 */
const STATE = `query State($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) { pullRequest(number: $number) { isDraft mergeable mergeStateStatus reviewDecision } }
}`;

describe('reviewDecision and mergeStateStatus over GraphQL', () => {
  const host = useSignedInHost();
  const { tokens, call } = host;

  beforeAll(async () => {
    expectValidGitHubQuery(STATE);
  });

  async function state(repo: string, number: number, as = 'demo') {
    const res = await fetch(`${host.gh.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `bearer ${tokens[as]}` },
      body: JSON.stringify({ query: STATE, variables: { owner: 'demo', name: repo, number } }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data?: { repository: { pullRequest: Record<string, unknown> } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    return body.data!.repository.pullRequest;
  }

  async function open(
    repo: string,
    head: string,
    draft = false,
  ): Promise<{ number: number; sha: string }> {
    const opened = await call(`/repos/demo/${repo}/pulls`, {
      method: 'POST',
      body: { title: head, head, base: 'main', draft },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    return { number: opened.body.number, sha: opened.body.head.sha };
  }

  it('answers both together: UNKNOWN while mergeability is computed in the background, then the outcome', async () => {
    await freshRepo(host.gh, 'bg-site', { 'a.md': 'a\n' });
    await branchWith(host.gh, 'demo', 'bg-site', 'topic', { 'b.md': 'b\n' });
    const { number } = await open('bg-site', 'topic');
    // The head moves: the next read is the first for the new shas.
    await commitOn(host.gh, 'demo', 'bg-site', 'topic', { 'b.md': 'b2\n' });
    expect(await state('bg-site', number)).toEqual({
      isDraft: false,
      mergeable: 'UNKNOWN',
      mergeStateStatus: 'UNKNOWN',
      reviewDecision: null,
    });
    expect(await state('bg-site', number)).toEqual({
      isDraft: false,
      mergeable: 'MERGEABLE',
      mergeStateStatus: 'CLEAN',
      reviewDecision: null,
    });
  });

  describe('on an unprotected branch', () => {
    beforeAll(() => host.gh.setMergeabilityMode('sync'));
    afterAll(() => host.gh.setMergeabilityMode('background'));

    it('is CLEAN with no review decision; UNSTABLE with a failing check nobody requires; DRAFT for a draft; DIRTY on conflicts', async () => {
      await freshRepo(host.gh, 'free-site', { 'a.md': 'a\n' }, { alice: 'write' });
      await branchWith(host.gh, 'demo', 'free-site', 'topic', { 'b.md': 'b\n' });
      await branchWith(host.gh, 'demo', 'free-site', 'wip', { 'c.md': 'c\n' });
      await branchWith(host.gh, 'demo', 'free-site', 'clash', { 'a.md': 'clash\n' });
      const topic = await open('free-site', 'topic');
      expect(await state('free-site', topic.number)).toEqual({
        isDraft: false,
        mergeable: 'MERGEABLE',
        mergeStateStatus: 'CLEAN',
        reviewDecision: null,
      });
      // A check nobody requires, pending or failing: GitHub's "non-passing commit status", merging allowed.
      await call(`/repos/demo/free-site/statuses/${topic.sha}`, {
        method: 'POST',
        body: { state: 'pending', context: 'lint' },
      });
      expect(await state('free-site', topic.number)).toMatchObject({
        mergeable: 'MERGEABLE',
        mergeStateStatus: 'UNSTABLE',
        reviewDecision: null,
      });
      await call(`/repos/demo/free-site/statuses/${topic.sha}`, {
        method: 'POST',
        body: { state: 'failure', context: 'lint' },
      });
      expect(await state('free-site', topic.number)).toMatchObject({
        mergeStateStatus: 'UNSTABLE',
        reviewDecision: null,
      });
      expect((await call(`/repos/demo/free-site/pulls/${topic.number}`)).body.mergeable_state).toBe(
        'unstable',
      );
      // A review where none is required leaves the decision null, as on GitHub.
      expect(
        (
          await call(`/repos/demo/free-site/pulls/${topic.number}/reviews`, {
            method: 'POST',
            as: 'alice',
            body: { event: 'COMMENT', body: 'Fine' },
          })
        ).status,
      ).toBe(200);
      expect((await state('free-site', topic.number)).reviewDecision).toBeNull();

      const wip = await open('free-site', 'wip', true);
      expect(await state('free-site', wip.number)).toEqual({
        isDraft: true,
        mergeable: 'MERGEABLE',
        mergeStateStatus: 'DRAFT',
        reviewDecision: null,
      });

      await commitOn(host.gh, 'demo', 'free-site', 'main', { 'a.md': 'moved\n' });
      const clash = await open('free-site', 'clash');
      expect(await state('free-site', clash.number)).toMatchObject({
        mergeable: 'CONFLICTING',
        mergeStateStatus: 'DIRTY',
      });
    });
  });

  describe('on a branch whose protection requires an approval and a check (strict)', () => {
    beforeAll(() => host.gh.setMergeabilityMode('sync'));
    afterAll(() => host.gh.setMergeabilityMode('background'));

    it('tells a reader who may not read the protection what the merge waits for, as the merge endpoint decides it', async () => {
      await freshRepo(host.gh, 'gate-site', { 'a.md': 'a\n' }, { alice: 'write', bob: 'read' });
      await branchWith(host.gh, 'demo', 'gate-site', 'topic', { 'b.md': 'b\n' });
      const protection = {
        required_status_checks: { strict: true, contexts: ['build'] },
        enforce_admins: false,
        required_pull_request_reviews: {
          required_approving_review_count: 1,
          dismiss_stale_reviews: true,
        },
        restrictions: null,
      };
      expect(
        (
          await call('/repos/demo/gate-site/branches/main/protection', {
            method: 'PUT',
            body: protection,
          })
        ).status,
      ).toBe(200);
      expect(
        (await call('/repos/demo/gate-site/branches/main/protection', { as: 'bob' })).status,
      ).toBe(403);
      const { number, sha } = await open('gate-site', 'topic');

      expect(await state('gate-site', number, 'bob')).toEqual({
        isDraft: false,
        mergeable: 'MERGEABLE',
        mergeStateStatus: 'BLOCKED',
        reviewDecision: 'REVIEW_REQUIRED',
      });
      // The admin may bypass this protection (no enforce_admins), but the pull request's state is the same for everyone.
      expect(await state('gate-site', number, 'demo')).toMatchObject({
        mergeStateStatus: 'BLOCKED',
        reviewDecision: 'REVIEW_REQUIRED',
      });

      // A reader's review does not count; a writer's latest decisive review does.
      await call(`/repos/demo/gate-site/pulls/${number}/reviews`, {
        method: 'POST',
        as: 'bob',
        body: { event: 'APPROVE' },
      });
      expect((await state('gate-site', number, 'bob')).reviewDecision).toBe('REVIEW_REQUIRED');
      await call(`/repos/demo/gate-site/pulls/${number}/reviews`, {
        method: 'POST',
        as: 'alice',
        body: { event: 'REQUEST_CHANGES', body: 'Not yet' },
      });
      expect(await state('gate-site', number, 'bob')).toMatchObject({
        mergeStateStatus: 'BLOCKED',
        reviewDecision: 'CHANGES_REQUESTED',
      });
      await call(`/repos/demo/gate-site/pulls/${number}/reviews`, {
        method: 'POST',
        as: 'alice',
        body: { event: 'COMMENT', body: 'Looking again' },
      });
      expect((await state('gate-site', number, 'bob')).reviewDecision).toBe('CHANGES_REQUESTED');
      await call(`/repos/demo/gate-site/pulls/${number}/reviews`, {
        method: 'POST',
        as: 'alice',
        body: { event: 'APPROVE' },
      });
      // Approved, still blocked by the required check.
      expect(await state('gate-site', number, 'bob')).toMatchObject({
        mergeStateStatus: 'BLOCKED',
        reviewDecision: 'APPROVED',
      });
      expect(
        (
          await call(`/repos/demo/gate-site/pulls/${number}/merge`, {
            method: 'PUT',
            as: 'alice',
            body: { merge_method: 'squash' },
          })
        ).body.message,
      ).toBe('Required status check "build" is expected.');
      await call(`/repos/demo/gate-site/statuses/${sha}`, {
        method: 'POST',
        body: { state: 'success', context: 'build' },
      });
      expect(await state('gate-site', number, 'bob')).toMatchObject({
        mergeStateStatus: 'CLEAN',
        reviewDecision: 'APPROVED',
      });

      // Strict: the base moved on, so the head is out of date.
      await commitOn(host.gh, 'demo', 'gate-site', 'main', { 'c.md': 'c\n' }, 'Outside');
      expect(await state('gate-site', number, 'bob')).toMatchObject({
        mergeable: 'MERGEABLE',
        mergeStateStatus: 'BEHIND',
        reviewDecision: 'APPROVED',
      });

      // A new head dismisses the stale approval: a review is required again.
      await commitOn(host.gh, 'demo', 'gate-site', 'topic', { 'b.md': 'b2\n' });
      expect(await state('gate-site', number, 'bob')).toMatchObject({
        mergeStateStatus: 'BLOCKED',
        reviewDecision: 'REVIEW_REQUIRED',
      });
    });

    it("takes a ruleset's required approvals as well", async () => {
      await freshRepo(host.gh, 'ruled-site', { 'a.md': 'a\n' }, { alice: 'write', bob: 'write' });
      await branchWith(host.gh, 'demo', 'ruled-site', 'topic', { 'b.md': 'b\n' });
      const ruleset = {
        name: 'two approvals',
        target: 'branch',
        enforcement: 'active',
        conditions: { ref_name: { include: ['~DEFAULT_BRANCH'], exclude: [] } },
        rules: [
          {
            type: 'pull_request',
            parameters: {
              required_approving_review_count: 2,
              dismiss_stale_reviews_on_push: false,
              require_code_owner_review: false,
              require_last_push_approval: false,
              required_review_thread_resolution: false,
            },
          },
        ],
      };
      expect(
        (await call('/repos/demo/ruled-site/rulesets', { method: 'POST', body: ruleset })).status,
      ).toBe(201);
      const { number } = await open('ruled-site', 'topic');
      await call(`/repos/demo/ruled-site/pulls/${number}/reviews`, {
        method: 'POST',
        as: 'alice',
        body: { event: 'APPROVE' },
      });
      expect(await state('ruled-site', number, 'bob')).toMatchObject({
        mergeStateStatus: 'BLOCKED',
        reviewDecision: 'REVIEW_REQUIRED',
      });
      await call(`/repos/demo/ruled-site/pulls/${number}/reviews`, {
        method: 'POST',
        as: 'bob',
        body: { event: 'APPROVE' },
      });
      expect(await state('ruled-site', number, 'bob')).toMatchObject({
        mergeStateStatus: 'CLEAN',
        reviewDecision: 'APPROVED',
      });
    });
  });
});
