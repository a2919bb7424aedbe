import { useState } from 'react';
import { itemHistory, revertVersion } from '../../api/history';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';

/** How many pages of the item's history are searched for the published commit (30 versions each). */
const pagesSearched = 3;

export interface UndoPublishProps {
  repo: string;
  collection: string;
  slug: string;
  /** The published change request. */
  number: number;
}

/**
 * "Undo publish" on a published change request: finds the commit it was published by in the
 * item's history, and opens a change request that reverts exactly its changes (later edits of
 * other fields and lines stay); a later edit of the same fields is refused, and said so. Loaded
 * only on published change requests.
 */
export default function UndoPublish({ repo, collection, slug, number }: UndoPublishProps) {
  const { navigate } = useRouter();
  const { reloadPulls } = useRepo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const undo = async () => {
    setBusy(true);
    setError(undefined);
    try {
      let cursor: string | undefined;
      for (let page = 0; page < pagesSearched; page += 1) {
        const history = await itemHistory(repo, collection, slug, cursor);
        const published = history.versions.find(
          (version) => version.changeRequest?.number === number,
        );
        if (published) {
          const undone = await revertVersion(repo, collection, published.slug, published.sha);
          if (undone.number === undefined) {
            setError('The item no longer holds any of these changes: there is nothing to undo.');
            setBusy(false);
            return;
          }
          reloadPulls();
          navigate({ name: 'review', repo, number: undone.number }, { force: true });
          return;
        }
        if (!history.next) break;
        cursor = history.next;
      }
      setError(`The commit of #${number} is not among the item's recent versions.`);
    } catch (cause) {
      setError((cause as Error).message);
    }
    setBusy(false);
  };

  return (
    <>
      <button type="button" className="button" onClick={undo} disabled={busy} aria-busy={busy}>
        {busy ? 'Undoing…' : 'Undo publish'}
      </button>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </>
  );
}
