import type { PullRequestSummary } from '../../../../shared/pulls/schemas';
import type { FieldDefinition } from '../../../../shared/content/config-schema';
import { deletionsSegment } from '../../../../shared/content/deletions-segment';
import { getPullDiff } from '../../api/pulls';
import { draftItemOf } from '../../lib/draft-item';
import type { DraftItem } from '../../lib/item-query';
import { useAsync } from '../../lib/use-async';

/**
 * The collection's draft-only items (created, renamed or duplicated on a draft, not on the default
 * branch yet), each read from its draft's diff: one request per such draft, asked again only when
 * a draft changes. A draft that cannot be read is listed by its slug, as before.
 */
export function useDraftItems({
  repo,
  collection,
  fields,
  directory,
  pulls,
  listed,
}: {
  repo: string;
  collection: string;
  fields: readonly FieldDefinition[];
  directory: string;
  pulls: readonly PullRequestSummary[];
  /** The slugs on the default branch: their drafts are edits, listed on the item's own row. */
  listed: ReadonlySet<string> | undefined;
}): ReadonlyMap<number, DraftItem> {
  const wanted = listed
    ? pulls.filter(
        (pull) =>
          pull.collection === collection &&
          pull.slug !== deletionsSegment &&
          !listed.has(pull.slug),
      )
    : [];
  const key = `drafts:${repo}:${wanted.map((pull) => `${pull.number}@${pull.updatedAt}`).join(',')}`;
  const drafts = useAsync(async () => {
    const read = await Promise.all(
      wanted.map(async (pull) => {
        try {
          const diffs = await getPullDiff(repo, pull.number);
          const item = draftItemOf({ fields, directory, diffs, pull });
          return item ? ([[pull.number, item]] as const) : [];
        } catch {
          return [];
        }
      }),
    );
    return new Map<number, DraftItem>(read.flat());
  }, key);
  return drafts.data ?? empty;
}

const empty: ReadonlyMap<number, DraftItem> = new Map();
