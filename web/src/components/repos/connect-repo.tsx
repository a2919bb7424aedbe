import { useState, type FormEvent } from 'react';
import { connectRepo, type listHostRepos } from '../../api/repos';
import { statusOf } from '../../lib/retry';
import type { AsyncState } from '../../lib/use-async';
import { Icon } from '../ui/icons';
import { ErrorMessage, Loading } from '../ui/states';
import { noAccessAdvice } from './no-access';
import { isMissingConfig, NoConfigHelp } from './no-config';

interface ConnectRepoProps {
  /** The repositories the app reaches for the caller (the page decides when there are none). */
  hostRepos: AsyncState<Awaited<ReturnType<typeof listHostRepos>>> & { retry?: () => void };
  connected: readonly string[];
  onConnected(): void;
}

/** A refusal to connect, with what to do: write a config, or get access. */
function ConnectProblem({ repo, error, id }: { repo: string; error: string; id?: string }) {
  if (!isMissingConfig(error))
    return (
      <p id={id} role="alert" className="error-text card-error">
        {error}
      </p>
    );
  return (
    <div id={id} role="alert" className="card-error">
      <p className="error-text">{repo} has no cms.config.json yet, so it cannot be connected.</p>
      <NoConfigHelp repo={repo} />
    </div>
  );
}

/** Repositories the app can reach, each with Connect, plus a field for any `owner/repo`. */
export function ConnectRepo({ hostRepos, connected, onConnected }: ConnectRepoProps) {
  const [busy, setBusy] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [typed, setTyped] = useState('');
  const available = (hostRepos.data ?? []).filter((repo) => !connected.includes(repo.fullName));

  /** Errors are keyed by where they are shown: the repository's row, or `typed` for the field. */
  const connect = async (fullName: string, errorKey = fullName) => {
    setBusy(fullName);
    setErrors((all) => ({ ...all, [errorKey]: '' }));
    try {
      await connectRepo(fullName);
      if (errorKey === 'typed') setTyped('');
      onConnected();
    } catch (cause) {
      const message = (cause as Error).message;
      setErrors((all) => ({
        ...all,
        // The one 404 covers not found, not visible and no app: say what to do about each.
        [errorKey]:
          statusOf(cause) === 404 ? `${message.replace(/\.?$/, '.')} ${noAccessAdvice}` : message,
      }));
    } finally {
      setBusy(undefined);
    }
  };
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const name = typed.trim();
    // The service checks the exact rules; this only catches an obviously wrong shape early.
    if (!/^[^/\s]+\/[^/\s]+$/.test(name))
      setErrors((all) => ({
        ...all,
        typed: 'Enter the repository as owner/name, for example acme/website.',
      }));
    else void connect(name, 'typed');
  };

  return (
    <section aria-labelledby="connect-title" className="section">
      <h2 id="connect-title">Connect a repository</h2>
      <p className="muted">
        Repositories where the app is installed. A repository needs a cms.config.json at its root.
      </p>
      {hostRepos.status === 'error' && (
        <ErrorMessage error={hostRepos.error} onRetry={hostRepos.retry} />
      )}
      {hostRepos.status === 'loading' && <Loading label="Loading repositories from GitHub…" />}
      {hostRepos.data && available.length === 0 && (
        <p className="muted">Every repository the app can reach is connected.</p>
      )}
      <ul className="card-list" aria-label="Repositories you can connect">
        {available.map((repo) => (
          <li key={repo.fullName} className="card repo-card">
            <span className="card-link">
              <Icon name="repo" />
              <span className="repo-name">{repo.fullName}</span>
              {repo.private && <span className="badge">Private</span>}
            </span>
            {repo.description && (
              <span className="muted small repo-description">{repo.description}</span>
            )}
            <button
              type="button"
              className="button small"
              disabled={busy !== undefined}
              onClick={() => connect(repo.fullName)}
              aria-label={`Connect ${repo.fullName}`}
            >
              {busy === repo.fullName ? 'Connecting…' : 'Connect'}
            </button>
            {errors[repo.fullName] && (
              <ConnectProblem repo={repo.fullName} error={errors[repo.fullName]!} />
            )}
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={submitTyped}>
        <label htmlFor="repo-name">Another repository</label>
        <input
          id="repo-name"
          placeholder="owner/name"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="repo-name-error"
        />
        <button type="submit" className="button" disabled={busy !== undefined || !typed.trim()}>
          Connect
        </button>
        <p id="repo-name-error" role="alert" className="error-text">
          {errors.typed && isMissingConfig(errors.typed)
            ? `${typed.trim()} has no cms.config.json yet, so it cannot be connected.`
            : (errors.typed ?? '')}
        </p>
      </form>
      {errors.typed && isMissingConfig(errors.typed) && <NoConfigHelp repo={typed.trim()} />}
    </section>
  );
}
