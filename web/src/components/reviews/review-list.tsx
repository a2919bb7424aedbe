import type { ReviewState } from '../../../../shared/pulls/schemas';
import { formatDateTime } from '../../lib/format';

const stateWords: Record<string, string> = {
  APPROVED: 'Approved',
  CHANGES_REQUESTED: 'Requested changes',
  COMMENTED: 'Commented',
  DISMISSED: 'Dismissed',
  PENDING: 'Pending',
};

/** The GitHub reviews of the draft, oldest first: who, what they decided, what they wrote, when. */
export function ReviewList({ reviews }: { reviews: ReviewState['reviews'] }) {
  if (reviews.length === 0) return <p className="muted">No reviews yet.</p>;
  return (
    <ol className="review-list">
      {reviews.map((review, index) => (
        <li
          key={`${review.author}:${review.submittedAt ?? index}`}
          className="review-entry"
          data-testid="review-entry"
          data-state={review.state}
        >
          <p className="comment-meta">
            <strong>{review.author}</strong>{' '}
            <span className={`review-verdict review-${review.state.toLowerCase()}`}>
              {stateWords[review.state] ?? review.state}
            </span>{' '}
            {review.submittedAt && (
              <span className="muted small">{formatDateTime(review.submittedAt)}</span>
            )}
          </p>
          {review.body && <p className="comment-body">{review.body}</p>}
        </li>
      ))}
    </ol>
  );
}
