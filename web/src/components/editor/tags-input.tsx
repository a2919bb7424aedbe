import { useState, type KeyboardEvent } from 'react';

interface TagsInputProps {
  id: string;
  label: string;
  value: string[];
  onChange(value: string[]): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A `string[]` field as chips: Enter or comma adds what was typed, Backspace in the empty input
 * removes the last one, each chip has its own remove button. Typed text not yet added is added
 * when the input loses focus, so it is never silently dropped.
 */
export function TagsInput({ id, label, value, onChange, ...aria }: TagsInputProps) {
  const [text, setText] = useState('');
  const add = () => {
    const tags = text
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag && !value.includes(tag));
    if (tags.length) onChange([...value, ...tags]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className="tags-input">
      {value.length > 0 && (
        <ul className="tags" aria-label={`${label}: ${value.length} added`}>
          {value.map((tag) => (
            <li key={tag} className="tag">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(value.filter((other) => other !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        {...aria}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        placeholder={value.length ? 'Add another' : 'Type and press Enter'}
        autoComplete="off"
      />
    </div>
  );
}
