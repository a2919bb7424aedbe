import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { ContentDiffField } from '../../../../shared/pulls/schemas';
import { Fragment } from 'react';
import { FieldDiffValue } from './field-diff-value';
import { hasNestedChanges, NestedDiffRows } from './nested-diff-rows';

interface FieldDiffTableProps {
  fields: readonly ContentDiffField[];
  /** The collection's definitions, for labels and order; unknown keys keep their own name. */
  definitions: readonly FieldDefinition[];
  /** The two columns' headings: what the versions are. */
  columns?: readonly [before: string, after: string];
  /** A new item: there is no before, so each field shows its value alone. */
  added?: boolean;
}

/**
 * Frontmatter field by field, before and after; changed rows are highlighted and say so in words.
 * A changed object or list is followed by a row for each value that changed inside it, by path.
 */
export function FieldDiffTable({
  fields,
  definitions,
  columns = ['Published', 'Change request'],
  added = false,
}: FieldDiffTableProps) {
  const order = new Map(definitions.map((definition, index) => [definition.name, index]));
  const labels = new Map(definitions.map((definition) => [definition.name, definition.label]));
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const rows = [...fields].sort(
    (a, b) => (order.get(a.name) ?? Infinity) - (order.get(b.name) ?? Infinity),
  );
  if (added)
    return (
      <table className="diff-table" data-testid="field-diff">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((field) => (
            <tr key={field.name} data-field={field.name}>
              <th scope="row">{labels.get(field.name) ?? field.name}</th>
              <td>
                <FieldDiffValue
                  definition={byName.get(field.name)}
                  value={field.newValue}
                  other={field.newValue}
                  side="new"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <table className="diff-table" data-testid="field-diff">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((field) => (
          <Fragment key={field.name}>
            <tr
              className={field.changed ? 'changed' : undefined}
              data-field={field.name}
              aria-label={
                field.changed ? `${labels.get(field.name) ?? field.name}, changed` : undefined
              }
            >
              <th scope="row">
                {labels.get(field.name) ?? field.name}
                {field.changed && <span className="badge badge-changed">Changed</span>}
              </th>
              <td className={field.changed ? 'diff-old' : undefined}>
                <FieldDiffValue
                  definition={byName.get(field.name)}
                  value={field.oldValue}
                  other={field.newValue}
                  side="old"
                />
              </td>
              <td className={field.changed ? 'diff-new' : undefined}>
                <FieldDiffValue
                  definition={byName.get(field.name)}
                  value={field.newValue}
                  other={field.oldValue}
                  side="new"
                />
              </td>
            </tr>
            {field.changed &&
              hasNestedChanges(byName.get(field.name), field.oldValue, field.newValue) && (
                <NestedDiffRows
                  name={field.name}
                  oldValue={field.oldValue}
                  newValue={field.newValue}
                />
              )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
