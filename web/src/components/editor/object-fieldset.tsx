import type { ReactNode } from 'react';
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
  fields: readonly FieldDefinition[];
  value: unknown;
  path: string;
  problem?: string;
  onChange(value: Record<string, unknown>): void;
  renderNested: RenderNested;
}

/** An `object`: a fieldset whose legend is its label, holding its fields (values at `path.name`). */
export function ObjectFieldset({
  label,
  required,
  fields,
  value,
  path,
  problem,
  onChange,
  renderNested,
}: ObjectFieldsetProps) {
  const object = isPlainObject(value) ? value : {};
  const id = fieldId(path);
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
    </FieldGroup>
  );
}
