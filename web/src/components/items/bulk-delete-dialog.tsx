import { deleteItems } from '../../api/content';
import { createPull } from '../../api/pulls';
import type { ItemRow } from '../../lib/item-query';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';
import { ConfirmDialog } from '../ui/confirm-dialog';

interface BulkDeleteDialogProps {
  repo: string;
  collection: string;
  label: string;
  rows: readonly ItemRow[];
  /** The collection publishes through reviews: one draft holds every deletion and its review opens. */
  reviewed: boolean;
  onCancel(): void;
  onDeleted(): void;
}

/**
 * Confirms deleting the selected items, listing them, then deletes them all with one commit, or
 * (reviewed) saves one draft with every deletion and opens its review. Loaded only when asked for.
 */
export default function BulkDeleteDialog({
  repo,
  collection,
  label,
  rows,
  reviewed,
  onCancel,
  onDeleted,
}: BulkDeleteDialogProps) {
  const { navigate } = useRouter();
  const { reloadPulls } = useRepo();
  const count = `${rows.length} item${rows.length === 1 ? '' : 's'}`;
  const remove = async () => {
    const items = rows.flatMap((row) => (row.sha ? [{ slug: row.slug, sha: row.sha }] : []));
    const done = await deleteItems(repo, collection, items, reviewed ? 'branch' : 'direct');
    if (done.branch) {
      const pull = await createPull(repo, done.branch, `Delete ${count} of ${label}`);
      reloadPulls();
      navigate({ name: 'review', repo, number: pull.number }, { force: true });
      return;
    }
    onDeleted();
  };
  return (
    <ConfirmDialog
      title={`Delete ${count}?`}
      confirmLabel={reviewed ? 'Request deletion' : `Delete ${count}`}
      tone="danger"
      onCancel={onCancel}
      onConfirm={remove}
      details={
        <ul className="bulk-list" aria-label="Items to delete">
          {rows.map((row) => (
            <li key={row.slug}>
              {row.title} <span className="muted small">({row.slug})</span>
            </li>
          ))}
        </ul>
      }
    >
      {reviewed
        ? 'This collection publishes through reviews: the removals are saved as one change request and published when it is merged.'
        : 'This commits the removal of every file listed below to the main branch, in one commit. The files stay in the repository\u2019s history.'}
    </ConfirmDialog>
  );
}
