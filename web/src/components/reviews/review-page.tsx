import { deletionsSegment } from '../../../../shared/content/deletions-segment';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getMe } from '../../api/auth';
import { getPull, getPullDiff } from '../../api/pulls';
import { draftItemOf } from '../../lib/draft-item';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';
import { Icon } from '../ui/icons';
import { ErrorMessage, Loading } from '../ui/states';
import { CommentThread } from './comment-thread';
import { DiffView } from './diff-view';
import { MergeState } from './merge-state';
import { ReviewActions } from './review-actions';
import { ReviewPanel } from './review-panel';
import { SchedulePanel } from './schedule-panel';

// Only a published change request offers to undo it: the button's code loads on those.
const UndoPublish = lazy(() => import('../history/undo-publish'));
// A change set's items, grouped by collection with their kinds: loaded for a set's review only.
const SetChanges = lazy(() => import('./set-changes'));

/** One draft: its state, the field-by-field and word-level diff, the actions and the conversation. */
export function ReviewPage({ number }: { number: number }) {
  const { repo, config } = useRepo();
  const pull = useAsync(() => getPull(repo, number), `pull:${repo}:${number}`);
  const diff = useAsync(() => getPullDiff(repo, number), `diff:${repo}:${number}`);
  // Who is signed in: the draft's author is not offered Approve; someone else's schedule says who may change it.
  const me = useAsync(getMe, 'me');
  const [checks, setChecks] = useState(0);
  const reload = () => {
    pull.reload();
    diff.reload();
  };

  // GitHub computes mergeability in the background: ask again a few times while it is unknown.
  const unknown = pull.data?.state === 'open' && pull.data.mergeable == null;
  const reloadPull = pull.reload;
  useEffect(() => {
    if (!unknown || checks >= 5) return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      reloadPull();
    }, 1500);
    return () => clearTimeout(timer);
  }, [unknown, checks, reloadPull]);

  if (pull.status === 'error' && !pull.data)
    return <ErrorMessage error={pull.error} onRetry={pull.retry} />;
  if (!pull.data) return <Loading label={`Loading change request #${number}…`} />;
  const detail = pull.data;
  // A change set (branch `cms/_sets/{name}`) holds items of any collections: it has no one item.
  const single = detail.set === undefined && detail.slug !== deletionsSegment;
  const collection = config.collections[detail.collection];
  const item =
    collection && diff.data
      ? draftItemOf({
          fields: collection.fields,
          directory: collection.directory,
          diffs: diff.data,
          pull: detail,
        })
      : undefined;

  return (
    <div className="page review-page">
      <Link to={{ name: 'reviews', repo }} className="back-link">
        <Icon name="back" /> Reviews
      </Link>
      <div className="page-header">
        <div>
          <h1>
            {detail.title} <span className="muted">#{detail.number}</span>
          </h1>
          <p className="muted small">
            {detail.branch} · by {detail.author} · opened {formatDateTime(detail.createdAt)} ·
            updated {formatDateTime(detail.updatedAt)}
          </p>
        </div>
        <MergeState pull={detail} />
      </div>
      <p className="review-links">
        {detail.state === 'open' && single && (
          <Link to={{ name: 'item', repo, collection: detail.collection, slug: detail.slug }}>
            <Icon name="file" /> Edit the change request
          </Link>
        )}
        <a href={detail.htmlUrl} target="_blank" rel="noopener noreferrer">
          On GitHub <Icon name="external" />
        </a>
        {detail.previewUrl && (
          <a href={detail.previewUrl} target="_blank" rel="noopener noreferrer">
            Preview site <Icon name="external" />
          </a>
        )}
      </p>
      {detail.merged && single && (
        <Suspense fallback={null}>
          <UndoPublish
            repo={repo}
            collection={detail.collection}
            slug={detail.slug}
            number={detail.number}
          />
        </Suspense>
      )}
      <ReviewActions
        pull={detail}
        item={item}
        diffs={detail.set !== undefined ? diff.data : undefined}
        onChanged={reload}
      />
      {/* What the draft changes comes before the review, the schedule and the conversation. */}
      <section aria-labelledby="changes-title" className="section">
        <h2 id="changes-title">Changes</h2>
        {diff.status === 'error' && <ErrorMessage error={diff.error} onRetry={diff.retry} />}
        {!diff.data && diff.status === 'loading' && (
          <Loading label="Comparing with the published version…" />
        )}
        {diff.data && detail.set !== undefined && (
          <Suspense fallback={<Loading label="Reading the change set…" />}>
            <SetChanges
              set={detail.set}
              diffs={diff.data}
              headRef={detail.branch}
              open={detail.state === 'open'}
              onChanged={reload}
            />
          </Suspense>
        )}
        {diff.data && detail.set === undefined && (
          <DiffView diffs={diff.data} headRef={detail.branch} />
        )}
      </section>
      <ReviewPanel pull={detail} viewer={me.data?.username} onChanged={pull.reload} />
      <SchedulePanel pull={detail} viewer={me.data?.username} />
      <CommentThread number={number} />
    </div>
  );
}
