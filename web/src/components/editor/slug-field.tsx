import { messageIdOf, slugId } from '../../lib/field-ids';

const hintId = messageIdOf(slugId);

interface SlugFieldProps {
  slug: string;
  derived: boolean;
  problem?: string;
  directory: string;
  /** The collection's `path` patterns (`{slug}.md`, `{slug}/index.md`…); the first when `pattern` is unset. */
  patterns?: readonly string[];
  pattern?: string;
  /** Picks another of several patterns for the new file. */
  onPattern?(pattern: string): void;
  onChange(value: string | undefined): void;
}

/** What follows the slug in the file's path: `.md`, `.mdx`, `/index.md`… */
const suffixOf = (pattern: string) => pattern.split('{slug}')[1] ?? '.md';

/** A new item's file name: follows the title until edited; "Use title" goes back to following it. */
export function SlugField({
  slug,
  derived,
  problem,
  directory,
  patterns = ['{slug}.md'],
  pattern = patterns[0] ?? '{slug}.md',
  onPattern,
  onChange,
}: SlugFieldProps) {
  return (
    <div className="field field-slug">
      <label htmlFor={slugId} className="field-label">
        Slug
        <span className="required" aria-hidden="true">
          *
        </span>
      </label>
      <div className="slug-row">
        <span className="slug-prefix muted" aria-hidden="true">
          {directory}/
        </span>
        <input
          id={slugId}
          value={slug}
          onChange={(event) => onChange(event.target.value)}
          aria-required
          aria-invalid={problem ? true : undefined}
          aria-describedby={hintId}
          spellCheck={false}
          autoComplete="off"
        />
        {patterns.length > 1 && onPattern ? (
          <select
            className="slug-suffix"
            aria-label="File layout"
            value={pattern}
            onChange={(event) => onPattern(event.target.value)}
          >
            {patterns.map((option) => (
              <option key={option} value={option}>
                {suffixOf(option)}
              </option>
            ))}
          </select>
        ) : (
          <span className="slug-suffix muted" aria-hidden="true">
            {suffixOf(pattern)}
          </span>
        )}
        {!derived && (
          <button type="button" className="button ghost small" onClick={() => onChange(undefined)}>
            Use title
          </button>
        )}
      </div>
      <p id={hintId} className={problem ? 'field-message' : 'field-hint'}>
        {problem ??
          (derived
            ? 'Made from the title. Edit it to choose your own.'
            : 'The file name; it cannot be changed after the first save.')}
      </p>
    </div>
  );
}
