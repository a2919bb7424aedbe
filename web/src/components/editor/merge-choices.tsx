import { useId, type ReactNode } from 'react';
import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { deepEqual } from '../../../../shared/content/deep-equal';
import type { BodyPart, EditVersion, FieldConflict } from '../../lib/edit-merge';
import { formatValue } from '../../lib/format';

type Side = 'mine' | 'theirs';

interface SidesProps {
  legend: string;
  mine: ReactNode;
  theirs: ReactNode;
  choice: Side | undefined;
  onChoose(side: Side): void;
}

/** Two versions of one thing side by side, each a radio button: the person keeps one. */
function Sides({ legend, mine, theirs, choice, onChoose }: SidesProps) {
  const name = useId();
  const option = (side: Side, title: string, content: ReactNode) => (
    <label className={choice === side ? 'merge-side chosen' : 'merge-side'}>
      <span className="merge-side-title">
        <input type="radio" name={name} checked={choice === side} onChange={() => onChoose(side)} />{' '}
        {title}
      </span>
      {content}
    </label>
  );
  return (
    <fieldset className="merge-choice">
      <legend>{legend}</legend>
      <div className="merge-sides">
        {option('mine', 'Keep yours', mine)}
        {option('theirs', 'Keep theirs', theirs)}
      </div>
    </fieldset>
  );
}

export function FieldChoice(props: {
  label: string;
  conflict: FieldConflict;
  choice: Side | undefined;
  onChoose(side: Side): void;
}) {
  const { label, conflict, choice, onChoose } = props;
  return (
    <Sides
      legend={label}
      mine={<span className="merge-value">{formatValue(conflict.mine)}</span>}
      theirs={<span className="merge-value">{formatValue(conflict.theirs)}</span>}
      choice={choice}
      onChoose={onChoose}
    />
  );
}

export function BodyHunkChoice(props: {
  hunk: Extract<BodyPart, { settled: false }>;
  choice: Side | undefined;
  onChoose(side: Side): void;
}) {
  const { hunk, choice, onChoose } = props;
  const lines = (text: string) => text || '(removed)';
  return (
    <Sides
      legend={`Body, from line ${hunk.firstLine}`}
      mine={<pre className="merge-text">{lines(hunk.mine)}</pre>}
      theirs={<pre className="merge-text">{lines(hunk.theirs)}</pre>}
      choice={choice}
      onChoose={onChoose}
    />
  );
}

/** The version "Use the merged version" puts in the editor: every field either side changed, and the body. */
export function MergedResult(props: {
  fields: readonly FieldDefinition[];
  base: Record<string, unknown>;
  merged: EditVersion;
  complete: boolean;
}) {
  const { fields, base, merged, complete } = props;
  const changed = fields.filter(
    (field) => !deepEqual(base[field.name], merged.frontmatter[field.name]),
  );
  return (
    <section aria-labelledby="merge-result-heading" data-testid="merge-result">
      <h3 id="merge-result-heading" className="small-heading">
        The merged version
      </h3>
      {!complete && (
        <p className="muted small">Shown with your side until you choose, for each change above.</p>
      )}
      {changed.length > 0 && (
        <table className="diff-table">
          <thead>
            <tr>
              <th scope="col">Changed field</th>
              <th scope="col">Merged value</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((field) => (
              <tr key={field.name}>
                <th scope="row">{field.label}</th>
                <td>{formatValue(merged.frontmatter[field.name])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <pre className="merge-text merge-body" tabIndex={0} aria-label="Merged body">
        {merged.body}
      </pre>
    </section>
  );
}
