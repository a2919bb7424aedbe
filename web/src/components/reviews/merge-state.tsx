import type { PublishBlocker, PullRequestDetail } from '../../../../shared/pulls/schemas';
import { columnOf } from '../../../../shared/pulls/board';

/**
 * Where the draft stands, in words: Published or Closed; otherwise its board column (In progress,
 * In review, Ready to publish), with conflicts or a pending check beside it, and what the
 * branch's rules still wait for (approval, changes requested, checks, the merge method).
 */
const waitWords: Record<PublishBlocker['reason'], string> = {
  reviews: 'Needs approval',
  'changes-requested': 'Changes requested',
  'checks-pending': 'Check pending',
  'checks-failing': 'Check failing',
  'merge-method': 'No merge method allowed',
};

export function MergeState({ pull }: { pull: PullRequestDetail }) {
  const column = columnOf(pull);
  const [text, tone] = pull.merged
    ? ['Published', 'merged']
    : pull.state === 'closed'
      ? ['Closed', 'closed']
      : column === 'in-progress'
        ? ['In progress', 'progress']
        : column === 'ready'
          ? ['Ready to publish', 'ready']
          : ['In review', 'review'];
  const open = pull.state === 'open';
  const waits = [...new Set((pull.review?.publishBlockers ?? []).map((blocker) => blocker.reason))];
  return (
    <span className="state-badges" role="status">
      <span className={`state-badge state-${tone}`} data-testid="review-state">
        {text}
      </span>
      {open && pull.mergeable === false && (
        <span className="state-badge state-conflict">Conflicts with main</span>
      )}
      {open && pull.mergeable == null && (
        <span className="state-badge state-checking">Checking for conflicts…</span>
      )}
      {open &&
        waits.map((reason) => (
          <span key={reason} className="state-badge state-waiting" data-testid="publish-wait">
            {waitWords[reason]}
          </span>
        ))}
    </span>
  );
}
