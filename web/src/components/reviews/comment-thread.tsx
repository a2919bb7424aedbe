import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { createComment, listComments } from '../../api/pulls';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { useRepo } from '../repos/repo-context';
import { ErrorMessage, Loading } from '../ui/states';

/** The pull request's conversation, oldest first, and a composer (Ctrl/Cmd-Enter sends). */
export function CommentThread({ number }: { number: number }) {
  const { repo } = useRepo();
  const comments = useAsync(() => listComments(repo, number), `comments:${repo}:${number}`);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setError(undefined);
    try {
      const comment = await createComment(repo, number, text);
      comments.set([...(comments.data ?? []), comment]);
      setText('');
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };

  return (
    <section aria-labelledby="comments-title" className="section comments">
      <h2 id="comments-title">Comments</h2>
      {comments.status === 'error' && (
        <ErrorMessage error={comments.error} onRetry={comments.retry} />
      )}
      {!comments.data && comments.status === 'loading' && <Loading label="Loading comments…" />}
      {comments.data && comments.data.length === 0 && <p className="muted">No comments yet.</p>}
      <ol className="comment-list">
        {comments.data?.map((comment) => (
          <li key={comment.id} className="comment">
            <span className="avatar" aria-hidden="true">
              {comment.author.charAt(0).toUpperCase()}
            </span>
            <div>
              <p className="comment-meta">
                <strong>{comment.author}</strong>{' '}
                <span className="muted small">{formatDateTime(comment.createdAt)}</span>
              </p>
              <p className="comment-body">{comment.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <form className="comment-form" onSubmit={send}>
        <label htmlFor="comment-text" className="field-label">
          Add a comment
        </label>
        <textarea
          id="comment-text"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="comment-hint"
        />
        <div className="button-row">
          <span id="comment-hint" className="muted small">
            Ctrl+Enter to send
          </span>
          <button type="submit" className="button primary" disabled={!text.trim() || sending}>
            {sending ? 'Sending…' : 'Comment'}
          </button>
        </div>
        {error && (
          <p role="alert" className="error-text">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
