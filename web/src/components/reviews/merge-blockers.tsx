import type { MergeBlocker } from '../../../../shared/pulls/schemas';

/**
 * Why the CMS will not publish this pull request (a fork's branch with a draft's name, another
 * base than the default branch, or changes beyond its item), in the service's words. Nothing when
 * it is a genuine draft.
 */
export function MergeBlockers({ blockers }: { blockers: readonly MergeBlocker[] }) {
  if (blockers.length === 0) return null;
  return (
    <div
      className="banner banner-warning merge-blockers"
      role="note"
      aria-labelledby="merge-blockers-title"
      data-testid="merge-blockers"
    >
      <strong id="merge-blockers-title">This is not a change request the CMS can publish.</strong>
      <ul>
        {blockers.map((blocker) => (
          <li key={blocker.reason} data-reason={blocker.reason}>
            {blocker.message}
          </li>
        ))}
      </ul>
      <span className="small">Review it on GitHub. Closing it here keeps its branch.</span>
    </div>
  );
}
