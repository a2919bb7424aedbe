/** Formatting shared by the report's sections. */

/** A markdown table; columns whose cells are all numbers are right-aligned. */
export const table = (head: string[], rows: (string | number)[][]) => {
  const numeric = head.map(
    (_, column) =>
      rows.length > 0 && rows.every((row) => /^[\d.,×+ ()∞—-]+$/.test(String(row[column]))),
  );
  return [
    `| ${head.join(' | ')} |`,
    `|${numeric.map((right) => (right ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
};

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const times = (value: number) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}×`;

/** The median of the values (the mean of the middle two for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
