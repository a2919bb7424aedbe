import { useId, useState, type FormEvent } from 'react';
import { slugProblem } from '../../../../shared/content/slug';
import { duplicateItem, renameItem } from '../../api/content';
import { createPull } from '../../api/pulls';
import { useRouter } from '../../router/router';
import { useRepo } from '../repos/repo-context';
import { Dialog } from '../ui/dialog';

export interface MoveDialogProps {
  kind: 'rename' | 'duplicate';
  repo: string;
  collection: string;
  slug: string;
  /** The file's sha on the default branch. */
  sha: string;
  title: string;
  /** The collection publishes through reviews: the change goes to a draft and its review opens. */
  reviewed: boolean;
  onClose(): void;
  /** Called once the item has moved away from this page (its unsaved edits must not be kept). */
  onMoved(): void;
}

/**
 * Rename or duplicate: asks for the new slug (checked with the service's own slug rules as it is
 * typed), then opens the item at its new address. In a reviewed collection the change is made on
 * the new slug's draft and its review is opened, as a save does. Loaded only when asked for.
 */
export default function MoveDialog({
  kind,
  repo,
  collection,
  slug,
  sha,
  title,
  reviewed,
  onClose,
  onMoved,
}: MoveDialogProps) {
  const { navigate } = useRouter();
  const { reloadPulls } = useRepo();
  // An encoded slug (a file named as the site names it) is no strict slug to build on.
  const [to, setTo] = useState(
    kind === 'duplicate' ? (slug.startsWith('_') ? 'copy' : `${slug}-copy`) : '',
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const hintId = useId();
  const problem =
    slugProblem(to) ?? (to === slug ? 'is the current slug; choose another' : undefined);
  const showProblem = touched && problem !== undefined;
  const mode = reviewed ? 'branch' : 'direct';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setError(undefined);
    try {
      const done =
        kind === 'rename'
          ? await renameItem(repo, collection, slug, { to, sha, mode })
          : await duplicateItem(repo, collection, slug, { to, mode });
      if (done.branch) {
        const words =
          kind === 'rename' ? `Rename “${title}” to ${to}` : `Duplicate “${title}” as ${to}`;
        // A rename is a finished change, ready for review; a copy is a new item still to be edited.
        await createPull(repo, done.branch, words, kind === 'duplicate');
      }
      if (kind === 'rename') onMoved();
      reloadPulls();
      navigate({ name: 'item', repo, collection, slug: to }, { force: true });
    } catch (cause) {
      setError((cause as Error).message);
      setBusy(false);
    }
  };

  const verb = kind === 'rename' ? 'Rename' : 'Duplicate';
  return (
    <Dialog
      title={kind === 'rename' ? `Rename “${title}”` : `Duplicate “${title}”`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={inputId + '-form'}
            className="button primary"
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Working…' : reviewed ? `${verb} as a change request` : verb}
          </button>
        </>
      }
    >
      <form id={inputId + '-form'} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="field-label">
          {kind === 'rename' ? 'New slug' : 'Slug of the copy'}
        </label>
        <input
          id={inputId}
          value={to}
          data-autofocus
          onChange={(event) => setTo(event.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={showProblem ? true : undefined}
          aria-describedby={hintId}
          spellCheck={false}
          autoComplete="off"
        />
        <p id={hintId} className={showProblem ? 'field-message' : 'field-hint'}>
          {showProblem
            ? `Slug ${problem}.`
            : kind === 'rename'
              ? `The file moves from ${slug} to the new name, unchanged.${reviewed ? ' The move is saved as a change request and published when it is merged.' : ''}`
              : `A copy of the file, byte for byte, under the new name.${reviewed ? ' It is saved as a change request of its own.' : ''}`}
        </p>
      </form>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </Dialog>
  );
}
