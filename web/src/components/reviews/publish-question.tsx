import type { PullRequestSummary } from '../../../../shared/pulls/schemas';
import { deletionsSegment } from '../../../../shared/content/deletions-segment';
import type { DraftItem } from '../../lib/item-query';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * Publish asks first, saying what goes live where: the item by its own title and file, the branch
 * and repository, the change request it merges, and, for one still in progress, that nobody has
 * marked it ready for review. (The editor says "main" for the published branch throughout.)
 */
export function PublishQuestion({
  pull,
  repo,
  item,
  collectionLabel,
  onConfirm,
  onCancel,
}: {
  /** The change request it merges (a summary is enough: its number, title, slug and draft state). */
  pull: Pick<PullRequestSummary, 'number' | 'title' | 'slug' | 'draft'>;
  repo: string;
  item?: DraftItem;
  collectionLabel: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const deletions = pull.slug === deletionsSegment;
  const name = deletions ? pull.title : (item?.title ?? pull.slug);
  const what = deletions
    ? `the deletions in ${collectionLabel} it holds take effect`
    : `${collectionLabel} / ${item?.fileName ?? pull.slug}${item?.renamedFrom ? ` (renamed from ${item.renamedFrom})` : ''} ${item?.deleted ? 'is deleted' : 'goes live as the draft has it'}`;
  return (
    <ConfirmDialog
      title={`Publish “${name}” to main of ${repo}?`}
      confirmLabel="Publish now"
      onCancel={onCancel}
      onConfirm={onConfirm}
      details={
        pull.draft === true ? (
          <p data-testid="publish-in-progress">
            <strong>Still in progress:</strong> nobody has marked this change request ready for
            review.
          </p>
        ) : undefined
      }
    >
      This merges change request #{pull.number} (“{pull.title}”) into main: {what}, and the draft’s
      branch is deleted.
    </ConfirmDialog>
  );
}
