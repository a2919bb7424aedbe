import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { ContentDiffField } from '../../../../shared/pulls/schemas';
import { FieldDiffValue } from './field-diff-value';

interface FieldDiffTableProps {
  fields: readonly ContentDiffField[];
  /** The collection's definitions, for labels and order; unknown keys keep their own name. */
  definitions: readonly FieldDefinition[];
  /** The two columns' headings: what the versions are. */
  columns?: readonly [before: string, after: string];
}

/** Frontmatter field by field, before and after; changed rows are highlighted and say so in words. */
export function FieldDiffTable({ fields, definitions, columns = ['Published', 'Draft'] }: FieldDiffTableProps) {
  const order = new Map(definitions.map((definition, index) => [definition.name, index]));
  const labels = new Map(definitions.map((definition) => [definition.name, definition.label]));
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const rows = [...fields].sort((a, b) => (order.get(a.name) ?? Infinity) - (order.get(b.name) ?? Infinity));
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
          <tr key={field.name} className={field.changed ? 'changed' : undefined} data-field={field.name} aria-label={field.changed ? `${labels.get(field.name) ?? field.name}, changed` : undefined}>
            <th scope="row">
              {labels.get(field.name) ?? field.name}
              {field.changed && <span className="badge badge-changed">Changed</span>}
            </th>
            <td className={field.changed ? 'diff-old' : undefined}>
              <FieldDiffValue definition={byName.get(field.name)} value={field.oldValue} other={field.newValue} side="old" />
            </td>
            <td className={field.changed ? 'diff-new' : undefined}>
              <FieldDiffValue definition={byName.get(field.name)} value={field.newValue} other={field.oldValue} side="new" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
