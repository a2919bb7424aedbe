import type { HistoryCommit } from '../ports/history-host';

/**
 * What a commit says about the CMS: every commit the CMS makes ends with a line naming the CMS
 * user it was made for (`Saved in the CMS by @alice.`, `Conflicts resolved … in the CMS for
 * @bob.`), so the history can tell the CMS's commits from others and name the person behind the
 * App's or a token's commit.
 */
const trailer = /^(.+?) in the CMS (?:by|for) @([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\.$/;

export function cmsOrigin(
  message: string,
): { action: string; by: string; schedule?: string } | undefined {
  const lines = message.trimEnd().split('\n');
  const match = trailer.exec(lines[lines.length - 1] ?? '');
  if (!match) return undefined;
  // `Published on schedule <id> in the CMS by @login.`: a schedule's publish.
  const scheduled = /^Published on schedule (\S+)$/.exec(match[1]!);
  return scheduled
    ? { action: 'Published on schedule', by: match[2]!, schedule: scheduled[1]! }
    : { action: match[1]!, by: match[2]! };
}

/**
 * The slug the CMS renamed the item from, when `commit` is the CMS's rename of `collection`'s
 * item to `slug` (its message's summary line says so); no round trip is needed to follow it.
 */
export function cmsRenameSource(
  commit: HistoryCommit,
  item: { collection: string; slug: string },
): string | undefined {
  if (cmsOrigin(commit.message)?.action !== 'Renamed') return undefined;
  const summary = commit.message.split('\n', 1)[0] ?? '';
  const prefix = `Rename ${item.collection}/`;
  const suffix = ` to ${item.collection}/${item.slug}`;
  if (!summary.startsWith(prefix) || !summary.endsWith(suffix)) return undefined;
  return summary.slice(prefix.length, -suffix.length);
}

/** The commit created the item through the CMS: nothing older to look for. */
export const isCmsCreate = (commit: HistoryCommit, item: { collection: string; slug: string }) =>
  cmsOrigin(commit.message) !== undefined &&
  (commit.message.startsWith(`Create ${item.collection}/${item.slug}\n`) ||
    commit.message.startsWith(`Create ${item.collection}/${item.slug} (draft)\n`));
