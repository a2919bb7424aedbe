import { useState } from 'react';
import { loadOncePerCollection } from '../../lib/relation-labels';
import { firstItemsOf } from '../../lib/collection-items';
import { canRetry } from '../../lib/retry';
import { listRepoActivity, type ActivityEntry } from '../../api/activity';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';
import { ErrorMessage, Loading } from '../ui/states';
import { ActivityTarget, type LoadItems } from './activity-target';

/** The route table's action ids, as a person reads them. Unknown ones show as they are. */
const actionWords: Record<string, string> = {
  putContent: 'saved',
  deleteContent: 'deleted',
  renameContent: 'renamed',
  duplicateContent: 'duplicated',
  createTranslation: 'translated',
  deleteContentItems: 'deleted several items',
  createPull: 'opened',
  closePull: 'closed',
  mergePull: 'published',
  updatePull: 'updated',
  rebasePull: 'brought up to date',
  markPullReady: 'marked ready for review:',
  markPullInProgress: 'moved back to in progress:',
  createComment: 'commented',
  beginMediaUpload: 'started an upload',
  commitMedia: 'uploaded',
  deleteMediaFile: 'deleted a file',
  createSchedule: 'scheduled',
  reschedule: 'moved a schedule',
  cancelSchedule: 'cancelled a schedule',
  scheduledPublish: 'published on schedule',
  scheduledUnpublish: 'unpublished on schedule',
  connectRepo: 'connected the repository',
  disconnectRepo: 'disconnected the repository',
};

const outcome = (entry: ActivityEntry): { text: string; tone: 'ok' | 'refused' | 'failed' } =>
  entry.status < 300
    ? { text: 'done', tone: 'ok' }
    : entry.status < 500
      ? { text: `refused (${entry.status})`, tone: 'refused' }
      : { text: `failed (${entry.status})`, tone: 'failed' };

/** Who did what in this repository through the service, newest first (the audit log). */
export function ActivityPage() {
  const { repo } = useRepo();
  const first = useAsync(() => listRepoActivity(repo), `activity:${repo}`);
  // Titles and file names come from each collection's list, asked once per collection.
  const [loadItems] = useState<LoadItems>(() => loadOncePerCollection(firstItemsOf(repo)));
  const [more, setMore] = useState<
    { records: ActivityEntry[]; cursor: string | null } | undefined
  >();
  const [loadingMore, setLoadingMore] = useState(false);
  const [problem, setProblem] = useState<{ message: string; retryable: boolean } | undefined>();

  if (first.status === 'error' && !first.data)
    return <ErrorMessage error={first.error} onRetry={first.retry} />;
  if (!first.data) return <Loading label="Loading the activity…" />;
  const records = [...first.data.records, ...(more?.records ?? [])];
  const cursor = more ? more.cursor : first.data.nextCursor;

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    setProblem(undefined);
    try {
      const page = await listRepoActivity(repo, cursor);
      setMore({ records: [...(more?.records ?? []), ...page.records], cursor: page.nextCursor });
    } catch (cause) {
      setProblem({ message: (cause as Error).message, retryable: canRetry(cause) });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="page activity-page">
      <div className="page-header">
        <h1>Activity</h1>
      </div>
      <p className="muted small">
        Every change made to {repo} through this service, newest first, whatever its outcome.
      </p>
      {records.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <table className="activity-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {records.map((entry) => {
              const result = outcome(entry);
              return (
                <tr key={`${entry.at}-${entry.requestId}`} data-testid="activity-row">
                  <td>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td>
                    @{entry.actor.login}{' '}
                    <span className="muted small">
                      {entry.actor.via === 'token'
                        ? `token ${entry.actor.tokenId ?? ''}`
                        : entry.actor.via}
                    </span>
                  </td>
                  <td>
                    {actionWords[entry.action] ?? entry.action}{' '}
                    <ActivityTarget entry={entry} load={loadItems} />
                    {entry.target?.collection && entry.target.slug && (
                      <>
                        {' '}
                        <Link
                          to={{
                            name: 'item',
                            repo,
                            collection: entry.target.collection,
                            slug: entry.target.slug,
                            history: true,
                          }}
                          className="small"
                        >
                          History
                        </Link>
                      </>
                    )}
                  </td>
                  <td className={`outcome-${result.tone}`}>
                    {result.text}
                    {entry.result?.error ? `: ${entry.result.error}` : ''}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {problem && (
        <ErrorMessage
          error={problem.message}
          onRetry={problem.retryable ? () => void loadMore() : undefined}
        />
      )}
      {cursor && (
        <button
          type="button"
          className="button"
          disabled={loadingMore}
          onClick={() => void loadMore()}
        >
          {loadingMore ? 'Loading…' : 'Older'}
        </button>
      )}
    </div>
  );
}
