import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../shared/errors';
import { createGitHubReviewHost } from '../../shared/adapters/github/github-review-host';
import { mergeMethodsFor, type ReviewHost } from '../../shared/ports/review-host';
import { requestMetrics, withRequestMetrics } from '../../shared/request-metrics';
import { startTestService, type TestService } from '../support/local-service';

/**
 * The review port's GitHub adapter against the local GitHub host: branch rules from classic
 * protection and rulesets (and the fallback for users who may not read protection), merge
 * settings, reviews, review requests and the checks of a commit, each with its round trips.
 */
let service: TestService;
let host: ReviewHost;
const repo = { owner: 'demo', name: 'org-site' };
const author = { name: 'Demo', email: 'demo@example.com' };
const token = (login: string) => service.github.issueUserToken(login).access_token;

/** Runs `call` counting the provider round trips it makes. */
async function counted<T>(call: () => Promise<T>): Promise<{ value: T; calls: number }> {
  return withRequestMetrics(async () => {
    const value = await call();
    return { value, calls: requestMetrics()?.providerCalls ?? -1 };
  });
}

async function rest(login: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${service.github.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token(login)}`,
      accept: 'application/vnd.github+json',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
}

beforeAll(async () => {
  service = await startTestService();
  host = createGitHubReviewHost({ apiUrl: service.github.apiUrl });
  await service.github.createRepository({
    owner: 'demo',
    name: 'org-site',
    installApp: true,
    collaborators: { alice: 'write', bob: 'read' },
  });
  await service.github.commitFiles('demo', 'org-site', {
    branch: 'main',
    expectedHead: null,
    changes: [{ path: 'a.md', content: 'a\n' }],
    message: 'Initial\n',
    author,
  });
});
afterAll(async () => {
  await service?.stop();
});

describe('branch rules', () => {
  it('reads an unprotected branch in two round trips (protection 404 and no rules)', async () => {
    const { value, calls } = await counted(() => host.branchRules(token('demo'), repo, 'main'));
    expect(value).toEqual({
      protected: false,
      requiresPullRequest: false,
      requiredApprovingReviews: 0,
      requiredChecks: [],
      strictChecks: false,
      allowedMergeMethods: ['merge', 'squash', 'rebase'],
      linearHistory: false,
      classicSource: 'protection',
    });
    expect(calls).toBe(2);
  });

  it('combines classic protection and rulesets; a non-admin falls back to the branch summary', async () => {
    const protection = await rest('demo', 'PUT', '/repos/demo/org-site/branches/main/protection', {
      required_status_checks: { strict: false, contexts: ['build'] },
      enforce_admins: true,
      required_pull_request_reviews: { required_approving_review_count: 1 },
      restrictions: null,
    });
    expect(protection.status).toBe(200);
    const ruleset = await rest('demo', 'POST', '/repos/demo/org-site/rulesets', {
      name: 'main',
      enforcement: 'active',
      conditions: { ref_name: { include: ['~DEFAULT_BRANCH'], exclude: [] } },
      rules: [
        { type: 'required_linear_history' },
        {
          type: 'required_status_checks',
          parameters: {
            strict_required_status_checks_policy: true,
            required_status_checks: [{ context: 'lint' }],
          },
        },
      ],
    });
    expect(ruleset.status).toBe(201);

    const admin = await counted(() => host.branchRules(token('demo'), repo, 'main'));
    expect(admin.value).toEqual({
      protected: true,
      requiresPullRequest: true,
      requiredApprovingReviews: 1,
      requiredChecks: ['build', 'lint'],
      strictChecks: true,
      allowedMergeMethods: ['squash', 'rebase'],
      linearHistory: true,
      classicSource: 'protection',
    });
    expect(admin.calls).toBe(2);

    // alice may push but not administer: protection answers 403, the branch's summary is read instead.
    const writer = await counted(() => host.branchRules(token('alice'), repo, 'main'));
    expect(writer.value).toEqual({
      ...admin.value,
      requiresPullRequest: false,
      requiredApprovingReviews: 0,
      classicSource: 'branch-summary',
    });
    expect(writer.calls).toBe(3);
  });

  it("reports GitHub's rate limit on the protection read as the rate limit, not as a reader who may not see protection", async () => {
    // Prepare: the admin's protection read meets the secondary rate limit (a 403, as GitHub sends it).
    service.github.injectFaults(
      { kind: 'secondary-rate-limit', retryAfterSeconds: 120, count: 1 },
      { pathPrefix: '/api/v3/repos/demo/org-site/branches/main/protection' },
    );

    // Act
    const read = host.branchRules(token('demo'), repo, 'main');

    // Assess: no rules guessed from the branch summary; the caller hears when to try again.
    await expect(read).rejects.toMatchObject({
      name: 'ProviderRateLimitError',
      retryAfterSeconds: 120,
    });
  });

  it('reads the rules of a branch whose name has slashes', async () => {
    const main = (await rest('demo', 'GET', '/repos/demo/org-site/git/ref/heads/main')).body.object
      .sha;
    expect(
      (
        await rest('demo', 'POST', '/repos/demo/org-site/git/refs', {
          ref: 'refs/heads/release/v1',
          sha: main,
        })
      ).status,
    ).toBe(201);
    const put = await rest('demo', 'PUT', '/repos/demo/org-site/branches/release/v1/protection', {
      required_status_checks: null,
      enforce_admins: false,
      required_pull_request_reviews: { required_approving_review_count: 2 },
      restrictions: null,
    });
    expect(put.status).toBe(200);
    const rules = await host.branchRules(token('demo'), repo, 'release/v1');
    expect(rules).toMatchObject({
      protected: true,
      requiresPullRequest: true,
      requiredApprovingReviews: 2,
      requiredChecks: [],
      linearHistory: false,
    });
    expect(await host.branchRules(token('alice'), repo, 'release/v1')).toMatchObject({
      protected: true,
      classicSource: 'branch-summary',
    });
  });

  it("reads the repository's merge methods in one round trip", async () => {
    expect(
      (await rest('demo', 'PATCH', '/repos/demo/org-site', { allow_merge_commit: false })).status,
    ).toBe(200);
    const { value, calls } = await counted(() => host.mergeMethods(token('alice'), repo));
    expect(value).toEqual(['squash', 'rebase']);
    expect(calls).toBe(1);
    expect(mergeMethodsFor(value, { allowedMergeMethods: ['squash', 'merge'] })).toEqual([
      'squash',
    ]);
  });
});

describe('reviews and checks', () => {
  let number: number;
  let headSha: string;

  beforeAll(async () => {
    const created = await rest('demo', 'POST', '/repos/demo/org-site/git/refs', {
      ref: 'refs/heads/topic',
      sha: (await rest('demo', 'GET', '/repos/demo/org-site/git/ref/heads/main')).body.object.sha,
    });
    expect(created.status).toBe(201);
    headSha = (
      await service.github.commitFiles('demo', 'org-site', {
        branch: 'topic',
        changes: [{ path: 'b.md', content: 'b\n' }],
        message: 'B\n',
        author,
      })
    ).commitSha;
    const pull = await rest('alice', 'POST', '/repos/demo/org-site/pulls', {
      title: 'Topic',
      head: 'topic',
      base: 'main',
    });
    number = pull.body.number;
  });

  it('requests reviewers, records reviews with bodies and reports refusals as invalid input', async () => {
    const requested = await counted(() =>
      host.requestReviewers(token('alice'), repo, number, ['demo']),
    );
    expect(requested).toEqual({ value: ['demo'], calls: 1 });
    await expect(host.requestReviewers(token('alice'), repo, number, ['alice'])).rejects.toThrow(
      InvalidInputError,
    );

    const own = host.createReview(token('alice'), repo, number, { event: 'APPROVE', body: '' });
    await expect(own).rejects.toThrow(
      'GitHub refused the review: Can not approve your own pull request',
    );
    const changes = await counted(() =>
      host.createReview(token('demo'), repo, number, {
        event: 'REQUEST_CHANGES',
        body: 'Fix the title',
      }),
    );
    expect(changes.calls).toBe(1);
    expect(changes.value).toMatchObject({
      author: 'demo',
      state: 'CHANGES_REQUESTED',
      body: 'Fix the title',
      commitId: headSha,
      htmlUrl: expect.stringContaining('#pullrequestreview-'),
    });
    await host.createReview(token('bob'), repo, number, { event: 'COMMENT', body: 'Nice' });
    await host.createReview(token('demo'), repo, number, { event: 'APPROVE', body: 'Now fine' });

    const listed = await counted(() => host.listReviews(token('bob'), repo, number));
    expect(listed.calls).toBe(1);
    expect(listed.value.map((review) => `${review.author} ${review.state} ${review.body}`)).toEqual(
      ['demo CHANGES_REQUESTED Fix the title', 'bob COMMENTED Nice', 'demo APPROVED Now fine'],
    );
  });

  it('combines check runs and commit statuses of a commit in two round trips', async () => {
    const run = await rest('demo', 'POST', '/repos/demo/org-site/check-runs', {
      name: 'build',
      head_sha: headSha,
      status: 'in_progress',
      details_url: 'https://ci.example/build/1',
    });
    expect(run.status).toBe(201);
    await rest('demo', 'POST', '/repos/demo/org-site/check-runs', {
      name: 'test',
      head_sha: headSha,
      conclusion: 'failure',
    });
    await rest('demo', 'POST', `/repos/demo/org-site/statuses/${headSha}`, {
      state: 'success',
      context: 'lint',
      target_url: 'https://ci.example/lint/1',
    });

    const { value, calls } = await counted(() => host.checkState(token('bob'), repo, headSha));
    expect(calls).toBe(2);
    expect(value).toEqual([
      {
        name: 'test',
        state: 'failure',
        url: expect.stringContaining('/demo/org-site/runs/'),
        kind: 'check-run',
      },
      { name: 'build', state: 'pending', url: 'https://ci.example/build/1', kind: 'check-run' },
      { name: 'lint', state: 'success', url: 'https://ci.example/lint/1', kind: 'status' },
    ]);
    await rest('demo', 'PATCH', `/repos/demo/org-site/check-runs/${run.body.id}`, {
      conclusion: 'success',
    });
    expect(
      (await host.checkState(token('bob'), repo, 'topic')).find((check) => check.name === 'build')
        ?.state,
    ).toBe('success');
  });
});
