import type { ActivityEntry } from '../../api/activity';
import { useCollectionItems, type FirstItems } from '../../lib/collection-items';
import { titleOf } from '../../lib/item-labels';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';

/** A collection's first page (up to 1,000 items), asked once per collection while the page is open. */
export type LoadItems = (collection: string) => Promise<FirstItems>;

const publishes = new Set(['mergePull', 'scheduledPublish']);

/**
 * What an activity record was about, as an editor knows it: an item by its title with its file
 * name (from the collection's list; the slug and the file the answer named when the item is gone
 * or beyond the first 1,000), a change request by its number and title, an upload by its file.
 * The commit it made follows as a short hash, secondary.
 */
export function ActivityTarget({ entry, load }: { entry: ActivityEntry; load: LoadItems }) {
  const { repo, config, pulls } = useRepo();
  const target = entry.target ?? {};
  const made = entry.result ?? {};
  const collection = target.collection ? config.collections[target.collection] : undefined;
  const items = useCollectionItems(load, collection && target.slug ? target.collection : undefined);
  const item = items?.find((candidate) => candidate.slug === target.slug);
  const number = target.number ?? (entry.action === 'createPull' ? made.number : undefined);
  const pull = number ? pulls.data?.find((open) => String(open.number) === number) : undefined;
  const file = item?.path ?? made.path;
  // A save's `sha` is the file's blob, not a commit: only a publish answers with its commit.
  const commit = made.commitSha ?? (publishes.has(entry.action) ? made.sha : undefined);

  return (
    <>
      {target.collection && target.slug ? (
        <span className="activity-target">
          {item ? (
            <Link
              to={{ name: 'item', repo, collection: target.collection, slug: target.slug }}
              className="activity-title"
            >
              {titleOf(collection?.fields ?? [], item.frontmatter, target.slug)}
            </Link>
          ) : (
            <span className="activity-title">{target.slug}</span>
          )}{' '}
          <span className="muted small">
            {collection?.label ?? target.collection}
            {file && (
              <>
                {' · '}
                <code>{file}</code>
              </>
            )}
          </span>
        </span>
      ) : target.collection ? (
        <span className="activity-target">{collection?.label ?? target.collection}</span>
      ) : number ? (
        <span className="activity-target">
          <Link to={{ name: 'review', repo, number: Number(number) }}>
            change request #{number}
          </Link>
          {pull && <span className="muted small"> {pull.title}</span>}
        </span>
      ) : (
        made.path && (
          <span className="activity-target">
            <code>{made.path}</code>
          </span>
        )
      )}
      {commit && (
        <span className="muted small activity-commit" title={commit}>
          {' '}
          commit {commit.slice(0, 7)}
        </span>
      )}
    </>
  );
}
