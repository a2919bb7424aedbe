import { useEffect, useState } from 'react';
import type { ContentDiff } from '../../../../shared/pulls/schemas';
import type { ItemVersion } from '../../../../shared/history/history-schemas';
import { compareVersions, itemHistory, restoreVersion } from '../../api/history';
import { useRepo } from '../repos/repo-context';
import { DiffView } from '../reviews/diff-view';
import { Dialog } from '../ui/dialog';

export interface HistoryDialogProps {
  repo: string;
  collection: string;
  slug: string;
  /** The file's sha on the default branch: a restore is guarded by it. */
  sha: string;
  /** A translated item's locale other than the default: the history of that locale's file. */
  locale?: string;
  onClose(): void;
  /** Called once a version was restored: the editor drops its unsaved edits and reads the item again. */
  onRestored(): void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const summaryOf = (version: ItemVersion) => version.message.split('\n', 1)[0] ?? '';
const whoOf = (version: ItemVersion) =>
  version.cms?.by ?? version.author.login ?? version.author.name ?? 'someone';

/**
 * The item's history: every version with who made it, when and why (newest first, older pages on
 * demand); a version compared with the published item or with another version, field by field as
 * a review shows it; and a restore of a version as a new commit (a draft in reviewed
 * collections). Loaded only when asked for: the editor's first download stays as it is.
 */
export default function HistoryDialog({
  repo,
  collection,
  slug,
  sha,
  locale,
  onClose,
  onRestored,
}: HistoryDialogProps) {
  const { reloadPulls } = useRepo();
  const [versions, setVersions] = useState<ItemVersion[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<ItemVersion | undefined>();
  const [against, setAgainst] = useState('');
  const [diff, setDiff] = useState<ContentDiff | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const load = async (cursor?: string) => {
    setLoading(true);
    try {
      const page = await itemHistory(repo, collection, slug, cursor, locale);
      setVersions((shown) => [...shown, ...page.versions]);
      setNext(page.next);
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    let live = true;
    itemHistory(repo, collection, slug, undefined, locale)
      .then((page) => {
        if (!live) return;
        setVersions(page.versions);
        setNext(page.next);
      })
      .catch((cause: unknown) => live && setError((cause as Error).message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [repo, collection, slug, locale]);

  useEffect(() => {
    if (!selected) return;
    let live = true;
    // Older side first: the selected version against the published item, or against another version.
    const other = versions.find((version) => version.sha === against);
    const older = other && Date.parse(other.date) < Date.parse(selected.date) ? other : selected;
    const newer = older === selected ? other : selected;
    compareVersions(
      repo,
      collection,
      older.slug,
      { from: older.sha, ...(newer && { to: newer.sha }) },
      locale,
    )
      .then((answer) => live && setDiff(answer))
      .catch((cause: unknown) => live && setError((cause as Error).message));
    return () => {
      live = false;
    };
  }, [repo, collection, selected, against, versions, locale]);

  const restore = async () => {
    if (!selected) return;
    setBusy(true);
    setError(undefined);
    try {
      const done = await restoreVersion(
        repo,
        collection,
        slug,
        { version: selected.sha, sha },
        locale,
      );
      reloadPulls();
      onClose();
      // Read again, the item shows what was restored (on its draft, in a reviewed collection).
      if (!done.unchanged) onRestored();
    } catch (cause) {
      setError((cause as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="History"
      wide
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Close
          </button>
          <button
            type="button"
            className="button primary"
            onClick={restore}
            disabled={busy || !selected || selected.slug !== slug || selected.blob === null}
            aria-busy={busy}
          >
            {busy
              ? 'Restoring…'
              : selected
                ? `Restore the version of ${when(selected.date)}`
                : 'Restore a version'}
          </button>
        </>
      }
    >
      <div className="history-panel">
        <ol className="history-timeline" aria-label="Versions, newest first">
          {versions.map((version) => (
            <li key={version.sha}>
              <button
                type="button"
                className={`history-version${selected?.sha === version.sha ? ' selected' : ''}`}
                aria-pressed={selected?.sha === version.sha}
                onClick={() => {
                  setSelected(version);
                  setAgainst('');
                  setDiff(undefined);
                }}
              >
                <span className="history-message">{summaryOf(version)}</span>
                <span className="muted small">
                  {whoOf(version)} · <time dateTime={version.date}>{when(version.date)}</time>
                  {version.changeRequest && ` · change request #${version.changeRequest.number}`}
                  {version.slug !== slug && ` · as ${version.slug}`}
                </span>
              </button>
            </li>
          ))}
        </ol>
        {loading && <p className="muted">Loading versions…</p>}
        {next && !loading && (
          <button type="button" className="button ghost" onClick={() => void load(next)}>
            Older versions
          </button>
        )}
        {selected && (
          <section className="history-compare" aria-label="Compare">
            <label className="field-label">
              Compare with{' '}
              <select
                value={against}
                onChange={(event) => {
                  setAgainst(event.target.value);
                  setDiff(undefined);
                }}
              >
                <option value="">the published item</option>
                {versions
                  .filter((version) => version.sha !== selected.sha)
                  .map((version) => (
                    <option key={version.sha} value={version.sha}>
                      {summaryOf(version)} ({when(version.date)})
                    </option>
                  ))}
              </select>
            </label>
            {diff ? <DiffView diffs={[diff]} /> : <p className="muted">Comparing…</p>}
          </section>
        )}
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </Dialog>
  );
}
