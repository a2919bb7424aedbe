import { useId, useState } from 'react';
import { createReview } from '../../api/pulls';
import { useRepo } from '../repos/repo-context';

type ReviewEvent = 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT';
const busyWords: Record<ReviewEvent, string> = {
  APPROVE: 'Approving…',
  REQUEST_CHANGES: 'Requesting changes…',
  COMMENT: 'Commenting…',
};

/**
 * A GitHub review from the signed-in person: a text and Approve, Request changes or Comment (the
 * last two need a text; the service says so). GitHub does not let authors approve or request
 * changes on their own pull request, so the author is offered Comment only.
 */
export function ReviewForm({
  number,
  isAuthor,
  onReviewed,
}: {
  number: number;
  isAuthor: boolean;
  onReviewed(): void;
}) {
  const { repo } = useRepo();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<ReviewEvent | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const id = useId();

  const send = async (event: ReviewEvent) => {
    setBusy(event);
    setError(undefined);
    setDone(undefined);
    try {
      const review = await createReview(repo, number, event, text);
      setText('');
      setDone(
        review.state === 'APPROVED'
          ? 'You approved the change request.'
          : review.state === 'CHANGES_REQUESTED'
            ? 'You requested changes.'
            : 'Your review is posted.',
      );
      onReviewed();
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const disabled = busy !== undefined;
  return (
    <form className="review-form" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={`${id}-text`} className="field-label">
        Your review
      </label>
      <textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="muted small">
        {isAuthor
          ? 'You opened this draft: others approve it or request changes. A comment needs a text.'
          : 'Requesting changes and commenting need a text.'}
      </p>
      <div className="button-row">
        {!isAuthor && (
          <button
            type="button"
            className="button primary"
            disabled={disabled}
            onClick={() => void send('APPROVE')}
          >
            {busy === 'APPROVE' ? busyWords.APPROVE : 'Approve'}
          </button>
        )}
        {!isAuthor && (
          <button
            type="button"
            className="button"
            disabled={disabled}
            onClick={() => void send('REQUEST_CHANGES')}
          >
            {busy === 'REQUEST_CHANGES' ? busyWords.REQUEST_CHANGES : 'Request changes'}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => void send('COMMENT')}
        >
          {busy === 'COMMENT' ? busyWords.COMMENT : 'Comment'}
        </button>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="ok-text" data-testid="review-sent">
          {done}
        </p>
      )}
    </form>
  );
}
