import { useState } from 'react';
import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { ContentItem } from '../../../../shared/content/schemas';
import { formatValue } from '../../lib/format';
import { Dialog } from '../ui/dialog';
import { BodyDiff } from '../reviews/body-diff';
import type { LocalConflict } from '../../lib/local-drafts';

interface ConflictDialogProps {
  fields: readonly FieldDefinition[];
  /** The version these edits started from. */
  base: LocalConflict['base'];
  /** The body as the person has it now. */
  mine: string;
  theirs: ContentItem;
  onTakeTheirs(): void;
  onKeepMine(): void;
  onClose(): void;
}

/**
 * A save answered 409: someone changed the file since it was opened. Shows what they changed
 * (against the version these edits started from) and offers: take their version, copy my text
 * first, or keep mine and save it over theirs.
 */
export function ConflictDialog({
  fields,
  base,
  mine,
  theirs,
  onTakeTheirs,
  onKeepMine,
  onClose,
}: ConflictDialogProps) {
  const [copied, setCopied] = useState<string | undefined>();
  const changedFields = fields.filter(
    (field) =>
      JSON.stringify(base.frontmatter[field.name]) !==
      JSON.stringify(theirs.frontmatter[field.name]),
  );

  const copyMine = async () => {
    try {
      await navigator.clipboard.writeText(mine);
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
          <button type="button" className="button" onClick={onKeepMine}>
            Keep mine
          </button>
          <button type="button" className="button primary" onClick={onTakeTheirs} data-autofocus>
            Load their version
          </button>
        </>
      }
    >
      <p>Your changes were not saved. Here is what changed since you opened it:</p>
      {changedFields.length > 0 ? (
        <table className="diff-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">When you opened it</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {changedFields.map((field) => (
              <tr key={field.name} className="changed">
                <th scope="row">{field.label}</th>
                <td>{formatValue(base.frontmatter[field.name])}</td>
                <td>{formatValue(theirs.frontmatter[field.name])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No field changed.</p>
      )}
      <h3 className="small-heading">Body</h3>
      <BodyDiff oldBody={base.body} newBody={theirs.body ?? ''} />
      {copied && (
        <p role="status" className="muted">
          {copied}
        </p>
      )}
      <p className="muted small">
        “Load their version” discards your edits. “Keep mine” lets your next save replace their
        changes.
      </p>
    </Dialog>
  );
}
