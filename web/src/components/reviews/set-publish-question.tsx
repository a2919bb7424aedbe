import type { ContentDiff, PullRequestDetail } from '../../../../shared/pulls/schemas';
import { setChangesOf, setItemKindLabels } from '../../lib/set-items';
import { useRepo } from '../repos/repo-context';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * Publishing a change set asks first, listing what will change on main: each item (collection,
 * slug, kind) and each media file, as the diff the reviewer read has them. Confirming publishes
 * that head only (the merge's `sha`). Loaded with the click that asks it.
 */
export default function SetPublishQuestion({
  pull,
  diffs,
  onConfirm,
  onCancel,
}: {
  pull: Pick<PullRequestDetail, 'number' | 'title' | 'draft'>;
  diffs: readonly ContentDiff[];
  onConfirm(): void;
  onCancel(): void;
}) {
  const { repo, config } = useRepo();
  const { groups, media } = setChangesOf({ diffs, collections: Object.keys(config.collections) });
  const count = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <ConfirmDialog
      title={`Publish change set “${pull.title}” to main of ${repo}?`}
      confirmLabel="Publish the set"
      onCancel={onCancel}
      onConfirm={onConfirm}
      details={
        <>
          <ul className="publish-list" data-testid="set-publish-list">
            {groups.flatMap(({ collection, items }) =>
              items.map((item) => (
                <li key={`${collection}/${item.slug}`}>
                  {config.collections[collection]?.label ?? collection} / {item.slug}:{' '}
                  <strong>{setItemKindLabels[item.kind]}</strong>
                  {item.diff.previousSlug && ` from ${item.diff.previousSlug}`}
                </li>
              )),
            )}
            {media.map((diff) => (
              <li key={diff.path}>
                Media <code>{diff.path}</code>
              </li>
            ))}
          </ul>
          {pull.draft === true && (
            <p data-testid="publish-in-progress">
              <strong>Still in progress:</strong> nobody has marked this change set ready for
              review.
            </p>
          )}
        </>
      }
    >
      This merges change set #{pull.number} into main as one commit:{' '}
      {count === 1 ? 'its item goes' : `its ${count} items go`} live together, as listed below and
      as you reviewed them, and the set’s branch is deleted. If the set changed since you read it,
      nothing is published.
    </ConfirmDialog>
  );
}
