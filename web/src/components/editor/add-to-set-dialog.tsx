import { useId, useState, type FormEvent } from 'react';
import { createSet, listSets } from '../../api/sets';
import { useAsync } from '../../lib/use-async';
import { Dialog } from '../ui/dialog';
import { ErrorMessage, Loading } from '../ui/states';
import type { SetInfo } from './save-flow';

export interface AddToSetDialogProps {
  repo: string;
  onCancel(): void;
  /** The set to save into: an open one picked, or the one just created. */
  onChoose(set: SetInfo): void;
}

const newSet = '';

/**
 * "Add to change set": pick one of the repository's open change sets, or start one (name and
 * title; the name's rules are the service's, so its refusal is shown as it says it). Loaded only
 * when asked for.
 */
export default function AddToSetDialog({ repo, onCancel, onChoose }: AddToSetDialogProps) {
  const sets = useAsync(() => listSets(repo), `sets:${repo}`);
  const [picked, setPicked] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const open = sets.data ?? [];
  // The first open set is the likely one; with none, a new set is the only choice.
  const choice = picked ?? open[0]?.set ?? newSet;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(undefined);
    const chosen = open.find((set) => set.set === choice);
    if (chosen) return onChoose({ name: chosen.set, title: chosen.title, number: chosen.number });
    setBusy(true);
    try {
      const created = await createSet(repo, name.trim(), title);
      onChoose({ name: created.name, title: title.trim() || created.name, number: created.number });
    } catch (cause) {
      setError((cause as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Add to a change set"
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="button primary"
            disabled={busy || !sets.data}
            aria-busy={busy}
          >
            {busy ? 'Working…' : 'Save to change set'}
          </button>
        </>
      }
    >
      <p className="muted small">
        A change set holds edits of several items, of any collections, reviewed together and
        published with one action.
      </p>
      {sets.status === 'error' && <ErrorMessage error={sets.error} onRetry={sets.retry} />}
      {!sets.data && sets.status === 'loading' && <Loading label="Loading the change sets…" />}
      {sets.data && (
        <form id={formId} onSubmit={submit} noValidate>
          <fieldset className="set-choices">
            <legend className="field-label">Change set</legend>
            {open.map((set) => (
              <label key={set.set} className="choice">
                <input
                  type="radio"
                  name="set"
                  value={set.set}
                  checked={choice === set.set}
                  onChange={() => setPicked(set.set)}
                />{' '}
                {set.title}{' '}
                <span className="muted small">
                  {set.set} · {set.items.length} {set.items.length === 1 ? 'item' : 'items'}
                </span>
              </label>
            ))}
            <label className="choice">
              <input
                type="radio"
                name="set"
                value={newSet}
                checked={choice === newSet}
                onChange={() => setPicked(newSet)}
              />{' '}
              A new change set
            </label>
          </fieldset>
          {choice === newSet && (
            <>
              <label className="field-label" htmlFor={`${formId}-name`}>
                Name
              </label>
              <input
                id={`${formId}-name`}
                value={name}
                onChange={(event) => setName(event.target.value)}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={`${formId}-name-hint`}
                data-autofocus
              />
              <p id={`${formId}-name-hint`} className="field-hint">
                Lowercase letters, digits and “-”, as in spring-launch: its branch is
                cms/_sets/name.
              </p>
              <label className="field-label" htmlFor={`${formId}-title`}>
                Title
              </label>
              <input
                id={`${formId}-title`}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                autoComplete="off"
              />
            </>
          )}
        </form>
      )}
      {error && (
        <p role="alert" className="error-text" data-testid="set-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
