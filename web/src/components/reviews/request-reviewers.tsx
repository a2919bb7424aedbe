import { useId, useState } from 'react';
import { requestReviewers } from '../../api/pulls';
import { useRepo } from '../repos/repo-context';

/** Asks people by their GitHub login (comma separated) to review the draft, and says who is requested. */
export function RequestReviewers({ number }: { number: number }) {
  const { repo } = useRepo();
  const [logins, setLogins] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [requested, setRequested] = useState<string[] | undefined>();
  const id = useId();

  const send = async () => {
    const reviewers = logins
      .split(',')
      .map((login) => login.trim())
      .filter(Boolean);
    setBusy(true);
    setError(undefined);
    try {
      setRequested((await requestReviewers(repo, number, reviewers)).requested);
      setLogins('');
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="request-reviewers"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={`${id}-logins`} className="field-label">
        Reviewers <span className="muted small">(GitHub logins, comma separated)</span>
      </label>
      <div className="button-row">
        <input
          id={`${id}-logins`}
          type="text"
          value={logins}
          onChange={(event) => setLogins(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Requesting…' : 'Request review'}
        </button>
      </div>
      {requested && (
        <p role="status" data-testid="requested-reviewers">
          {requested.length > 0
            ? `Review requested from ${requested.join(', ')}.`
            : 'Nobody is requested to review.'}
        </p>
      )}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </form>
  );
}
