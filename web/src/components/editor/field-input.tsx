import type { FieldDefinition } from '../../../../shared/content/config-schema';
import type { FieldValue } from '../../lib/form-model';
import { TagsInput } from './tags-input';
import { DateTimeInput, MultiSelectInput, SelectInput } from './choice-inputs';
import { MediaField } from '../media/media-field';
import { fieldId, messageIdOf } from '../../lib/field-ids';

interface FieldInputProps {
  field: FieldDefinition;
  value: FieldValue | undefined;
  problem?: string;
  onChange(value: FieldValue): void;
}

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/** One frontmatter field: its label (with the required marker), the input for its type and its message. */
export function FieldInput({ field, value, problem, onChange }: FieldInputProps) {
  const id = fieldId(field.name);
  const messageId = messageIdOf(id);
  const common = {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? messageId : undefined,
    'aria-required': field.required ? true : undefined,
  } as const;
  const text = typeof value === 'string' ? value : '';
  const isList = field.type === 'string[]';
  const media = field.type === 'image' || field.type === 'image[]' ? 'image' : field.type === 'file' || field.type === 'file[]' ? 'file' : undefined;

  if (field.type === 'hidden') return null;

  if (field.type === 'boolean') {
    return (
      <div className="field field-switch">
        <label htmlFor={id} className="switch">
          <input type="checkbox" role="switch" {...common} checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          <span className="switch-track" aria-hidden="true" />
          <span className="field-label">{field.label}</span>
        </label>
        <Message id={messageId} problem={problem} />
      </div>
    );
  }

  return (
    <div className={`field field-${isList ? 'tags' : media ? 'media' : field.type.replace('[]', '')}`}>
      <label htmlFor={id} id={`${id}-label`} className="field-label">
        {field.label}
        {field.required && (
          <span className="required" aria-hidden="true" title="Required">
            *
          </span>
        )}
      </label>
      {media ? (
        <MediaField
          {...common}
          label={field.label}
          kind={media}
          value={field.type.endsWith('[]') ? (Array.isArray(value) ? value : []) : text}
          onChange={onChange}
        />
      ) : field.type === 'text' ? (
        <textarea {...common} value={text} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : field.type === 'select' && field.multiple ? (
        <MultiSelectInput field={field} common={common} problem={problem} value={Array.isArray(value) ? value : []} onChange={onChange} />
      ) : field.type === 'select' ? (
        <SelectInput field={field} common={common} value={text} onChange={onChange} />
      ) : field.type === 'datetime' ? (
        <DateTimeInput common={common} value={text} onChange={onChange} />
      ) : isList ? (
        <TagsInput {...common} label={field.label} value={Array.isArray(value) ? value : []} onChange={onChange} />
      ) : field.type === 'number' ? (
        <input type="text" inputMode="decimal" {...common} value={text} onChange={(event) => onChange(event.target.value)} autoComplete="off" />
      ) : field.type === 'date' && (text === '' || plainDate.test(text)) ? (
        <input type="date" {...common} value={text} onChange={(event) => onChange(event.target.value)} />
      ) : field.type === 'date' ? (
        <input type="text" {...common} value={text} onChange={(event) => onChange(event.target.value)} placeholder="YYYY-MM-DD or an ISO date-time" spellCheck={false} />
      ) : (
        <input type="text" {...common} value={text} onChange={(event) => onChange(event.target.value)} />
      )}
      <Message id={messageId} problem={problem} />
    </div>
  );
}

function Message({ id, problem }: { id: string; problem?: string }) {
  return problem ? (
    <p id={id} className="field-message">
      {problem}
    </p>
  ) : null;
}
