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
  /**
   * A translation just created: its required `translate` fields copied from the default locale
   * (`from`, named), each marked while it still holds the copied value.
   */
  placeholders?: { names: readonly string[]; from: string; values: FormValues };
}

/** Said under a translated collection's shared field, in every locale. */
export const sharedFieldNote = 'Kept equal across locales';

/** Said under a field of a new translation that still holds the default locale's value. */
export const placeholderNote = (from: string) => `Copied from ${from} — translate me`;

/** The form generated from the collection's field definitions, in config order. */
export function FrontmatterForm({
  fields,
  values,
  problems,
  onChange,
  original,
  translated = false,
  placeholders,
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
        const shared = translated && field.i18n === 'shared';
        const copied =
          placeholders?.names.includes(field.name) === true &&
          JSON.stringify(values[field.name]) === JSON.stringify(placeholders.values[field.name]);
        if (!shared && !copied) return input;
        return (
          <div key={field.name} className={shared ? 'shared-field' : 'placeholder-field'}>
            {input}
            {shared && (
              <p className="muted small field-note" data-testid={`shared-note-${field.name}`}>
                {sharedFieldNote}
              </p>
            )}
            {copied && (
              <p
                className="small field-note placeholder-note"
                data-testid={`placeholder-${field.name}`}
              >
                {placeholderNote(placeholders.from)}
              </p>
            )}
          </div>
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
