import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { isPlainObject } from '../../../../shared/content/field-value';
import { valueChanges } from '../../../../shared/content/value-diff';
import { formatValue } from '../../lib/format';

/** Whether a field's change is shown path by path: an object or list field whose sides both hold an object, or both a list. */
export const hasNestedChanges = (
  definition: FieldDefinition | undefined,
  oldValue: unknown,
  newValue: unknown,
): boolean =>
  (definition?.type === 'object' || definition?.type === 'list') &&
  ((isPlainObject(oldValue) && isPlainObject(newValue)) ||
    (Array.isArray(oldValue) && Array.isArray(newValue)));

/**
 * The rows under a changed object or list field: one per changed value inside it, named by its
 * path (`seo.title`, `links[2].url`), the old value struck out and the new one marked.
 */
export function NestedDiffRows({
  name,
  oldValue,
  newValue,
}: {
  name: string;
  oldValue: unknown;
  newValue: unknown;
}) {
  return (
    <>
      {valueChanges(oldValue, newValue).map((change) => {
        const path = change.path.startsWith('[')
          ? `${name}${change.path}`
          : `${name}.${change.path}`;
        return (
          <tr key={path} className="changed diff-nested" data-path={path}>
            <th scope="row">
              <code>{path}</code>
            </th>
            <td className="diff-old">
              {'oldValue' in change ? (
                <del>{formatValue(change.oldValue)}</del>
              ) : (
                <span className="muted">(absent)</span>
              )}
            </td>
            <td className="diff-new">
              {'newValue' in change ? (
                <ins>{formatValue(change.newValue)}</ins>
              ) : (
                <span className="muted">(removed)</span>
              )}
            </td>
          </tr>
        );
      })}
    </>
  );
}
