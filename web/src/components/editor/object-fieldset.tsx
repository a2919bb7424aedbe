import { useState, type ReactNode } from 'react';
import type { FieldDefinition, ListItemField } from '../../../../shared/content/config-schema';
import { isPlainObject } from '../../../../shared/content/field-value';
import { writeKey } from '../../lib/form-nested';
import type { FieldValue } from '../../lib/form-model';
import { fieldId } from '../../lib/field-ids';
import { FieldGroup } from './field-group';

/** How a nested value is rendered (field-input.tsx passes its own nested field, which keeps modules free of cycles). */
export type RenderNested = (props: {
  field: FieldDefinition | ListItemField;
  raw: unknown;
  path: string;
  label: string;
  onChange(input: FieldValue): void;
}) => ReactNode;

interface ObjectFieldsetProps {
  label: string;
  required?: boolean;
  /** A named field the item may lack; a list's item is there once added, so never absent. */
  mayBeAbsent: boolean;
  fields: readonly FieldDefinition[];
  value: unknown;
  path: string;
  problem?: string;
  onChange(value: Record<string, unknown>): void;
  renderNested: RenderNested;
}

/**
 * An `object`: a fieldset whose legend is its label, holding its fields (values at `path.name`).
 * An optional object the item lacks shows only an Add button: its sub-fields' `required` holds
 * once the object exists, as the service checks it (an empty object is saved as no key at all).
 */
export function ObjectFieldset({
  label,
  required,
  mayBeAbsent,
  fields,
  value,
  path,
  problem,
  onChange,
  renderNested,
}: ObjectFieldsetProps) {
  const object = isPlainObject(value) ? value : {};
  const id = fieldId(path);
  const absent = mayBeAbsent && !required && Object.keys(object).length === 0;
  const [adding, setAdding] = useState(false);
  if (absent && !adding)
    return (
      <FieldGroup id={id} kind="object" label={label} problem={problem}>
        <p className="field-hint">This item has no {label}.</p>
        <button type="button" className="button small" onClick={() => setAdding(true)}>
          Add {label}
        </button>
      </FieldGroup>
    );
  return (
    <FieldGroup id={id} kind="object" label={label} required={required} problem={problem}>
      {fields.map((field) => (
        <div key={field.name}>
          {renderNested({
            field,
            raw: object[field.name],
            path: `${path}.${field.name}`,
            label: field.label,
            onChange: (input) => onChange(writeKey(object, field, input)),
          })}
        </div>
      ))}
      {absent && (
        // Nothing typed yet, so nothing to undo: the item stays without the object.
        <button type="button" className="button small ghost" onClick={() => setAdding(false)}>
          Remove {label}
        </button>
      )}
    </FieldGroup>
  );
}
