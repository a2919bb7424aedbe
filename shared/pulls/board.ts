import type { PullRequestSummary } from './schemas';

/**
 * The board's columns, in GitHub's own states: a GitHub draft pull request is "In progress"; one
 * ready for review is "In review", and "Ready to publish" once GitHub would merge it now: mergeable,
 * a merge state of CLEAN, HAS_HOOKS or UNSTABLE (only checks that are not required are failing or
 * pending; a failing required check makes it BLOCKED), and no review missing or asking for changes.
 */
export const boardColumns = [
  { id: 'in-progress', title: 'In progress', empty: 'Change requests you save start here.' },
  {
    id: 'in-review',
    title: 'In review',
    empty: 'Mark a change request ready for review to move it here.',
  },
  {
    id: 'ready',
    title: 'Ready to publish',
    empty: 'Change requests in review that the branch rules let publish appear here.',
  },
] as const;

export type BoardColumn = (typeof boardColumns)[number]['id'];

type BoardPull = Pick<
  PullRequestSummary,
  'draft' | 'mergeable' | 'mergeStateStatus' | 'reviewDecision'
>;

/** GitHub's merge states that let the pull request merge now (UNSTABLE: only optional checks are not green). */
const publishable = new Set<string>(['CLEAN', 'HAS_HOOKS', 'UNSTABLE']);

const reviewMissing = (pull: BoardPull) =>
  pull.reviewDecision === 'REVIEW_REQUIRED' || pull.reviewDecision === 'CHANGES_REQUESTED';

export function columnOf(pull: BoardPull): BoardColumn {
  if (pull.draft === true) return 'in-progress';
  if (pull.mergeable !== true || reviewMissing(pull)) return 'in-review';
  // An answer without the merge state (a client of an older service) is judged by `mergeable` alone.
  if (pull.mergeStateStatus !== undefined && !publishable.has(pull.mergeStateStatus))
    return 'in-review';
  return 'ready';
}

/**
 * Why a draft in review is not ready to publish, in words for its card (conflicts and a pending
 * mergeability have their own badges): the review GitHub still wants, a head behind main, or other
 * branch rules (required checks; the draft's page names them).
 */
export function waitsOf(pull: BoardPull): string[] {
  if (pull.draft === true || pull.mergeable !== true) return [];
  if (pull.reviewDecision === 'CHANGES_REQUESTED') return ['Changes requested'];
  if (pull.reviewDecision === 'REVIEW_REQUIRED') return ['Needs approval'];
  if (pull.mergeStateStatus === 'BEHIND') return ['Behind main'];
  if (pull.mergeStateStatus === 'BLOCKED') return ['Blocked by branch rules'];
  return [];
}

/** How many open drafts each column holds. */
export function columnCounts(pulls: readonly BoardPull[]): Record<BoardColumn, number> {
  const counts: Record<BoardColumn, number> = { 'in-progress': 0, 'in-review': 0, ready: 0 };
  for (const pull of pulls) counts[columnOf(pull)] += 1;
  return counts;
}

/** "2 in progress, 1 in review, 3 ready to publish": the counts in words, for assistive technology. */
export function countsLabel(counts: Record<BoardColumn, number>): string {
  return boardColumns
    .map((column) => `${counts[column.id]} ${column.title.toLowerCase()}`)
    .join(', ');
}
