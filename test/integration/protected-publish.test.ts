import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, onGitHub, openPull, revParse, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Publishing on a protected default branch: the draft's detail says what the rules ask and where
 * it stands, Publish is refused with the reasons until they are met, reviews are GitHub reviews
 * (a person approves), and the merge method follows what the repository allows.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
let alice: string;

const host = (login: string, method: string, path: string, body?: unknown) =>
  onGitHub(service.github, login, method, path, body);

beforeAll(async () => {
  ({
    service,
    api,
    session: demo,
    sessions: { alice },
  } = await signedInService({ users: ['demo', 'alice'] }));
  await host('demo', 'PUT', '/repos/demo/blog/branches/main/protection', {
    required_status_checks: { strict: false, contexts: ['build'] },
    enforce_admins: true,
    required_pull_request_reviews: { required_approving_review_count: 1 },
    restrictions: null,
  });
});
afterAll(async () => {
  await service?.stop();
});

const post = '2024-02-14-hello-world';
const hostPull = async (number: number) =>
  (await service.github.pulls('demo', 'blog')).find((pull) => pull.number === number)!;

describe('a draft on a protected main', () => {
  let number: number;
  let head: string;

  it('shows what the rules ask before anyone clicks Publish', async () => {
    await saveDraft(api, demo, post, { title: 'Protected hello' });
    number = (await openPull(api, demo, post, 'Protected hello')).number;
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    head = detail.headSha;
    expect(detail.review).toMatchObject({
      protected: true,
      requiredApprovingReviews: 1,
      requiredChecks: ['build'],
      approvedBy: [],
      mergeMethod: 'squash',
      publishBlockers: [
        { reason: 'reviews', message: 'Needs 1 more approving review (1 required)' },
        { reason: 'checks-pending', message: 'Check "build" has not reported yet', check: 'build' },
      ],
    });
  });

  it('refuses Publish with every reason, and merges nothing', async () => {
    const refused = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      merged: false,
      reason: 'reviews',
      error: 'Needs 1 more approving review (1 required)',
      publishBlockers: [{ reason: 'reviews' }, { reason: 'checks-pending' }],
    });
    expect((await hostPull(number)).state).toBe('open');
  });

  it('shows a failing check with its link', async () => {
    await host('demo', 'POST', `/repos/demo/blog/statuses/${head}`, {
      state: 'failure',
      context: 'build',
      target_url: 'https://ci.example.org/build/1',
    });
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail.review.publishBlockers).toContainEqual({
      reason: 'checks-failing',
      message: 'Check "build" is failing (failure)',
      check: 'build',
      url: 'https://ci.example.org/build/1',
    });
    expect(detail.review.checks).toEqual([
      { name: 'build', state: 'failure', url: 'https://ci.example.org/build/1', required: true },
    ]);
  });

  it('takes reviews from people only: a token cannot review, the author cannot approve, another writer can', async () => {
    const token = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:write', 'content:publish'],
    });
    expect(
      (
        await api.post(
          `${blog}/pulls/${number}/reviews`,
          { event: 'APPROVE' },
          { token: token.token },
        )
      ).status,
    ).toBe(403);
    const own = await api.post(
      `${blog}/pulls/${number}/reviews`,
      { event: 'APPROVE' },
      { session: demo },
    );
    expect(own.status).toBe(400);
    expect(own.body.error).toMatch(/own pull request/i);
    const empty = await api.post(
      `${blog}/pulls/${number}/reviews`,
      { event: 'REQUEST_CHANGES' },
      { session: alice },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/body: must not be empty/);
    const approved = await api.post(
      `${blog}/pulls/${number}/reviews`,
      { event: 'APPROVE', body: 'Looks right' },
      { session: alice },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body).toMatchObject({
      author: 'alice',
      state: 'APPROVED',
      body: 'Looks right',
    });
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail.review.approvedBy).toEqual(['alice']);
    expect(
      detail.review.publishBlockers.map((blocker: { reason: string }) => blocker.reason),
    ).toEqual(['checks-failing']);
  });

  it('asks reviewers on GitHub', async () => {
    const requested = await api.post(
      `${blog}/pulls/${number}/reviewers`,
      { reviewers: ['alice'] },
      { session: demo },
    );
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.requested).toContain('alice');
    expect(
      (await api.post(`${blog}/pulls/${number}/reviewers`, { reviewers: [] }, { session: demo }))
        .status,
    ).toBe(400);
  });

  it('publishes once the check passes', async () => {
    await host('demo', 'POST', `/repos/demo/blog/statuses/${head}`, {
      state: 'success',
      context: 'build',
    });
    expect(
      (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.review.publishBlockers,
    ).toEqual([]);
    const merged = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toEqual({ merged: true, sha: revParse(service, 'demo/blog', 'main') });
  });
});

describe('the merge method', () => {
  it('follows the repository: a merge commit where squash merges are not allowed', async () => {
    await host('demo', 'DELETE', '/repos/demo/blog/branches/main/protection');
    await host('demo', 'PATCH', '/repos/demo/blog', {
      allow_squash_merge: false,
      allow_merge_commit: true,
      allow_rebase_merge: false,
    });
    await saveDraft(api, demo, post, { title: 'Merge commit hello' });
    const { number } = await openPull(api, demo, post, 'Merge commit hello');
    expect((await api.get(`${blog}/pulls/${number}`, { session: demo })).body.review).toMatchObject(
      { protected: false, mergeMethod: 'merge', publishBlockers: [] },
    );
    const merged = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const parents = revParse(service, 'demo/blog', `${merged.body.sha}^2`);
    expect(parents).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('a direct save on a protected main', () => {
  it('is saved as a draft instead, saying so, and main does not move', async () => {
    await host('demo', 'PUT', '/repos/demo/blog/branches/main/protection', {
      required_status_checks: null,
      enforce_admins: true,
      required_pull_request_reviews: { required_approving_review_count: 1 },
      restrictions: null,
    });
    const slug = 'protected-direct';
    const main = revParse(service, 'demo/blog', 'main');
    const created = await api.put(
      `${blog}/content/posts/${slug}`,
      { frontmatter: { title: 'Direct on protected', date: '2026-11-25' }, body: 'Hello\n' },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ branch: `cms/posts/${slug}`, protectedBranch: true });
    expect(revParse(service, 'demo/blog', 'main')).toBe(main);
    expect(revParse(service, 'demo/blog', `cms/posts/${slug}:content/posts/${slug}.md`)).toBe(
      created.body.sha,
    );
  });

  it('is refused with the reason in a collection locked to direct commits, and nothing is written', async () => {
    const gitDir = service.github.gitDir('demo', 'blog');
    const config = JSON.parse(
      execFileSync('git', ['--git-dir', gitDir, 'show', 'main:cms.config.json'], {
        encoding: 'utf8',
      }),
    );
    config.collections.posts.workflow = { default: 'direct', locked: true };
    // Behind the API's back, as an administrator's push would be.
    await service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      expectedHead: revParse(service, 'demo/blog', 'main'),
      changes: [{ path: 'cms.config.json', content: `${JSON.stringify(config, null, 2)}\n` }],
      message: 'Lock posts to direct commits\n',
      author: { name: 'Demo', email: 'demo@example.com' },
    });
    const main = revParse(service, 'demo/blog', 'main');
    await api.get(`${blog}/content/posts`, { session: demo }); // the service learns the new config
    service.github.resetRequestCount();
    const refused = await api.put(
      `${blog}/content/posts/locked-direct`,
      { frontmatter: { title: 'Locked', date: '2026-11-25' }, body: 'Hello\n' },
      { session: demo },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/protected: changes must go through a pull request/);
    expect(refused.body.error).toMatch(/locked to direct commits/);
    // The read and the refused write; no draft attempt, since the collection may not have one.
    expect(service.github.requestCount()).toBe(2);
    expect(revParse(service, 'demo/blog', 'main')).toBe(main);
  });
});
