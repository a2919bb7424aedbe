import type { ReviewState } from '../../../../shared/pulls/schemas';
import { Icon } from '../ui/icons';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const methodWords = {
  squash: 'squashes the change request into one commit',
  merge: 'adds a merge commit',
  rebase: 'rebases the change request’s commits',
} as const;

/** What the default branch requires, and where the draft stands: approvals, changes requested, checks with their links. */
export function ReviewStanding({ review }: { review: ReviewState }) {
  // Without admin rights the count of classic protection's approvals is unknown; GitHub's review decision still says one is required.
  const approvals =
    review.requiredApprovingReviews > 0
      ? plural(review.requiredApprovingReviews, 'approving review')
      : review.reviewDecision != null && 'approving reviews';
  const requires = [
    approvals,
    review.requiredChecks.length > 0 &&
      `the ${review.requiredChecks.length === 1 ? 'check' : 'checks'} ${review.requiredChecks.join(', ')} to pass`,
  ].filter(Boolean);
  return (
    <>
      <p data-testid="review-requires">
        {!review.protected
          ? `The published branch is not protected: anyone who may publish can publish without a review.`
          : requires.length > 0
            ? `The published branch is protected and requires ${requires.join(' and ')} before publishing.`
            : 'The published branch is protected.'}
        {review.mergeMethod && (
          <span className="muted small"> Publish {methodWords[review.mergeMethod]}.</span>
        )}
      </p>
      <dl className="review-standing">
        <dt>Approved by</dt>
        <dd data-testid="approved-by">
          {review.approvedBy.length > 0 ? (
            review.approvedBy.join(', ')
          ) : (
            <span className="muted">nobody yet</span>
          )}
        </dd>
        {review.changesRequestedBy.length > 0 && (
          <>
            <dt>Changes requested by</dt>
            <dd data-testid="changes-requested-by">{review.changesRequestedBy.join(', ')}</dd>
          </>
        )}
      </dl>
      {review.checks.length > 0 && (
        <ul className="check-list" aria-label="Checks">
          {review.checks.map((check) => (
            <li key={check.name} data-testid={`check-${check.name}`} data-state={check.state}>
              <strong>{check.name}</strong>{' '}
              <span className={`check-state check-${check.state}`}>{check.state}</span>
              {check.required && <span className="muted small"> required</span>}
              {check.url && (
                <>
                  {' '}
                  <a href={check.url} target="_blank" rel="noopener noreferrer">
                    {check.name} details <Icon name="external" />
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
