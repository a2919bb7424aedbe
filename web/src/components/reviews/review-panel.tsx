import { lazy, Suspense, useId } from 'react';
import type { PullRequestDetail } from '../../../../shared/pulls/schemas';
import { RequestReviewers } from './request-reviewers';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';
import { ReviewStanding } from './review-standing';

// The check runs' reports load with their own request, beside the rest of the review.
const CheckRuns = lazy(() => import('./check-runs'));

/**
 * The draft's review on GitHub: what the default branch requires and where the draft stands (who
 * approved, who asked for changes, the checks, the check runs' reports), the reviews so far, a review form and review
 * requests. Only for an open genuine draft (the detail carries `review` then). `viewer` is the
 * signed-in login, so its author is not offered Approve.
 */
export function ReviewPanel({
  pull,
  viewer,
  onChanged,
}: {
  pull: PullRequestDetail;
  viewer: string | undefined;
  onChanged(): void;
}) {
  const id = useId();
  const review = pull.review;
  if (!review || pull.state !== 'open') return null;
  return (
    <section className="review-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="small-heading">
        Review
      </h2>
      <ReviewStanding review={review} />
      <Suspense fallback={null}>
        <CheckRuns number={pull.number} headSha={pull.headSha} />
      </Suspense>
      <h3 className="small-heading">Reviews</h3>
      <ReviewList reviews={review.reviews} />
      <ReviewForm
        number={pull.number}
        isAuthor={viewer !== undefined && viewer === pull.author}
        onReviewed={onChanged}
      />
      <RequestReviewers number={pull.number} />
    </section>
  );
}
