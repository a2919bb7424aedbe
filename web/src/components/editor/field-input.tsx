import { Suspense, useState, type ReactNode } from 'react';
import { deepEqual } from '../../../../shared/content/deep-equal';
import type { FieldProblems } from '../../lib/field-validation';
import {
  parseFieldValue,
  toFieldValue,
  type AnyField,
  type FieldValue,
} from '../../lib/form-model';
import { ObjectFieldset, type RenderNested } from './object-fieldset';
import {
  DateTimeInput,
  ListInput,
  MediaField,
  MultiSelectInput,
  RelationInput,
  SelectInput,
  TagsInput,
} from './field-kinds';
import { Loading } from '../ui/states';
import { fieldId, messageIdOf } from '../../lib/field-ids';

interface FieldInputProps {
  field: AnyField;
  value: FieldValue | undefined;
  problem?: string;
  onChange(value: FieldValue): void;
  /** Where the value sits (`seo.title`, `links[2]`), naming its input; a top-level field's name by default. */
  path?: string;
  /** The label, when not the field's own (a list's items). */
  label?: string;
  /** Every problem of the form by path: the fields inside an object or list show theirs. */
  problems?: FieldProblems;
}

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/** One frontmatter field: its label (with the required marker), the input for its type and its message. */
export function FieldInput({
  field,
  value,
  problem,
  onChange,
  path = 'name' in field ? field.name : '',
  label = field.label ?? '',
  problems = {},
}: FieldInputProps) {
  const id = fieldId(path);
  const messageId = messageIdOf(id);
  const common = {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? messageId : undefined,
    'aria-required': field.required ? true : undefined,
  } as const;
  const text = typeof value === 'string' ? value : '';
  const strings = Array.isArray(value)
    ? (value as unknown[]).filter((item): item is string => typeof item === 'string')
    : [];
  const isList = field.type === 'string[]';
  const media =
    field.type === 'image' || field.type === 'image[]'
      ? 'image'
      : field.type === 'file' || field.type === 'file[]'
        ? 'file'
        : undefined;

  if (field.type === 'hidden') return null;

  const renderNested: RenderNested = (nested) => (
    <NestedField key={nested.path} {...nested} problems={problems} />
  );
  if (field.type === 'object') {
    const fields = field.fields ?? [];
    return (
      <ObjectFieldset
        label={label}
        required={field.required}
        mayBeAbsent={'name' in field}
        fields={fields}
        value={value}
        path={path}
        problem={problem}
        onChange={onChange}
        renderNested={renderNested}
      />
    );
  }
  if (field.type === 'list') {
    return (
      <Loaded>
        <ListInput
          label={label}
          required={field.required}
          field={field}
          value={value}
          path={path}
          problem={problem}
          onChange={onChange}
          renderNested={renderNested}
        />
      </Loaded>
    );
  }

  if (field.type === 'boolean') {
    return (
      <div className="field field-switch">
        <label htmlFor={id} className="switch">
          <input
            type="checkbox"
            role="switch"
            {...common}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span className="switch-track" aria-hidden="true" />
          <span className="field-label">{label}</span>
        </label>
        <Message id={messageId} problem={problem} />
      </div>
    );
  }

  return (
    <div
      className={`field field-${isList ? 'tags' : media ? 'media' : field.type.replace('[]', '')}`}
    >
      <label htmlFor={id} id={`${id}-label`} className="field-label">
        {label}
        {field.required && (
          <span className="required" aria-hidden="true" title="Required">
            *
          </span>
        )}
      </label>
      {media ? (
        <Loaded>
          <MediaField
            {...common}
            label={label}
            kind={media}
            value={field.type.endsWith('[]') ? strings : text}
            onChange={onChange}
          />
        </Loaded>
      ) : field.type === 'relation' ? (
        <Loaded>
          <RelationInput
            {...common}
            field={field}
            label={label}
            value={Array.isArray(value) ? strings : text}
            onChange={onChange}
          />
        </Loaded>
      ) : field.type === 'text' ? (
        <textarea
          {...common}
          value={text}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : field.type === 'select' && field.multiple ? (
        <Loaded>
          <MultiSelectInput
            field={field}
            common={common}
            problem={problem}
            value={strings}
            onChange={onChange}
          />
        </Loaded>
      ) : field.type === 'select' ? (
        <Loaded>
          <SelectInput field={field} common={common} value={text} onChange={onChange} />
        </Loaded>
      ) : field.type === 'datetime' ? (
        <Loaded>
          <DateTimeInput common={common} value={text} onChange={onChange} />
        </Loaded>
      ) : isList ? (
        <Loaded>
          <TagsInput {...common} label={label} value={strings} onChange={onChange} />
        </Loaded>
      ) : field.type === 'number' ? (
        <input
          type="text"
          inputMode="decimal"
          {...common}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
        />
      ) : field.type === 'date' && (text === '' || plainDate.test(text)) ? (
        <input
          type="date"
          {...common}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : field.type === 'date' ? (
        <input
          type="text"
          {...common}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          placeholder="YYYY-MM-DD or an ISO date-time"
          spellCheck={false}
        />
      ) : (
        <input
          type="text"
          {...common}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <Message id={messageId} problem={problem} />
    </div>
  );
}

/**
 * A field inside an object or list: its input shows the stored value, except while what the
 * person typed still means that value ("1." in a number field that holds 1).
 */
function NestedField({
  field,
  raw,
  path,
  label,
  problems,
  onChange,
}: Parameters<RenderNested>[0] & { problems: FieldProblems }) {
  const [draft, setDraft] = useState<FieldValue>();
  const composite = field.type === 'object' || field.type === 'list';
  const shown =
    !composite && draft !== undefined && deepEqual(parseFieldValue(field, draft), raw)
      ? draft
      : composite
        ? raw
        : toFieldValue(field, raw);
  const change = (input: FieldValue) => {
    setDraft(input);
    onChange(input);
  };
  return (
    <FieldInput
      field={field}
      value={shown as FieldValue}
      path={path}
      label={label}
      problem={problems[path]}
      problems={problems}
      onChange={change}
    />
  );
}

/** A field whose input is a chunk of its own (field-kinds.tsx), while that chunk loads. */
function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading label="Loading the field…" />}>{children}</Suspense>;
}

function Message({ id, problem }: { id: string; problem?: string }) {
  return problem ? (
    <p id={id} className="field-message">
      {problem}
    </p>
  ) : null;
}
