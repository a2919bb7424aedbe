import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { FieldProblems } from '../../lib/field-validation';
import { formatValue } from '../../lib/format';
import type { FieldValue, FormValues, Frontmatter } from '../../lib/form-model';
import { FieldInput } from './field-input';

interface FrontmatterFormProps {
  fields: readonly FieldDefinition[];
  values: FormValues;
  problems: FieldProblems;
  onChange(name: string, value: FieldValue): void;
  /** The stored frontmatter: keys the config does not describe are shown, and saved untouched. */
  original: Frontmatter;
  /** The collection is translated: a field with `"i18n": "shared"` says it is kept equal across locales. */
  translated?: boolean;
}

/** Said under a translated collection's shared field, in every locale. */
export const sharedFieldNote = 'Kept equal across locales';

/** The form generated from the collection's field definitions, in config order. */
export function FrontmatterForm({
  fields,
  values,
  problems,
  onChange,
  original,
  translated = false,
}: FrontmatterFormProps) {
  const known = new Set(fields.map((field) => field.name));
  const others = Object.entries(original).filter(([key]) => !known.has(key));
  return (
    <fieldset className="frontmatter-form">
      <legend className="visually-hidden">Fields</legend>
      {fields.map((field) => {
        const input = (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name]}
            problem={problems[field.name]}
            problems={problems}
            onChange={(value) => onChange(field.name, value)}
          />
        );
        return translated && field.i18n === 'shared' ? (
          <div key={field.name} className="shared-field">
            {input}
            <p className="muted small field-note" data-testid={`shared-note-${field.name}`}>
              {sharedFieldNote}
            </p>
          </div>
        ) : (
          input
        );
      })}
      {others.length > 0 && (
        <details className="other-fields">
          <summary>
            {others.length} other {others.length === 1 ? 'field' : 'fields'} kept as they are
          </summary>
          <dl>
            {others.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{formatValue(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </fieldset>
  );
}
