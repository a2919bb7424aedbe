import { describe, expect, it } from 'vitest';
import type { BranchRules, ReviewInfo } from '../../../shared/ports/review-host';
import { publishGate } from '../../../shared/pulls/publish-gate';

/** The review blockers when classic protection's review rule is out of the user's sight. */
const rules = (overrides: Partial<BranchRules> = {}): BranchRules => ({
  protected: true,
  requiresPullRequest: false,
  requiredApprovingReviews: 0,
  requiredChecks: [],
  strictChecks: false,
  allowedMergeMethods: ['merge', 'squash', 'rebase'],
  linearHistory: false,
  classicSource: 'branch-summary',
  ...overrides,
});

const review = (author: string, state: ReviewInfo['state']): ReviewInfo => ({
  id: 1,
  author,
  state,
  body: '',
  submittedAt: '2026-11-25T10:00:00Z',
  commitId: 'a'.repeat(40),
  htmlUrl: 'https://github.example/r',
});
const methods = ['squash' as const];

describe("publish blockers from GitHub's review decision", () => {
  it('names a missing approval the rules read could not show, and how many approvals are in', () => {
    expect(
      publishGate({
        rules: rules(),
        repositoryMethods: methods,
        reviews: [],
        checks: [],
        reviewDecision: 'REVIEW_REQUIRED',
      }).publishBlockers,
    ).toEqual([
      {
        reason: 'reviews',
        message: 'Needs an approving review (required by the branch protection)',
      },
    ]);
    const one = publishGate({
      rules: rules(),
      repositoryMethods: methods,
      reviews: [review('alice', 'APPROVED')],
      checks: [],
      reviewDecision: 'REVIEW_REQUIRED',
    });
    expect(one.publishBlockers).toEqual([
      {
        reason: 'reviews',
        message: 'Needs more approving reviews (required by the branch protection)',
      },
    ]);
    expect(one.reviewDecision).toBe('REVIEW_REQUIRED');
  });

  it('keeps the count of a ruleset when it is the one still missing, and adds nothing twice', () => {
    const gate = publishGate({
      rules: rules({ requiredApprovingReviews: 2 }),
      repositoryMethods: methods,
      reviews: [review('alice', 'APPROVED')],
      checks: [],
      reviewDecision: 'REVIEW_REQUIRED',
    });
    expect(gate.publishBlockers).toEqual([
      { reason: 'reviews', message: 'Needs 1 more approving review (2 required)' },
    ]);
  });

  it('names who asked for changes, or a reviewer when the reviews do not say', () => {
    expect(
      publishGate({
        rules: rules(),
        repositoryMethods: methods,
        reviews: [review('bob', 'CHANGES_REQUESTED')],
        checks: [],
        reviewDecision: 'CHANGES_REQUESTED',
      }).publishBlockers,
    ).toEqual([{ reason: 'changes-requested', message: 'Changes requested by @bob' }]);
    expect(
      publishGate({
        rules: rules(),
        repositoryMethods: methods,
        reviews: [],
        checks: [],
        reviewDecision: 'CHANGES_REQUESTED',
      }).publishBlockers,
    ).toEqual([{ reason: 'changes-requested', message: 'Changes requested by a reviewer' }]);
  });

  it('adds nothing when approved, when no review is required, or when the rules were read in full (admins)', () => {
    expect(
      publishGate({
        rules: rules(),
        repositoryMethods: methods,
        reviews: [review('alice', 'APPROVED')],
        checks: [],
        reviewDecision: 'APPROVED',
      }).publishBlockers,
    ).toEqual([]);
    expect(
      publishGate({
        rules: rules(),
        repositoryMethods: methods,
        reviews: [],
        checks: [],
        reviewDecision: null,
      }).publishBlockers,
    ).toEqual([]);
    // Classic protection read in full (an admin): its review rule is known, the decision adds nothing.
    expect(
      publishGate({
        rules: rules({ classicSource: 'protection' }),
        repositoryMethods: methods,
        reviews: [],
        checks: [],
        reviewDecision: 'REVIEW_REQUIRED',
      }).publishBlockers,
    ).toEqual([]);
  });
});
