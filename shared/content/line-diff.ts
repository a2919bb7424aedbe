/**
 * Line diff for the body merge: Myers' O((N+M)·D) algorithm on lines after trimming the common
 * head and tail. Past `maxEditDistance` differing lines the middle is left unmatched, which is
 * still a correct (if coarse) diff: a merge then conflicts rather than guessing.
 */
export const maxEditDistance = 2000;

/** The lines of `text`, each with its line break, so joining them gives `text` back. */
export const splitLines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** For each line of `a`, the index of the line of `b` it is paired with in a longest common subsequence, or -1. */
export function matchLines(a: readonly string[], b: readonly string[]): Int32Array {
  const matches = new Int32Array(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) {
    matches[start] = start;
    start++;
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
    matches[endA] = endB;
  }
  matchMiddle(
    a.slice(start, endA),
    b.slice(start, endB),
    (x, y) => (matches[start + x] = start + y),
  );
  return matches;
}

function matchMiddle(
  a: readonly string[],
  b: readonly string[],
  match: (x: number, y: number) => void,
): void {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return;
  const limit = Math.min(n + m, maxEditDistance);
  const offset = limit + 1;
  // v[offset + k]: the furthest x reached on diagonal k = x - y; trace[d] keeps diagonals -d..d.
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        backtrack(trace, d, n, m, match);
        return;
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
}

function backtrack(
  trace: readonly Int32Array[],
  distance: number,
  n: number,
  m: number,
  match: (x: number, y: number) => void,
): void {
  let x = n;
  let y = m;
  for (let d = distance; d > 0; d--) {
    const previous = trace[d - 1]!;
    const at = (k: number): number => previous[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const snakeStart = down ? previousX : previousX + 1;
    while (x > snakeStart) {
      x--;
      y--;
      match(x, y);
    }
    x = previousX;
    y = previousX - previousK;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    match(x, y);
  }
}
