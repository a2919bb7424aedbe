import type { ListItemField } from '../../../../shared/content/config-schema';
import { optionLabel, optionValue } from '../../../../shared/content/field-value';

interface Common {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** A single `select`: a native select (keyboard accessible as is); a stored value that is not an option is shown, marked, so it is not lost from sight. */
export function SelectInput({
  field,
  value,
  common,
  onChange,
}: {
  field: ListItemField;
  value: string;
  common: Common;
  onChange(value: string): void;
}) {
  const options = field.options ?? [];
  const known = options.some((option) => optionValue(option) === value);
  return (
    <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">—</option>
      {!known && value !== '' && <option value={value}>{value} (not an option)</option>}
      {options.map((option) => (
        <option key={optionValue(option)} value={optionValue(option)}>
          {optionLabel(option)}
        </option>
      ))}
    </select>
  );
}

/** A multiple `select`: one checkbox per option in a labelled group; the value keeps the options' order, and values that are not options stay. */
export function MultiSelectInput({
  field,
  value,
  common,
  problem,
  onChange,
}: {
  field: ListItemField;
  value: string[];
  common: Common;
  problem?: string;
  onChange(value: string[]): void;
}) {
  const options = field.options ?? [];
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(value);
    if (checked) next.add(option);
    else next.delete(option);
    const order = options.map(optionValue);
    onChange([
      ...order.filter((item) => next.has(item)),
      ...value.filter((item) => !order.includes(item) && next.has(item)),
    ]);
  };
  return (
    <div
      role="group"
      id={common.id}
      aria-labelledby={`${common.id}-label`}
      aria-describedby={common['aria-describedby']}
      aria-invalid={problem ? true : undefined}
      className="choice-group"
    >
      {options.map((option) => (
        <label key={optionValue(option)} className="choice">
          <input
            type="checkbox"
            checked={value.includes(optionValue(option))}
            onChange={(event) => toggle(optionValue(option), event.target.checked)}
          />{' '}
          {optionLabel(option)}
        </label>
      ))}
    </div>
  );
}

// The local part a datetime-local input takes, and the offset it cannot show.
const localAndOffset =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A `datetime`: a datetime-local input for the local part, with the file's offset shown beside it
 * and kept on change. Other spellings (a space before the time, `+0200`) get a text input, so no
 * byte changes unless the person edits it.
 */
export function DateTimeInput({
  value,
  common,
  onChange,
}: {
  value: string;
  common: Common;
  onChange(value: string): void;
}) {
  const match = localAndOffset.exec(value);
  if (value !== '' && !match) {
    return (
      <input
        type="text"
        {...common}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="YYYY-MM-DDTHH:MM:SS+HH:MM"
        spellCheck={false}
      />
    );
  }
  const offset = match?.[2] ?? '';
  // Browsers drop zero seconds (10:00:00 reads 10:00): keep them when the file wrote seconds.
  const hadSeconds = (match?.[1]?.length ?? 0) > 16;
  const write = (local: string) =>
    local === '' ? '' : (hadSeconds && local.length === 16 ? `${local}:00` : local) + offset;
  return (
    <span className="datetime-input">
      <input
        type="datetime-local"
        step={1}
        {...common}
        value={match?.[1] ?? ''}
        onChange={(event) => onChange(write(event.target.value))}
      />
      {offset && <span className="datetime-offset">{offset === 'Z' ? 'UTC' : `UTC${offset}`}</span>}
    </span>
  );
}
