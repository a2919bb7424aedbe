import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { isPlainObject, optionLabel, optionValue } from '../../../../shared/content/field-value';
import { formatValue } from '../../lib/format';
import { RelationLabel } from './relation-label';

/** A value inside an object or list, on one line: `label: A, url: https://a` for an object. */
const nestedText = (value: unknown): string =>
  isPlainObject(value)
    ? Object.entries(value)
        .map(([key, inner]) => `${key}: ${nestedText(inner)}`)
        .join(', ')
    : Array.isArray(value)
      ? value.map(nestedText).join(', ')
      : formatValue(value);

/**
 * One side of a field's diff. A multi-line string keeps its lines; a select shows its options'
 * labels; a multiple select (or relation, by slug) is a list whose items missing on the other side are marked (removed
 * on the old side, added on the new one). An object or list shows its content, an item or a key
 * per line (what changed inside it also follows in rows of its own). Anything else is formatted as text.
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
    if (
      definition?.type === 'relation' &&
      definition.collection &&
      typeof item === 'string' &&
      item !== ''
    )
      return (
        <RelationLabel
          collection={definition.collection}
          slug={item}
          displayField={definition.displayField}
        />
      );
    const option =
      definition?.type === 'select'
        ? definition.options?.find((candidate) => optionValue(candidate) === item)
        : undefined;
    return option === undefined ? formatValue(item) : optionLabel(option);
  };
  // An object or list shows what it holds; its changes follow in rows of their own, by path.
  if (definition?.type === 'list' && Array.isArray(value))
    return value.length === 0 ? (
      <span className="muted">(none)</span>
    ) : (
      <ul className="diff-choices">
        {value.map((item, index) => (
          <li key={index}>{nestedText(item)}</li>
        ))}
      </ul>
    );
  if (definition?.type === 'object' && isPlainObject(value))
    return (
      <ul className="diff-choices">
        {Object.entries(value).map(([key, inner]) => (
          <li key={key}>
            {key}: {nestedText(inner)}
          </li>
        ))}
      </ul>
    );
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
