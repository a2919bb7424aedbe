import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { ItemRow } from '../../lib/item-query';
import { formatDate } from '../../lib/format';
import { formatLocalTime } from '../../lib/local-time';
import { Link } from '../../router/link';
import type { Editing } from './use-collection-presence';

interface ItemListProps {
  rows: readonly ItemRow[];
  repo: string;
  collection: string;
  /** Slugs checked for a bulk action. */
  selected: ReadonlySet<string>;
  onToggle(slug: string): void;
  /** Rows in all, when the list pages from the service: rows past those loaded show as loading. */
  total?: number;
  /** Told the last row index in view (overscan included), to load the pages it needs. */
  onReach?(index: number): void;
  /** Who else has which item open (by slug). */
  editing?: Editing;
  /** The collection has a date field: rows show it. */
  dated?: boolean;
  /** A translated collection's locale other than its default: rows open the item in it, and are not selectable. */
  locale?: string;
  /** A translated collection's row badges: `fr missing`, `outdated`, from its translation report. */
  translationBadges?(slug: string): string[];
}

const rowHeight = 60;

/**
 * Only the rows in view are in the DOM, so 100,000 items scroll as smoothly as 10. The list keeps
 * list semantics (role=list, aria-setsize/posinset) so a screen reader still hears the total.
 * A paged list is as tall as all its rows (`total`), so the scrollbar tells where the user is;
 * rows not loaded yet are placeholders until their page arrives.
 */
export function ItemList({
  rows,
  repo,
  collection,
  selected,
  onToggle,
  total = rows.length,
  onReach,
  editing,
  dated = true,
  locale,
  translationBadges,
}: ItemListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The rule reports, as it should, that the React Compiler leaves this component unmemoised: the
  // virtualizer is one mutable object whose methods answer differently after each scroll. That is
  // the wanted outcome and nothing here is passed to memoised children, so there is nothing to fix.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastInView = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastInView >= 0) onReach?.(lastInView);
  }, [lastInView, rows.length, onReach]);

  return (
    <div ref={scroller} className="item-scroller" tabIndex={-1}>
      <ul
        role="list"
        aria-label="Items"
        className="item-list"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualRows.map((virtual) => {
          const row = rows[virtual.index];
          if (!row) {
            return (
              <li
                key={`loading-${virtual.index}`}
                className="item-row item-row-loading"
                aria-setsize={total}
                aria-posinset={virtual.index + 1}
                aria-busy="true"
                style={{ transform: `translateY(${virtual.start}px)`, height: rowHeight }}
              >
                <span className="muted small">Loading…</span>
              </li>
            );
          }
          const editors = editing?.get(row.slug);
          return (
            <li
              key={row.slug}
              className="item-row"
              aria-setsize={total}
              aria-posinset={virtual.index + 1}
              style={{ transform: `translateY(${virtual.start}px)`, height: rowHeight }}
            >
              {locale === undefined && (
                <input
                  type="checkbox"
                  className="item-select"
                  checked={selected.has(row.slug)}
                  disabled={!row.sha}
                  onChange={() => onToggle(row.slug)}
                  aria-label={`Select ${row.title}`}
                  title={row.sha ? undefined : 'Exists only as a change request: close it instead'}
                />
              )}
              <Link
                to={{ name: 'item', repo, collection, slug: row.slug, ...(locale && { locale }) }}
                className="item-link"
              >
                <span className="item-title">{row.title}</span>
                <span className="item-meta">
                  {/* The file as it is named in the repository; the encoded slug stays in the URL. */}
                  <span className="item-file">{row.fileName ?? row.slug}</span>
                  {row.isDraft && <span className="badge">Draft</span>}
                  {row.review && (
                    <span
                      className="badge badge-review"
                      title={`Open change request #${row.review.number}`}
                    >
                      {row.review.state ?? 'Change request'}
                    </span>
                  )}
                  {row.isNew && <span className="badge badge-new">New</span>}
                  {translationBadges?.(row.slug).map((badge) => (
                    <span
                      key={badge}
                      className="badge badge-problem"
                      data-testid="translation-badge"
                    >
                      {badge}
                    </span>
                  ))}
                  {row.rename && (
                    <span className="badge badge-rename" data-testid="rename-badge">
                      {'from' in row.rename
                        ? `Renamed from ${row.rename.from}`
                        : `Renaming to ${row.rename.to}`}
                    </span>
                  )}
                  {row.publishAt && (
                    <span className="badge badge-scheduled" data-testid="scheduled-badge">
                      Publishes {formatLocalTime(row.publishAt)}
                    </span>
                  )}
                  {editors && (
                    <span className="badge badge-editing" data-testid="editing-badge">
                      {editors.join(', ')} {editors.length === 1 ? 'is' : 'are'} editing
                    </span>
                  )}
                  {row.problem && (
                    <span className="badge badge-problem" title={row.problem.message}>
                      {problemLabels[row.problem.code]}
                    </span>
                  )}
                  {row.problems && (
                    <span
                      className="badge badge-problem"
                      title={row.problems.first}
                      data-testid="problems-badge"
                    >
                      Fails checks ({row.problems.count})
                      <span className="visually-hidden">: {row.problems.first}</span>
                    </span>
                  )}
                </span>
              </Link>
              {dated && (
                <time className="item-date" dateTime={row.date}>
                  {formatDate(row.date)}
                </time>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Short words for the list; the full reason is the badge's title and the editor's banner. */
export const problemLabels: Record<NonNullable<ItemRow['problem']>['code'], string> = {
  'invalid-frontmatter': 'Frontmatter error',
  'unsupported-format': 'TOML/JSON',
  'too-large': 'Too large',
  symlink: 'Link',
  'not-text': 'Binary',
};
