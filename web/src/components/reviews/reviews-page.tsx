import { formatDateTime } from '../../lib/format';
import { Link } from '../../router/link';
import { useRepo } from '../repos/repo-context';
import { Icon } from '../ui/icons';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';

/** Open drafts of the repository, newest activity first. */
export function ReviewsPage() {
  const { repo, config, pulls, reloadPulls } = useRepo();
  const open = [...(pulls.data ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Drafts in review</h1>
          <p className="muted small">Saved drafts waiting to be published. Each is a pull request on GitHub.</p>
        </div>
        <button type="button" className="button" onClick={reloadPulls}>
          Refresh
        </button>
      </div>
      {pulls.status === 'error' && <ErrorMessage error={pulls.error} onRetry={reloadPulls} />}
      {pulls.status === 'loading' && !pulls.data && <Loading label="Loading drafts…" />}
      {pulls.data && open.length === 0 && <EmptyState title="No drafts in review">Saving a draft from the editor opens one here.</EmptyState>}
      {open.length > 0 && (
        <ul className="card-list" aria-label="Open drafts">
          {open.map((pull) => (
            <li key={pull.number} className="card review-card">
              <Link to={{ name: 'review', repo, number: pull.number }} className="card-link">
                <Icon name="review" />
                <span className="repo-name">{pull.title}</span>
              </Link>
              <span className="muted small">
                #{pull.number} · {config.collections[pull.collection]?.label ?? pull.collection} / {pull.slug} · by {pull.author} · updated {formatDateTime(pull.updatedAt)}
              </span>
              {pull.previewUrl && (
                <a href={pull.previewUrl} target="_blank" rel="noopener noreferrer" className="small">
                  Preview <Icon name="external" />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
