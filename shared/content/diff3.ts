import { matchLines, splitLines } from './line-diff';

export type Merge3Result = { ok: true; text: string } | { ok: false; conflicts: number };

const sameLines = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((line, index) => line === b[index]);

/**
 * Line-wise three-way merge (diff3, as in Khanna, Kuber and Pierce, "A formal investigation of
 * diff3"). Regions where base, ours and theirs agree are kept; between them, a region changed on
 * one side only takes that side, a region changed identically on both sides is taken once, and a
 * region changed differently on both sides is a conflict. As in git, edits to adjacent lines (no
 * unchanged line between them) conflict.
 */
export function merge3Text(base: string, ours: string, theirs: string): Merge3Result {
  if (ours === theirs || base === theirs) return { ok: true, text: ours };
  if (base === ours) return { ok: true, text: theirs };
  const [b, o, t] = [splitLines(base), splitLines(ours), splitLines(theirs)];
  const toOurs = matchLines(b, o);
  const toTheirs = matchLines(b, t);
  const out: string[] = [];
  let conflicts = 0;
  let [bi, oi, ti] = [0, 0, 0];
  for (;;) {
    let stable = 0;
    while (bi + stable < b.length && toOurs[bi + stable] === oi + stable && toTheirs[bi + stable] === ti + stable) stable++;
    if (stable > 0) {
      out.push(...b.slice(bi, bi + stable));
      [bi, oi, ti] = [bi + stable, oi + stable, ti + stable];
      continue;
    }
    // The next base line that both sides kept ends the unstable region (or the ends of the texts).
    let next = bi;
    while (next < b.length && (toOurs[next]! < 0 || toTheirs[next]! < 0)) next++;
    const [bEnd, oEnd, tEnd] = next < b.length ? [next, toOurs[next]!, toTheirs[next]!] : [b.length, o.length, t.length];
    if (bi === bEnd && oi === oEnd && ti === tEnd) break;
    const [baseRegion, oursRegion, theirsRegion] = [b.slice(bi, bEnd), o.slice(oi, oEnd), t.slice(ti, tEnd)];
    if (sameLines(oursRegion, baseRegion)) out.push(...theirsRegion);
    else if (sameLines(theirsRegion, baseRegion) || sameLines(oursRegion, theirsRegion)) out.push(...oursRegion);
    else conflicts++;
    [bi, oi, ti] = [bEnd, oEnd, tEnd];
  }
  return conflicts === 0 ? { ok: true, text: out.join('') } : { ok: false, conflicts };
}
