import type { PullRequestDetail } from '../../../../shared/pulls/schemas';

/** Merged, closed, ready, conflicting, or still being checked: one badge, in words. */
export function MergeState({ pull }: { pull: PullRequestDetail }) {
  const [text, tone] = pull.merged
    ? ['Published', 'merged']
    : pull.state === 'closed'
      ? ['Closed', 'closed']
      : pull.mergeable === true
        ? ['Ready to publish', 'ready']
        : pull.mergeable === false
          ? ['Conflicts with main', 'conflict']
          : ['Checking for conflicts…', 'checking'];
  return (
    <span className={`state-badge state-${tone}`} data-testid="review-state" role="status">
      {text}
    </span>
  );
}
