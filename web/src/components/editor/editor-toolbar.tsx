import { useState } from 'react';
import { closePull, createPull } from '../../api/pulls';
import { deleteItem } from '../../api/content';
import { clearLocalDraft } from '../../lib/local-drafts';
import { actionLabels, type SaveButtons } from '../../lib/save-plan';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Icon } from '../ui/icons';
import { SaveState } from './save-state';
import type { ItemEditorModel } from './use-item-editor';

const shortcut = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘S' : 'Ctrl+S';

/** Save state, the workflow's save buttons and delete. */
export function EditorToolbar({ model, buttons }: { model: ItemEditorModel; buttons: SaveButtons }) {
  const { navigate } = useRouter();
  const { reloadPulls } = useRepo();
  const [confirming, setConfirming] = useState(false);
  const { location, mainSha, status } = model;
  const saving = status.kind === 'saving';
  const locked = saving || model.readOnly;
  const draftOnly = !location.isNew && !mainSha && location.pull !== undefined;
  // A collection locked to reviews deletes through a draft too: the deletion is reviewed and published like an edit.
  const reviewed = buttons.primary === 'draft' && !buttons.secondary && !draftOnly;

  const remove = async () => {
    if (draftOnly && location.pull) await closePull(model.repo, location.pull.number);
    else if (reviewed) {
      const sha = location.branch ? location.sha : mainSha;
      if (!sha) return;
      const { branch = `cms/${model.collection}/${location.slug}` } = await deleteItem(model.repo, model.collection, location.slug, sha, 'branch');
      const number = location.pull?.number ?? (await createPull(model.repo, branch, `Delete “${model.title}”`)).number;
      model.discarded.current = true;
      clearLocalDraft(model.localKey);
      reloadPulls();
      navigate({ name: 'review', repo: model.repo, number }, { force: true });
      return;
    } else if (mainSha) await deleteItem(model.repo, model.collection, location.slug, mainSha);
    model.discarded.current = true;
    clearLocalDraft(model.localKey);
    reloadPulls();
    navigate({ name: 'collection', repo: model.repo, collection: model.collection }, { force: true });
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Item actions">
      <SaveState status={status} dirty={model.dirty} />
      <div className="toolbar-actions">
        {!location.isNew && (mainSha || draftOnly) && (
          <button type="button" className="button ghost danger-text" onClick={() => setConfirming(true)} disabled={saving}>
            <Icon name="trash" /> {draftOnly ? 'Discard draft' : reviewed ? 'Request deletion' : 'Delete'}
          </button>
        )}
        {buttons.secondary && (
          <button type="button" className="button" onClick={() => model.save(buttons.secondary!)} disabled={locked}>
            {actionLabels[buttons.secondary]}
          </button>
        )}
        <button type="button" className="button primary" onClick={() => model.save(buttons.primary)} disabled={locked} aria-keyshortcuts={shortcut === '⌘S' ? 'Meta+S' : 'Control+S'} title={`${actionLabels[buttons.primary]} (${shortcut})`}>
          {actionLabels[buttons.primary]}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={draftOnly ? `Discard the draft “${model.title}”?` : `Delete “${model.title}”?`}
          confirmLabel={draftOnly ? 'Discard draft' : reviewed ? 'Request deletion' : 'Delete'}
          tone="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={remove}
        >
          {draftOnly
            ? `The item exists only as a draft. Its review #${location.pull?.number} is closed and its branch deleted.`
            : reviewed
              ? `This collection publishes through reviews: the removal of ${location.slug}.md is saved as a draft and published when its review is merged.`
              : `This commits the removal of ${location.slug}.md to the main branch.${location.pull ? ` The open review #${location.pull.number} stays open.` : ''} The file stays in the repository's history.`}
        </ConfirmDialog>
      )}
    </div>
  );
}
