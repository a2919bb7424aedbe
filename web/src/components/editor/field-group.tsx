import type { ReactNode } from 'react';
import { messageIdOf } from '../../lib/field-ids';

/**
 * A field that holds other fields (an object's, a list's items): a fieldset named by its legend,
 * marked invalid with its problem under the legend. Focusable, so a problem named by path can be
 * scrolled to.
 */
export function FieldGroup({
  id,
  kind,
  label,
  required,
  problem,
  children,
}: {
  id: string;
  kind: 'object' | 'list';
  label: string;
  required?: boolean;
  problem?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={`field field-${kind}`}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? messageIdOf(id) : undefined}
    >
      <legend className="field-label">
        {label}
        {required && (
          <span className="required" aria-hidden="true" title="Required">
            *
          </span>
        )}
      </legend>
      {problem && (
        <p id={messageIdOf(id)} className="field-message">
          {problem}
        </p>
      )}
      {children}
    </fieldset>
  );
}
