/** One step of an edit script: keep a[i]/b[j], remove from a, or add from b. */
export type Op<T> = { kind: 'same' | 'removed' | 'added'; value: T };

/**
 * Longest-common-subsequence diff with the common prefix and suffix trimmed first. The table is
 * (n+1)·(m+1) cells; above `maxCells` the middle is reported as one removal and one addition, so a
 * rewritten 10,000-word body costs nothing instead of freezing the tab.
 */
export function lcsDiff<T>(a: readonly T[], b: readonly T[], maxCells = 4_000_000): Op<T>[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: Op<T>[] = a.slice(0, start).map((value) => ({ kind: 'same', value }));
  ops.push(...middle(a.slice(start, endA), b.slice(start, endB), maxCells));
  ops.push(...a.slice(endA).map((value): Op<T> => ({ kind: 'same', value })));
  return ops;
}

function middle<T>(a: readonly T[], b: readonly T[], maxCells: number): Op<T>[] {
  const n = a.length;
  const m = b.length;
  const removeAll = a.map((value): Op<T> => ({ kind: 'removed', value }));
  const addAll = b.map((value): Op<T> => ({ kind: 'added', value }));
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > maxCells) return [...removeAll, ...addAll];
  // lengths[i][j] = LCS length of a[i..] and b[j..], row-major in one typed array.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const ops: Op<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: 'same', value: a[i++]! });
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      ops.push({ kind: 'removed', value: a[i++]! });
    } else {
      ops.push({ kind: 'added', value: b[j++]! });
    }
  }
  while (i < n) ops.push({ kind: 'removed', value: a[i++]! });
  while (j < m) ops.push({ kind: 'added', value: b[j++]! });
  return ops;
}
