/** Someone else with an item open, as the presence routes answer. */
export interface OtherEditor {
  login: string;
  openedAt: string;
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "2 minutes ago", "just now": how long ago `at` was, in the reader's language. */
export function sinceWords(at: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  return relative.format(-Math.round(minutes / 60), 'hour');
}

/** "Alice is editing — opened 2 minutes ago", or "alice and bob are editing" for more than one. */
export function editingWords(others: readonly OtherEditor[], now: number): string {
  const [first, ...rest] = others;
  if (!first) return '';
  if (rest.length === 0)
    return `${first.login} is editing — opened ${sinceWords(first.openedAt, now)}`;
  const names = others.map((other) => other.login);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are editing`;
}
