import { matchLines, splitLines } from './line-diff';

export type Merge3Result = { ok: true; text: string } | { ok: false; conflicts: number };

/** A stretch of a three-way comparison: kept by all three sides, or changed on one or both (with where it starts in base). */
export type Diff3Chunk<T> =
  | { stable: true; items: T[] }
  | { stable: false; base: T[]; ours: T[]; theirs: T[]; baseStart: number };

/**
 * diff3 (as in Khanna, Kuber and Pierce, "A formal investigation of diff3") over any sequence:
 * `toOurs[i]` / `toTheirs[i]` give the index that base item i is matched with on each side (a
 * longest common subsequence), or -1. The sequences are cut into stretches all three sides keep
 * (stable) and the regions between them (unstable), where base, ours and theirs each hold what
 * they hold there. Used for the body's lines and for the items of a frontmatter list.
 */
export function diff3Chunks<T>(
  b: readonly T[],
  o: readonly T[],
  t: readonly T[],
  toOurs: ArrayLike<number>,
  toTheirs: ArrayLike<number>,
): Diff3Chunk<T>[] {
  const chunks: Diff3Chunk<T>[] = [];
  let [bi, oi, ti] = [0, 0, 0];
  for (;;) {
    let stable = 0;
    while (
      bi + stable < b.length &&
      toOurs[bi + stable] === oi + stable &&
      toTheirs[bi + stable] === ti + stable
    )
      stable++;
    if (stable > 0) {
      chunks.push({ stable: true, items: b.slice(bi, bi + stable) });
      [bi, oi, ti] = [bi + stable, oi + stable, ti + stable];
      continue;
    }
    // The next base item that both sides kept ends the unstable region (or the ends of the sequences).
    let next = bi;
    while (next < b.length && (toOurs[next]! < 0 || toTheirs[next]! < 0)) next++;
    const [bEnd, oEnd, tEnd] =
      next < b.length ? [next, toOurs[next]!, toTheirs[next]!] : [b.length, o.length, t.length];
    if (bi === bEnd && oi === oEnd && ti === tEnd) break;
    chunks.push({
      stable: false,
      base: b.slice(bi, bEnd),
      ours: o.slice(oi, oEnd),
      theirs: t.slice(ti, tEnd),
      baseStart: bi,
    });
    [bi, oi, ti] = [bEnd, oEnd, tEnd];
  }
  return chunks;
}

const sameLines = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((line, index) => line === b[index]);

/**
 * Line-wise three-way merge. Regions where base, ours and theirs agree are kept; between them, a
 * region changed on one side only takes that side, a region changed identically on both sides is
 * taken once, and a region changed differently on both sides is a conflict. As in git, edits to
 * adjacent lines (no unchanged line between them) conflict.
 */
export function merge3Text(base: string, ours: string, theirs: string): Merge3Result {
  if (ours === theirs || base === theirs) return { ok: true, text: ours };
  if (base === ours) return { ok: true, text: theirs };
  const [b, o, t] = [splitLines(base), splitLines(ours), splitLines(theirs)];
  const out: string[] = [];
  let conflicts = 0;
  for (const chunk of diff3Chunks(b, o, t, matchLines(b, o), matchLines(b, t))) {
    if (chunk.stable) out.push(...chunk.items);
    else if (sameLines(chunk.ours, chunk.base)) out.push(...chunk.theirs);
    else if (sameLines(chunk.theirs, chunk.base) || sameLines(chunk.ours, chunk.theirs))
      out.push(...chunk.ours);
    else conflicts++;
  }
  return conflicts === 0 ? { ok: true, text: out.join('') } : { ok: false, conflicts };
}
