import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * Delete asks first, saying what happens to the file: discarded with its change request when it
 * exists only there, deleted through a change request when the collection is reviewed, else
 * deleted on main. Loaded when asked for: the editor's first view does not show it.
 */
export default function DeleteDialog({
  title,
  file,
  draftOnly,
  reviewed,
  pull,
  onCancel,
  onConfirm,
}: {
  title: string;
  /** The item's file as the editor names it. */
  file: string;
  /** The item exists only in its change request. */
  draftOnly: boolean;
  /** The collection publishes through reviews: the deletion is a change request too. */
  reviewed: boolean;
  /** The number of the item's open change request, if any. */
  pull?: number;
  onCancel(): void;
  onConfirm(): Promise<void>;
}) {
  return (
    <ConfirmDialog
      title={draftOnly ? `Discard the change request “${title}”?` : `Delete “${title}”?`}
      confirmLabel={draftOnly ? 'Discard change request' : reviewed ? 'Request deletion' : 'Delete'}
      tone="danger"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {draftOnly
        ? `The item exists only in change request #${pull}: it is closed and its branch deleted.`
        : reviewed
          ? `This collection publishes through reviews: the removal of ${file} is saved as a change request and published when it is merged.`
          : `This commits the removal of ${file} to the main branch.${pull !== undefined ? ` The open review #${pull} stays open.` : ''} The file stays in the repository's history.`}
    </ConfirmDialog>
  );
}
