import type { PullRequestSummary } from './schemas';

/**
 * The board's columns, in GitHub's own states: a GitHub draft pull request is "In progress"; one
 * ready for review is "In review", and "Ready to publish" once GitHub finds it mergeable. (Required
 * checks and approvals join the last test when the review workflow lands.)
 */
export const boardColumns = [
  { id: 'in-progress', title: 'In progress', empty: 'Drafts you save start here.' },
  { id: 'in-review', title: 'In review', empty: 'Mark a draft ready for review to move it here.' },
  { id: 'ready', title: 'Ready to publish', empty: 'Drafts in review without conflicts appear here.' },
] as const;

export type BoardColumn = (typeof boardColumns)[number]['id'];

export function columnOf(pull: Pick<PullRequestSummary, 'draft' | 'mergeable'>): BoardColumn {
  if (pull.draft === true) return 'in-progress';
  return pull.mergeable === true ? 'ready' : 'in-review';
}

/** How many open drafts each column holds. */
export function columnCounts(pulls: readonly Pick<PullRequestSummary, 'draft' | 'mergeable'>[]): Record<BoardColumn, number> {
  const counts: Record<BoardColumn, number> = { 'in-progress': 0, 'in-review': 0, ready: 0 };
  for (const pull of pulls) counts[columnOf(pull)] += 1;
  return counts;
}

/** "2 in progress, 1 in review, 3 ready to publish": the counts in words, for assistive technology. */
export function countsLabel(counts: Record<BoardColumn, number>): string {
  return boardColumns.map((column) => `${counts[column.id]} ${column.title.toLowerCase()}`).join(', ');
}
