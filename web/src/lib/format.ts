/** Dates and values in the reader's locale; `—` for nothing. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  // A bare YYYY-MM-DD is a calendar date, not midnight UTC: format it without a time zone shift.
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = plain
    ? new Date(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]))
    : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A frontmatter value as one line of text, for lists and diffs. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  if (value === null) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length ? value.map((item) => formatValue(item)).join(', ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  if (value === '') return '(empty)';
  return String(value);
}
