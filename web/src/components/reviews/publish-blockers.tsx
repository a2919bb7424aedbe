import type { PublishBlocker } from '../../../../shared/pulls/schemas';
import { Icon } from '../ui/icons';

/**
 * What the default branch's protection or rulesets still ask before the draft may be published
 * (approvals, changes requested, required checks with their links, the merge method), in the
 * service's words. Shown next to Publish, which it describes; nothing when the rules are met.
 */
export function PublishBlockers({
  blockers,
  id,
}: {
  blockers: readonly PublishBlocker[];
  id: string;
}) {
  if (blockers.length === 0) return null;
  return (
    <div className="publish-blockers" id={id} data-testid="publish-blockers">
      <strong>Publish waits for:</strong>
      <ul>
        {blockers.map((blocker) => (
          <li key={`${blocker.reason}:${blocker.check ?? ''}`} data-reason={blocker.reason}>
            {blocker.message}
            {blocker.url && (
              <>
                {' '}
                <a href={blocker.url} target="_blank" rel="noopener noreferrer">
                  Details of {blocker.check ?? 'the check'} <Icon name="external" />
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
