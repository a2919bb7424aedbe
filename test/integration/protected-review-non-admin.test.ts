import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf } from '../../shared/pulls/board';
import type { ApiClient } from '../support/api-client';
import { blog, onGitHub, openPull, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * An editor without admin rights on a protected main: GitHub shows classic protection's review
 * rule to admins only, yet GraphQL's `reviewDecision` and `mergeStateStatus` tell any reader what
 * the merge waits for. Her draft's detail names the missing approval before she presses Publish,
 * and the board does not call a draft waiting for one "Ready to publish".
 */
let service: TestService;
let api: ApiClient;
let demo: string;
let alice: string;

beforeAll(async () => {
  ({
    service,
    api,
    session: demo,
    sessions: { alice },
  } = await signedInService({ users: ['demo', 'alice'] }));
  await onGitHub(service.github, 'demo', 'PUT', '/repos/demo/blog/branches/main/protection', {
    required_status_checks: null,
    enforce_admins: true,
    required_pull_request_reviews: { required_approving_review_count: 1 },
    restrictions: null,
  });
});
afterAll(async () => {
  await service?.stop();
});

const post = '2024-02-14-hello-world';
const detailOf = async (number: number, session = alice) =>
  (await api.get(`${blog}/pulls/${number}`, { session })).body;
/** The draft as the board lists it, once GitHub has computed its mergeability. */
async function listed(number: number, session = alice) {
  await detailOf(number, session);
  const list = await api.get(`${blog}/pulls`, { session });
  expect(list.status).toBe(200);
  return list.body.find((pull: { number: number }) => pull.number === number);
}

describe("a non-admin editor's draft on a main that requires one approval", () => {
  let number: number;

  it('names the required approval in the detail before anyone presses Publish', async () => {
    await saveDraft(api, alice, post, { title: 'Alice on a protected main' });
    number = (await openPull(api, alice, post, 'Alice on a protected main')).number;
    const detail = await detailOf(number);
    // Classic protection was not readable for her: the branch summary says only that main is protected.
    expect(detail.review).toMatchObject({
      protected: true,
      requiredApprovingReviews: 0,
      reviewDecision: 'REVIEW_REQUIRED',
    });
    expect(detail.review.publishBlockers).toEqual([
      {
        reason: 'reviews',
        message: 'Needs an approving review (required by the branch protection)',
      },
    ]);
  });

  it('keeps a mergeable draft that lacks the approval out of "Ready to publish"', async () => {
    const pull = await listed(number);
    expect(pull).toMatchObject({
      draft: false,
      mergeable: true,
      mergeStateStatus: 'BLOCKED',
      reviewDecision: 'REVIEW_REQUIRED',
    });
    expect(columnOf(pull)).toBe('in-review');
  });

  it('names who asked for changes', async () => {
    const requested = await api.post(
      `${blog}/pulls/${number}/reviews`,
      { event: 'REQUEST_CHANGES', body: 'A better title, please' },
      { session: demo },
    );
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const detail = await detailOf(number);
    expect(detail.review.reviewDecision).toBe('CHANGES_REQUESTED');
    expect(detail.review.publishBlockers).toEqual([
      { reason: 'changes-requested', message: 'Changes requested by @demo' },
    ]);
    expect(columnOf(await listed(number))).toBe('in-review');
  });

  it('drops the blocker once another user approves: the draft is ready to publish, and publishes', async () => {
    const approved = await api.post(
      `${blog}/pulls/${number}/reviews`,
      { event: 'APPROVE', body: 'Good now' },
      { session: demo },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    const detail = await detailOf(number);
    expect(detail.review).toMatchObject({
      reviewDecision: 'APPROVED',
      approvedBy: ['demo'],
      publishBlockers: [],
    });
    const pull = await listed(number);
    expect(pull).toMatchObject({
      mergeable: true,
      mergeStateStatus: 'CLEAN',
      reviewDecision: 'APPROVED',
    });
    expect(columnOf(pull)).toBe('ready');
    const merged = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: alice });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  });
});
