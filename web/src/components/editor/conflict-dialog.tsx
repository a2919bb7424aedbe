import { useMemo, useState } from 'react';
import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { ContentItem } from '../../../../shared/content/schemas';
import {
  conflictCount,
  mergeEdits,
  resolveMerge,
  type EditVersion,
  type MergeChoices,
} from '../../lib/edit-merge';
import { Dialog } from '../ui/dialog';
import type { LocalConflict } from '../../lib/local-drafts';
import { BodyHunkChoice, FieldChoice, MergedResult } from './merge-choices';

interface ConflictDialogProps {
  fields: readonly FieldDefinition[];
  /** The version these edits started from. */
  base: LocalConflict['base'];
  /** The edits as the person has them now. */
  mine: EditVersion;
  theirs: ContentItem;
  onTakeTheirs(): void;
  /** Puts the merged version in the editor, to be checked and saved. */
  onApply(merged: EditVersion): void;
  onClose(): void;
}

/**
 * A save answered 409: someone changed the file since it was opened. Their changes and the edits
 * are merged against the version the edits started from: what one side changed is taken as it is,
 * and only what both changed differently is shown side by side to choose, per field and per body
 * hunk. The merged result is shown here and put in the editor; nothing is saved until the person
 * saves it. "Load their version" drops the edits instead.
 */
export function ConflictDialog({
  fields,
  base,
  mine,
  theirs,
  onTakeTheirs,
  onApply,
  onClose,
}: ConflictDialogProps) {
  const theirVersion = useMemo(
    () => ({ frontmatter: theirs.frontmatter, body: theirs.body ?? '' }),
    [theirs],
  );
  const merge = useMemo(() => mergeEdits(base, mine, theirVersion), [base, mine, theirVersion]);
  const [choices, setChoices] = useState<MergeChoices>({ fields: {}, body: {} });
  const [copied, setCopied] = useState<string | undefined>();
  const labelOf = (name: string) => fields.find((field) => field.name === name)?.label ?? name;
  const open = conflictCount(merge);
  const chosen = Object.keys(choices.fields).length + Object.keys(choices.body).length;
  const merged = resolveMerge(merge, choices);

  const copyMine = async () => {
    try {
      await navigator.clipboard.writeText(mine.body);
      setCopied('Your body text is on the clipboard.');
    } catch {
      setCopied(
        'Copying was refused by the browser; select the text in the editor and copy it by hand.',
      );
    }
  };

  return (
    <Dialog
      title="This item was changed by someone else"
      onClose={onClose}
      wide
      actions={
        <>
          <button type="button" className="button" onClick={copyMine}>
            Copy my text
          </button>
          <button type="button" className="button" onClick={onTakeTheirs}>
            Load their version
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => onApply(merged)}
            disabled={chosen < open}
            data-autofocus
          >
            Use the merged version
          </button>
        </>
      }
    >
      <p>
        Your changes were not saved. They are merged with theirs below; nothing is saved until you
        save the merged version.
      </p>
      {merge.takenFromTheirs.length > 0 && (
        <p data-testid="taken-from-theirs">
          Taken from their version: {merge.takenFromTheirs.map(labelOf).join(', ')}.
        </p>
      )}
      {open > 0 ? (
        <section aria-labelledby="merge-choices-heading">
          <h3 id="merge-choices-heading" className="small-heading">
            Both of you changed {open === 1 ? 'this' : `these ${open}`}: choose what to keep
          </h3>
          {merge.fieldConflicts.map((field) => (
            <FieldChoice
              key={field.name}
              label={labelOf(field.name)}
              conflict={field}
              choice={choices.fields[field.name]}
              onChoose={(side) =>
                setChoices({ ...choices, fields: { ...choices.fields, [field.name]: side } })
              }
            />
          ))}
          {merge.body.map((part, index) =>
            part.settled ? null : (
              <BodyHunkChoice
                key={index}
                hunk={part}
                choice={choices.body[index]}
                onChoose={(side) =>
                  setChoices({ ...choices, body: { ...choices.body, [index]: side } })
                }
              />
            ),
          )}
        </section>
      ) : (
        <p className="muted">None of your changes overlaps theirs: they merge as they are.</p>
      )}
      <MergedResult
        fields={fields}
        base={base.frontmatter}
        merged={merged}
        complete={chosen >= open}
      />
      {copied && (
        <p role="status" className="muted">
          {copied}
        </p>
      )}
      <p className="muted small">
        “Use the merged version” puts the result in the editor to check and save. “Load their
        version” discards your edits.
      </p>
    </Dialog>
  );
}
