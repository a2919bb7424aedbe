import { useState } from 'react';
import type { ContentDiff } from '../../../../shared/pulls/schemas';
import { removeSetItem } from '../../api/sets';
import { setChangesOf, setItemKindLabels, type SetItemChange } from '../../lib/set-items';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/states';
import { FileDiff, ItemDiff } from './diff-view';
import { RelationItemsOf } from './relation-label';

export interface SetChangesProps {
  /** The set's name, for "Remove from set". */
  set: string;
  diffs: readonly ContentDiff[];
  /** The set's branch: its images are read there. */
  headRef: string;
  /** Open: its items may be edited and taken out. */
  open: boolean;
  /** An item was taken out: the set's detail and diff are read again. */
  onChanged(): void;
}

/**
 * A change set's page: its items grouped by collection, each with its kind and its field diff (the
 * review's own components), and "Remove from set"; then the media files it adds. Loaded only for a
 * set's review, so a single draft's review does not carry it.
 */
export default function SetChanges({ set, diffs, headRef, open, onChanged }: SetChangesProps) {
  const { repo, config, reloadPulls } = useRepo();
  const [removing, setRemoving] = useState<SetItemChange | undefined>();
  const { groups, media } = setChangesOf({ diffs, collections: Object.keys(config.collections) });
  if (diffs.length === 0)
    return (
      <EmptyState title="This change set holds no items yet">
        Open an item and choose “Add to change set” to add it.
      </EmptyState>
    );
  return (
    <RelationItemsOf repo={repo}>
      {groups.map(({ collection, items }) => {
        const label = config.collections[collection]?.label ?? collection;
        return (
          <section key={collection} className="set-group" data-testid="set-group">
            <h3 className="set-group-title">
              {label} <span className="muted">({items.length})</span>
            </h3>
            {items.map((change) => (
              <article
                key={change.diff.path ?? change.slug}
                className="diff-item"
                data-testid="set-item"
                data-item={`${collection}/${change.slug}`}
                data-path={change.diff.path}
              >
                <div className="set-item-head">
                  <h4 className="diff-item-title">
                    <span className="badge" data-testid="set-item-kind">
                      {setItemKindLabels[change.kind]}
                    </span>{' '}
                    {label} / {change.slug}
                    {change.diff.previousSlug && (
                      <span className="muted small"> from {change.diff.previousSlug}</span>
                    )}
                  </h4>
                  {open && (
                    <span className="button-row">
                      {change.kind !== 'deleted' && (
                        <Link
                          to={{ name: 'item', repo, collection, slug: change.slug }}
                          className="button small"
                        >
                          Edit
                        </Link>
                      )}
                      <button
                        type="button"
                        className="button small"
                        onClick={() => setRemoving(change)}
                      >
                        Remove from set
                      </button>
                    </span>
                  )}
                </div>
                <ItemDiff diff={change.diff} />
              </article>
            ))}
          </section>
        );
      })}
      {media.length > 0 && (
        <section className="set-group" data-testid="set-media">
          <h3 className="set-group-title">
            Media <span className="muted">({media.length})</span>
          </h3>
          {media.map((diff) => (
            <FileDiff key={diff.path} diff={diff} file={diff.file!} headRef={headRef} />
          ))}
        </section>
      )}
      {removing && (
        <ConfirmDialog
          title={`Take ${removing.collection}/${removing.slug} out of the change set?`}
          confirmLabel="Remove from set"
          tone="danger"
          onCancel={() => setRemoving(undefined)}
          onConfirm={async () => {
            await removeSetItem(repo, set, removing.collection, removing.slug);
            setRemoving(undefined);
            reloadPulls();
            onChanged();
          }}
        >
          Its files on the set’s branch go back to the published version, in one commit (the set’s
          edits of it stay in the branch’s history). The published version does not change; the item
          may then be edited on its own or in another set.
        </ConfirmDialog>
      )}
    </RelationItemsOf>
  );
}
