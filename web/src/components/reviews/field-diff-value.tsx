import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { isPlainObject, optionLabel, optionValue } from '../../../../shared/content/field-value';
import { formatValue } from '../../lib/format';

/**
 * One side of a field's diff. A multi-line string keeps its lines; a select shows its options'
 * labels; a multiple select (or relation, by slug) is a list whose items missing on the other side are marked (removed
 * on the old side, added on the new one). An object or list is counted (its changes are rows of
 * their own). Anything else is formatted as text.
 */
export function FieldDiffValue({
  definition,
  value,
  other,
  side,
}: {
  definition?: FieldDefinition;
  value: unknown;
  other: unknown;
  side: 'old' | 'new';
}) {
  const label = (item: unknown) => {
    const option =
      definition?.type === 'select'
        ? definition.options?.find((candidate) => optionValue(candidate) === item)
        : undefined;
    return option === undefined ? formatValue(item) : optionLabel(option);
  };
  // An object or list is summed up: its changes follow in rows of their own, by path.
  if (definition?.type === 'list' && Array.isArray(value))
    return <>{value.length === 1 ? '1 item' : `${value.length} items`}</>;
  if (definition?.type === 'object' && isPlainObject(value)) {
    const count = Object.keys(value).length;
    return <>{count === 1 ? '1 value' : `${count} values`}</>;
  }
  if (typeof value === 'string' && value.includes('\n'))
    return <pre className="diff-multiline">{value}</pre>;
  if (
    (definition?.type === 'select' || definition?.type === 'relation') &&
    definition.multiple &&
    Array.isArray(value) &&
    value.length > 0
  ) {
    const others = Array.isArray(other) ? other : [];
    const Mark = side === 'old' ? 'del' : 'ins';
    return (
      <ul className="diff-choices">
        {value.map((item, index) => (
          <li key={index}>{others.includes(item) ? label(item) : <Mark>{label(item)}</Mark>}</li>
        ))}
      </ul>
    );
  }
  return <>{label(value)}</>;
}
