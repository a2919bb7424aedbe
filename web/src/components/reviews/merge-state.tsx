import type { PullRequestDetail } from '../../../../shared/pulls/schemas';
import { columnOf } from '../../../../shared/pulls/board';

/**
 * Where the draft stands, in words: Published or Closed; otherwise its board column (In progress,
 * In review, Ready to publish), with conflicts or a pending check beside it.
 */
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
  return (
    <span className="state-badges" role="status">
      <span className={`state-badge state-${tone}`} data-testid="review-state">
        {text}
      </span>
      {open && pull.mergeable === false && <span className="state-badge state-conflict">Conflicts with main</span>}
      {open && pull.mergeable == null && <span className="state-badge state-checking">Checking for conflicts…</span>}
    </span>
  );
}
