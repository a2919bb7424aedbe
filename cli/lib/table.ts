/** A plain text table: a header row, columns padded to their widest cell, two spaces apart. */
export function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => width(row[column] ?? ''))));
  return (
    all
      .map((row) =>
        row
          .map((cell, column) => (column === row.length - 1 ? cell : pad(cell, widths[column]!)))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

const width = (text: string) => [...text].length;
const pad = (text: string, to: number) => text + ' '.repeat(Math.max(0, to - width(text)));

/** A short sha for people; scripts get the whole one with --json. */
export const shortSha = (sha: string) => sha.slice(0, 7);

/** `2024-02-14T10:00:00Z` → `2024-02-14 10:00`. */
export const shortTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);
