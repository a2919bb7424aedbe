import { parseCommit, readObjects, type ParsedCommit } from './git-objects';

/**
 * The commits a ref move brought in (`before..after`, as `git rev-list` walks it), read through the
 * cached object reader instead of a git process: newest first by committer date, commits reachable
 * from `before` painted uninteresting and their ancestors with them, stopping once only
 * uninteresting commits are left (plus a few more, for clock skew, as git does). Bounded: a walk
 * past `MAX_VISITED` commits stops and says so (`complete: false`).
 */

export interface WalkedCommit extends ParsedCommit {
  sha: string;
}

export interface CommitRange {
  /** Oldest first, at most `limit` (the newest ones when there were more). */
  commits: WalkedCommit[];
  /** `before` is an ancestor of (or equal to) `after`; undefined when the walk stopped early. */
  fastForward: boolean | undefined;
}

const MAX_VISITED = 20_000;
const SLOP = 5;

export async function walkRange(
  gitDir: string,
  before: string,
  after: string,
  limit: number,
): Promise<CommitRange> {
  const parsed = new Map<string, ParsedCommit | null>();
  const load = async (shas: string[]) => {
    const missing = [...new Set(shas.filter((sha) => !parsed.has(sha)))];
    if (missing.length === 0) return;
    const objects = await readObjects(gitDir, missing);
    missing.forEach((sha, index) => {
      const object = objects[index];
      parsed.set(sha, object?.type === 'commit' ? parseCommit(object.content) : null);
    });
  };
  const date = (sha: string) => parsed.get(sha)?.committer.date ?? '';
  const bad = new Set<string>();
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (sha: string) => {
    if (!queue.includes(sha)) queue.push(sha);
  };
  const markBad = (sha: string) => {
    if (bad.has(sha)) return;
    bad.add(sha);
    seen.add(sha);
    enqueue(sha);
  };
  await load([after, before]);
  seen.add(after);
  enqueue(after);
  markBad(before);
  const picked: string[] = [];
  let visited = 0;
  let slop = SLOP;
  while (queue.length > 0) {
    if (queue.every((sha) => bad.has(sha)) && slop-- <= 0) break;
    if (++visited > MAX_VISITED) return finish(picked, bad, parsed, before, after, limit, false);
    // Newest committer date first (ISO dates in UTC compare as strings).
    let newest = 0;
    for (let index = 1; index < queue.length; index += 1)
      if (date(queue[index]!) > date(queue[newest]!)) newest = index;
    const [sha] = queue.splice(newest, 1) as [string];
    const parents = parsed.get(sha)?.parents ?? [];
    await load(parents);
    if (bad.has(sha)) {
      parents.forEach(markBad);
      continue;
    }
    picked.push(sha);
    for (const parent of parents) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      enqueue(parent);
    }
  }
  return finish(picked, bad, parsed, before, after, limit, true);
}

function finish(
  picked: string[],
  bad: Set<string>,
  parsed: Map<string, ParsedCommit | null>,
  before: string,
  after: string,
  limit: number,
  complete: boolean,
): CommitRange {
  const newestFirst = picked.filter((sha) => !bad.has(sha) && parsed.get(sha));
  // Every commit on a path from `after` down to `before` is in the range, so `before` is an ancestor exactly when one of them has it as a parent.
  const reached =
    after === before || newestFirst.some((sha) => parsed.get(sha)!.parents.includes(before));
  const commits = newestFirst
    .slice(0, limit)
    .reverse()
    .map((sha) => ({ sha, ...parsed.get(sha)! }));
  return { commits, fastForward: reached ? true : complete ? false : undefined };
}
