import { useEffect, useState } from 'react';
import type { PullRequestSummary } from '../../../../shared/pulls/schemas';
import { boardColumns, columnOf, waitsOf } from '../../../../shared/pulls/board';
import { nameOfSlug } from '../../../../shared/content/slug-encoding';
import { listSchedules } from '../../api/schedules';
import { listSets } from '../../api/sets';
import { formatDateTime } from '../../lib/format';
import { formatLocalTime } from '../../lib/local-time';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';
import { ErrorMessage, Loading } from '../ui/states';

const itemsWord = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** The board of open drafts: In progress, In review, Ready to publish; newest activity first in each. */
export function ReviewsPage() {
  const { repo, config, pulls, reloadPulls } = useRepo();
  const open = [...(pulls.data ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const [checks, setChecks] = useState(0);
  // A draft set to publish later says when on its card; the board shows without it if this fails.
  const schedules = useAsync(() => listSchedules(repo), `schedules:${repo}`);
  const publishAt = new Map(
    (schedules.data?.schedules ?? [])
      .filter((schedule) => schedule.action === 'publish' && schedule.state === 'pending')
      .map((schedule) => [schedule.pull, schedule.at]),
  );

  // A change set's card counts its items: the sets are asked for only while one is open, again
  // whenever the board's list is (a save into a set moves its `updatedAt`).
  const setsKey = open
    .filter((pull) => pull.set !== undefined)
    .map((pull) => `${pull.number}@${pull.updatedAt}`)
    .join(',');
  const sets = useAsync(
    () => (setsKey ? listSets(repo) : Promise.resolve([])),
    `sets:${repo}:${setsKey}`,
  );
  const itemCounts = new Map((sets.data ?? []).map((set) => [set.number, set.items.length]));

  // GitHub computes mergeability in the background: ask again a few times while a draft in review waits for it.
  const unknown = open.some((pull) => pull.draft !== true && pull.mergeable == null);
  useEffect(() => {
    if (!unknown || checks >= 5) return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      reloadPulls();
    }, 1500);
    return () => clearTimeout(timer);
  }, [unknown, checks, reloadPulls]);

  const card = (pull: PullRequestSummary) => (
    <li key={pull.number} className="card board-card">
      <Link to={{ name: 'review', repo, number: pull.number }} className="card-link">
        <span className="repo-name">{pull.title}</span>
      </Link>
      {pull.set !== undefined ? (
        <span className="muted small" data-testid="board-set">
          Change set {pull.set}
          {itemCounts.has(pull.number) && ` · ${itemsWord(itemCounts.get(pull.number)!)}`}
        </span>
      ) : (
        <span className="muted small">
          {config.collections[pull.collection]?.label ?? pull.collection} /{' '}
          {/* The file's own name (`_index`), never its encoded slug (`__5findex`). */}
          {nameOfSlug(pull.slug) ?? pull.slug}
        </span>
      )}
      <span className="muted small">
        #{pull.number} · by {pull.author} · updated {formatDateTime(pull.updatedAt)}
      </span>
      {pull.set !== undefined && pull.reviewDecision === 'APPROVED' && (
        <span className="state-badge state-ready">Approved</span>
      )}
      {pull.set !== undefined && pull.mergeStateStatus === 'UNSTABLE' && (
        <span className="state-badge state-waiting">Checks not all passing</span>
      )}
      {pull.mergeable === false && (
        <span className="state-badge state-conflict">Conflicts with main</span>
      )}
      {pull.mergeable == null && pull.draft !== true && (
        <span className="state-badge state-checking">Checking for conflicts…</span>
      )}
      {publishAt.has(pull.number) && (
        <span className="state-badge state-scheduled" data-testid="board-scheduled">
          Publishes {formatLocalTime(publishAt.get(pull.number)!)}
        </span>
      )}
      {waitsOf(pull).map((reason) => (
        <span key={reason} className="state-badge state-waiting" data-testid="board-wait">
          {reason}
        </span>
      ))}
    </li>
  );

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Reviews</h1>
          <p className="muted small">
            Change requests on their way to publishing. Each is a pull request on GitHub.
          </p>
        </div>
        <button type="button" className="button" onClick={reloadPulls}>
          Refresh
        </button>
      </div>
      {pulls.status === 'error' && (
        <ErrorMessage error={pulls.error} onRetry={pulls.retryable ? reloadPulls : undefined} />
      )}
      {pulls.status === 'loading' && !pulls.data && <Loading label="Loading change requests…" />}
      {pulls.data && (
        <div className="board">
          {boardColumns.map((column) => {
            const cards = open.filter((pull) => columnOf(pull) === column.id);
            return (
              <section
                key={column.id}
                className="board-column"
                aria-labelledby={`column-${column.id}`}
              >
                <h2 id={`column-${column.id}`} className="board-title">
                  {column.title} <span className="muted">({cards.length})</span>
                </h2>
                {cards.length === 0 ? (
                  <p className="muted small board-empty">{column.empty}</p>
                ) : (
                  <ul className="card-list" aria-label={column.title}>
                    {cards.map(card)}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
