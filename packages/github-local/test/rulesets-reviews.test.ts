import { describe, expect, it } from 'vitest';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, commitOn, expectBasicError, freshRepo } from './collaboration-helpers';
import { useSignedInHost } from './helpers';

const RULESETS = '/repos/{owner}/{repo}/rulesets';
const RULES = '/repos/{owner}/{repo}/rules/branches/{branch}';
const REVIEWS = '/repos/{owner}/{repo}/pulls/{pull_number}/reviews';
const REQUESTED = '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers';
const CHECK_RUNS = '/repos/{owner}/{repo}/check-runs';

describe('rulesets, merge settings, reviews and check runs', () => {
  const host = useSignedInHost();
  const { call } = host;

  const ruleset = {
    name: 'main rules',
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
          allowed_merge_methods: ['squash', 'merge'],
        },
      },
      {
        type: 'required_status_checks',
        parameters: {
          strict_required_status_checks_policy: true,
          required_status_checks: [{ context: 'build' }],
        },
      },
      { type: 'deletion' },
    ],
  };

  it('creates, lists, reads and deletes rulesets; any reader gets the rules of a branch', async () => {
    await freshRepo(host.gh, 'rules-site', { 'a.md': 'a\n' }, { alice: 'write', bob: 'read' });
    const created = await call('/repos/demo/rules-site/rulesets', {
      method: 'POST',
      body: ruleset,
    });
    expect(created.status).toBe(201);
    expectGitHubResponse('POST', RULESETS, 201, created.body);
    expect(created.body).toMatchObject({
      name: 'main rules',
      enforcement: 'active',
      source_type: 'Repository',
      source: 'demo/rules-site',
      conditions: { ref_name: { include: ['~DEFAULT_BRANCH'] } },
    });
    const listed = await call('/repos/demo/rules-site/rulesets', { as: 'bob' });
    expectGitHubResponse('GET', RULESETS, 200, listed.body);
    expect(listed.body).toHaveLength(1);
    const one = await call(`/repos/demo/rules-site/rulesets/${created.body.id}`);
    expectGitHubResponse('GET', `${RULESETS}/{ruleset_id}`, 200, one.body);

    const rules = await call('/repos/demo/rules-site/rules/branches/main', { as: 'bob' });
    expect(rules.status).toBe(200);
    expectGitHubResponse('GET', RULES, 200, rules.body);
    expect(rules.body.map((rule: { type: string }) => rule.type)).toEqual([
      'pull_request',
      'required_status_checks',
      'deletion',
    ]);
    expect(rules.body[0]).toMatchObject({
      parameters: {
        required_approving_review_count: 2,
        allowed_merge_methods: ['squash', 'merge'],
      },
      ruleset_id: created.body.id,
      ruleset_source: 'demo/rules-site',
    });
    expect((await call('/repos/demo/rules-site/rules/branches/other')).body).toEqual([]);
    expect((await call('/repos/demo/rules-site/branches/main', { as: 'bob' })).body.protected).toBe(
      true,
    );

    expectBasicError(
      await call('/repos/demo/rules-site/rulesets', { method: 'POST', as: 'alice', body: ruleset }),
      403,
      'Must have admin rights to Repository.',
    );
    const bad = await call('/repos/demo/rules-site/rulesets', {
      method: 'POST',
      body: {
        ...ruleset,
        name: 'x',
        rules: [{ type: 'pull_request', parameters: { required_approving_review_count: 11 } }],
      },
    });
    expect(bad.status).toBe(422);
    expect(
      (await call(`/repos/demo/rules-site/rulesets/${created.body.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204);
    expect((await call('/repos/demo/rules-site/rules/branches/main')).body).toEqual([]);
  });

  it("enforces the repository's merge settings and a ruleset's allowed methods, approvals and strict checks", async () => {
    await freshRepo(host.gh, 'methods-site', { 'a.md': 'a\n' }, { alice: 'write', bob: 'write' });
    await branchWith(host.gh, 'demo', 'methods-site', 'topic', { 'b.md': 'b\n' });
    const patched = await call('/repos/demo/methods-site', {
      method: 'PATCH',
      body: { allow_merge_commit: false },
    });
    expect(patched.status).toBe(200);
    expectGitHubResponse('PATCH', '/repos/{owner}/{repo}', 200, patched.body);
    expect(patched.body).toMatchObject({
      allow_merge_commit: false,
      allow_squash_merge: true,
      allow_rebase_merge: true,
    });
    expectBasicError(
      await call('/repos/demo/methods-site', {
        method: 'PATCH',
        as: 'alice',
        body: { allow_squash_merge: false },
      }),
      403,
      'Must have admin rights to Repository.',
    );
    expect((await call('/repos/demo/methods-site', { as: 'alice' })).body.allow_merge_commit).toBe(
      false,
    );
    // GitHub shows the merge settings only to those who may push.
    await host.gh.createRepository({
      owner: 'demo',
      name: 'methods-read',
      installApp: true,
      collaborators: { bob: 'read' },
    });
    const forReader = await call('/repos/demo/methods-read', { as: 'bob' });
    expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, forReader.body);
    expect(forReader.body).not.toHaveProperty('allow_merge_commit');
    const none = await call('/repos/demo/methods-site', {
      method: 'PATCH',
      body: { allow_squash_merge: false, allow_rebase_merge: false },
    });
    expectBasicError(
      none,
      422,
      'Sorry, you need to allow at least one merge strategy. (no_merge_method)',
    );

    await call('/repos/demo/methods-site/rulesets', { method: 'POST', body: ruleset });
    const opened = await call('/repos/demo/methods-site/pulls', {
      method: 'POST',
      body: { title: 'Topic', head: 'topic', base: 'main' },
    });
    const merge = (method: string) =>
      call('/repos/demo/methods-site/pulls/1/merge', {
        method: 'PUT',
        body: { merge_method: method },
      });
    expect((await merge('merge')).body.message).toBe(
      'Merge commits are not allowed on this repository.',
    );
    expect((await merge('rebase')).body.message).toBe(
      'The rebase merge method is not allowed on this branch.',
    );
    expect((await merge('squash')).body.message).toBe(
      'At least 2 approving reviews are required by reviewers with write access.',
    );
    for (const as of ['alice', 'bob'])
      await call('/repos/demo/methods-site/pulls/1/reviews', {
        method: 'POST',
        as,
        body: { event: 'APPROVE' },
      });
    // Rulesets bind admins too (bypass actors are not modelled).
    expect((await merge('squash')).body.message).toBe('Required status check "build" is expected.');
    await call(`/repos/demo/methods-site/statuses/${opened.body.head.sha}`, {
      method: 'POST',
      body: { state: 'success', context: 'build', target_url: 'https://ci.example/1' },
    });
    const direct = await call('/repos/demo/methods-site/contents/c.md', {
      method: 'PUT',
      body: { message: 'c', content: Buffer.from('c').toString('base64') },
    });
    expect(direct.body.message).toBe(
      'Could not update file: Changes must be made through a pull request.',
    );
    // Strict: the base moved on (a push from elsewhere), so the head must be brought up to date first.
    host.gh.setMergeabilityMode('sync');
    await commitOn(host.gh, 'demo', 'methods-site', 'main', { 'c.md': 'c\n' }, 'Outside');
    expect((await call('/repos/demo/methods-site/pulls/1')).body.mergeable_state).toBe('behind');
    expect((await merge('squash')).body.message).toBe(
      'Head branch is out of date. Review and try the merge again.',
    );
    host.gh.setMergeabilityMode('background');
  });

  it("records reviews with GitHub's rules and shapes, and requested reviewers", async () => {
    await freshRepo(host.gh, 'reviews-site', { 'a.md': 'a\n' }, { alice: 'write', bob: 'read' });
    await branchWith(host.gh, 'demo', 'reviews-site', 'topic', { 'b.md': 'b\n' });
    await call('/repos/demo/reviews-site/pulls', {
      method: 'POST',
      as: 'alice',
      body: { title: 'Topic', head: 'topic', base: 'main' },
    });

    const own = await call('/repos/demo/reviews-site/pulls/1/reviews', {
      method: 'POST',
      as: 'alice',
      body: { event: 'APPROVE' },
    });
    expect(own.status).toBe(422);
    expectGitHubResponse('POST', REVIEWS, 422, own.body);
    expect(own.body.errors).toEqual(['Can not approve your own pull request']);
    const noBody = await call('/repos/demo/reviews-site/pulls/1/reviews', {
      method: 'POST',
      body: { event: 'REQUEST_CHANGES' },
    });
    expect(noBody.status).toBe(422);

    const requested = await call('/repos/demo/reviews-site/pulls/1/requested_reviewers', {
      method: 'POST',
      as: 'alice',
      body: { reviewers: ['demo', 'bob'] },
    });
    expect(requested.status).toBe(201);
    expectGitHubResponse('POST', REQUESTED, 201, requested.body);
    expect(requested.body.requested_reviewers.map((user: { login: string }) => user.login)).toEqual(
      ['demo', 'bob'],
    );
    const outsider = await call('/repos/demo/reviews-site/pulls/1/requested_reviewers', {
      method: 'POST',
      body: { reviewers: ['nobody-here'] },
    });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors[0]).toMatch(/^Reviews may only be requested from collaborators/);
    expect(
      (
        await call('/repos/demo/reviews-site/pulls/1/requested_reviewers', {
          method: 'POST',
          body: { reviewers: ['alice'] },
        })
      ).body.errors,
    ).toEqual(['Review cannot be requested from pull request author.']);

    const changes = await call('/repos/demo/reviews-site/pulls/1/reviews', {
      method: 'POST',
      body: { event: 'REQUEST_CHANGES', body: 'Fix the title' },
    });
    expect(changes.status).toBe(200);
    expectGitHubResponse('POST', REVIEWS, 200, changes.body);
    expect(changes.body).toMatchObject({
      state: 'CHANGES_REQUESTED',
      body: 'Fix the title',
      user: { login: 'demo' },
      author_association: 'OWNER',
    });
    const comment = await call('/repos/demo/reviews-site/pulls/1/reviews', {
      method: 'POST',
      as: 'bob',
      body: { event: 'COMMENT', body: 'Looks fine to me' },
    });
    expect(comment.body.state).toBe('COMMENTED');
    const left = await call('/repos/demo/reviews-site/pulls/1/requested_reviewers');
    expectGitHubResponse('GET', REQUESTED, 200, left.body);
    expect(left.body).toEqual({ users: [], teams: [] });
    await call('/repos/demo/reviews-site/pulls/1/requested_reviewers', {
      method: 'POST',
      as: 'alice',
      body: { reviewers: ['bob'] },
    });
    const removed = await call('/repos/demo/reviews-site/pulls/1/requested_reviewers', {
      method: 'DELETE',
      as: 'alice',
      body: { reviewers: ['bob'] },
    });
    expectGitHubResponse('DELETE', REQUESTED, 200, removed.body);
    expect(removed.body.requested_reviewers).toEqual([]);
    expectBasicError(
      await call('/repos/demo/reviews-site/pulls/1/requested_reviewers', {
        method: 'POST',
        as: 'bob',
        body: { reviewers: ['demo'] },
      }),
      403,
      'Resource not accessible by integration',
    );

    const list = await call('/repos/demo/reviews-site/pulls/1/reviews');
    expectGitHubResponse('GET', REVIEWS, 200, list.body);
    expect(
      list.body.map(
        (review: { state: string; user: { login: string } }) =>
          `${review.user.login} ${review.state}`,
      ),
    ).toEqual(['demo CHANGES_REQUESTED', 'bob COMMENTED']);
  });

  it('creates, updates and lists check runs as a CI would, with html_url and details_url', async () => {
    const head = await freshRepo(host.gh, 'checks-site', { 'a.md': 'a\n' }, { bob: 'read' });
    const created = await call('/repos/demo/checks-site/check-runs', {
      method: 'POST',
      body: {
        name: 'build',
        head_sha: head,
        status: 'in_progress',
        details_url: 'https://ci.example/runs/7',
        external_id: '7',
      },
    });
    expect(created.status).toBe(201);
    expectGitHubResponse('POST', CHECK_RUNS, 201, created.body);
    expect(created.body).toMatchObject({
      name: 'build',
      status: 'in_progress',
      conclusion: null,
      details_url: 'https://ci.example/runs/7',
      html_url: expect.stringContaining('/demo/checks-site/runs/'),
    });
    const updated = await call(`/repos/demo/checks-site/check-runs/${created.body.id}`, {
      method: 'PATCH',
      body: { conclusion: 'success', output: { title: 'Built', summary: 'All good' } },
    });
    expectGitHubResponse('PATCH', `${CHECK_RUNS}/{check_run_id}`, 200, updated.body);
    expect(updated.body).toMatchObject({
      status: 'completed',
      conclusion: 'success',
      output: { title: 'Built', summary: 'All good' },
      completed_at: expect.any(String),
    });
    await call('/repos/demo/checks-site/check-runs', {
      method: 'POST',
      body: { name: 'lint', head_sha: head },
    });
    const listed = await call('/repos/demo/checks-site/commits/main/check-runs', { as: 'bob' });
    expectGitHubResponse('GET', '/repos/{owner}/{repo}/commits/{ref}/check-runs', 200, listed.body);
    expect(
      listed.body.check_runs.map(
        (run: { name: string; status: string }) => `${run.name} ${run.status}`,
      ),
    ).toEqual(['lint queued', 'build completed']);

    expectBasicError(
      await call('/repos/demo/checks-site/check-runs', {
        method: 'POST',
        as: 'bob',
        body: { name: 'x', head_sha: head },
      }),
      403,
      'Resource not accessible by integration',
    );
    expect(
      (
        await call('/repos/demo/checks-site/check-runs', {
          method: 'POST',
          body: { name: 'x', head_sha: head, status: 'completed' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call('/repos/demo/checks-site/check-runs', {
          method: 'POST',
          body: { name: 'x', head_sha: '1'.repeat(40) },
        })
      ).status,
    ).toBe(422);
  });
});
