import { lazy, Suspense, useState, type ReactNode } from 'react';
import { closePull, createPull } from '../../api/pulls';
import { deleteItem } from '../../api/content';
import { actionLabels, type SaveAction, type SaveButtons } from '../../lib/save-plan';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';
import { Icon } from '../ui/icons';
import { Loading } from '../ui/states';
import { SaveState } from './save-state';
import type { SaveStatus } from './editor-state';
import type { ItemLocation, SetInfo } from './save-flow';

// Rename and duplicate are rare: their dialog is loaded when one is asked for.
const MoveDialog = lazy(() => import('./move-dialog'));
// The history is read when asked for, its dialog (and the review's diff view it shows) loaded then.
const HistoryDialog = lazy(() => import('../history/history-dialog'));
// So is deleting: its question is loaded with the click that asks it.
const DeleteDialog = lazy(() => import('./delete-dialog'));
// And the choice of a change set, with the list of open ones it reads.
const AddToSetDialog = lazy(() => import('./add-to-set-dialog'));

const shortcut =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘S' : 'Ctrl+S';

interface EditorToolbarProps {
  repo: string;
  collection: string;
  title: string;
  /** The item's file as the editor names it (`post/index.md`), for the delete question. */
  fileName?: string;
  location: ItemLocation;
  /** The file's sha on the default branch; absent while it exists only as a draft. */
  mainSha?: string;
  status: SaveStatus;
  dirty: boolean;
  readOnly: boolean;
  buttons: SaveButtons;
  onSave(action: SaveAction): void;
  /** Saves into the change set chosen; absent: "Add to change set" is not offered. */
  onAddToSet?(set: SetInfo): void;
  /** The commit message the person wrote for the next save (blank: the generated one). */
  commitMessage: string;
  onCommitMessage(message: string): void;
  /** The item was deleted or its draft discarded: its unsaved edits must not be kept. */
  onRemoved(): void;
  /** Reads the item again (a version of it was restored). */
  onReload?(): void;
  /** Open with the History panel shown (an address from the activity page). */
  showHistory?: boolean;
  /** View controls shown between the save state and the actions (the layout switch). */
  children?: ReactNode;
}

/** Save state, the workflow's save buttons and delete. */
export function EditorToolbar({
  repo,
  collection,
  title,
  fileName,
  location,
  mainSha,
  status,
  dirty,
  readOnly,
  buttons,
  onSave,
  onAddToSet,
  commitMessage,
  onCommitMessage,
  onRemoved,
  onReload,
  showHistory = false,
  children,
}: EditorToolbarProps) {
  const { navigate } = useRouter();
  const { reloadPulls } = useRepo();
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState<'rename' | 'duplicate' | undefined>();
  const [history, setHistory] = useState(showHistory);
  const [choosingSet, setChoosingSet] = useState(false);
  const saving = status.kind === 'saving';
  const locked = saving || readOnly;
  const draftOnly = !location.isNew && !mainSha && location.pull !== undefined;
  // An item in a change set is taken out of it, or deleted, on the set's page: closing the set's
  // pull request from here would drop every other item of the set.
  const inSet = location.set !== undefined;
  // A translation is one locale's file: its History is that file's; rename and copy are the item's,
  // made in the default locale, and closing a change request would discard every locale's edits on it.
  const translation = location.locale !== undefined;
  // A collection locked to reviews deletes through a draft too: the deletion is reviewed and published like an edit.
  const reviewed = buttons.primary === 'draft' && !buttons.secondary && !draftOnly;

  const remove = async () => {
    if (draftOnly && location.pull) await closePull(repo, location.pull.number);
    else if (reviewed) {
      const sha = location.branch ? location.sha : mainSha;
      if (!sha) return;
      const { branch = `cms/${collection}/${location.slug}` } = await deleteItem(
        repo,
        collection,
        location.slug,
        sha,
        'branch',
        location.locale,
      );
      const number =
        location.pull?.number ?? (await createPull(repo, branch, `Delete “${title}”`)).number;
      onRemoved();
      reloadPulls();
      navigate({ name: 'review', repo, number }, { force: true });
      return;
    } else if (mainSha)
      await deleteItem(repo, collection, location.slug, mainSha, 'direct', location.locale);
    onRemoved();
    reloadPulls();
    navigate(
      { name: 'collection', repo, collection, ...(translation && { locale: location.locale }) },
      { force: true },
    );
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Item actions">
      <SaveState status={status} dirty={dirty} />
      {children}
      <div className="toolbar-actions">
        {!location.isNew && mainSha && !location.branch && (
          <button
            type="button"
            className="button ghost"
            onClick={() => setHistory(true)}
            disabled={locked || dirty}
            title={dirty ? 'Save or discard your changes first' : undefined}
          >
            History
          </button>
        )}
        {!location.isNew && mainSha && !location.branch && !translation && (
          <button
            type="button"
            className="button ghost"
            onClick={() => setMoving('rename')}
            disabled={locked || dirty}
            title={dirty ? 'Save or discard your changes first' : undefined}
          >
            Rename
          </button>
        )}
        {!location.isNew && mainSha && !translation && (
          <button
            type="button"
            className="button ghost"
            onClick={() => setMoving('duplicate')}
            disabled={locked || dirty}
            title={dirty ? 'Save or discard your changes first' : undefined}
          >
            Duplicate
          </button>
        )}
        {!location.isNew && !inSet && (mainSha || (draftOnly && !translation)) && (
          <button
            type="button"
            className="button ghost danger-text"
            onClick={() => setConfirming(true)}
            disabled={saving}
          >
            <Icon name="trash" />{' '}
            {draftOnly ? 'Discard change request' : reviewed ? 'Request deletion' : 'Delete'}
          </button>
        )}
        {buttons.secondary && (
          <button
            type="button"
            className="button"
            onClick={() => onSave(buttons.secondary!)}
            disabled={locked}
          >
            {actionLabels[buttons.secondary]}
          </button>
        )}
        {onAddToSet && !readOnly && (
          <button
            type="button"
            className="button"
            onClick={() => setChoosingSet(true)}
            disabled={locked}
          >
            Add to change set…
          </button>
        )}
        {!readOnly && (
          <details className="commit-message" open={commitMessage !== '' || undefined}>
            <summary>Commit message</summary>
            <label>
              <span className="visually-hidden">Commit message (optional)</span>
              <textarea
                rows={2}
                maxLength={5000}
                value={commitMessage}
                onChange={(event) => onCommitMessage(event.target.value)}
                placeholder={`${location.isNew ? 'Create' : 'Update'} ${collection}/${location.slug}`}
                disabled={saving}
              />
            </label>
          </details>
        )}
        <button
          type="button"
          className="button primary"
          onClick={() => onSave(buttons.primary)}
          disabled={locked}
          aria-keyshortcuts={shortcut === '⌘S' ? 'Meta+S' : 'Control+S'}
          title={`${actionLabels[buttons.primary]} (${shortcut})`}
        >
          {actionLabels[buttons.primary]}
        </button>
      </div>
      {moving && mainSha && (
        <Suspense fallback={null}>
          <MoveDialog
            kind={moving}
            repo={repo}
            collection={collection}
            slug={location.slug}
            sha={mainSha}
            title={title}
            reviewed={buttons.primary === 'draft'}
            onClose={() => setMoving(undefined)}
            onMoved={onRemoved}
          />
        </Suspense>
      )}
      {history && mainSha && (
        <Suspense fallback={null}>
          <HistoryDialog
            repo={repo}
            collection={collection}
            slug={location.slug}
            sha={mainSha}
            locale={location.locale}
            onClose={() => setHistory(false)}
            onRestored={() => {
              onRemoved();
              onReload?.();
            }}
          />
        </Suspense>
      )}
      {choosingSet && onAddToSet && (
        <Suspense fallback={<Loading label="Opening the change sets…" />}>
          <AddToSetDialog
            repo={repo}
            onCancel={() => setChoosingSet(false)}
            onChoose={(set) => {
              setChoosingSet(false);
              onAddToSet(set);
            }}
          />
        </Suspense>
      )}
      {confirming && (
        <Suspense fallback={<Loading label="Opening the question…" />}>
          <DeleteDialog
            title={title}
            file={fileName ?? location.slug}
            draftOnly={draftOnly}
            reviewed={reviewed}
            pull={location.pull?.number}
            onCancel={() => setConfirming(false)}
            onConfirm={remove}
          />
        </Suspense>
      )}
    </div>
  );
}
