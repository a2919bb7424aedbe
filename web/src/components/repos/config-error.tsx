import { Link } from '../../router/link';
import { ErrorMessage } from '../ui/states';

// `… cms.config.json: collections.posts.fields[2].type: unknown field type "color" (…)`
const configProblem = /cms\.config\.json: ([A-Za-z0-9_$[\].-]+): (.+)$/s;

/** The path and the problem of an invalid `cms.config.json`, or undefined for another error. */
export function parseConfigProblem(error: string): { path: string; problem: string } | undefined {
  const match = configProblem.exec(error);
  return match ? { path: match[1]!, problem: match[2]! } : undefined;
}

/**
 * What a repository shows when its config cannot be read: for an invalid `cms.config.json`, the
 * path and the problem, and where to fix it; for anything else, the error with a retry.
 */
export function ConfigErrorPage({
  repo,
  error,
  onRetry,
}: {
  repo: string;
  error: string;
  onRetry(): void;
}) {
  const problem = parseConfigProblem(error);
  return (
    <div className="page">
      {problem ? (
        <>
          <h1>cms.config.json needs a fix</h1>
          <p>
            The configuration of {repo} on its default branch cannot be used, so the editor cannot
            open. Fix the file (in the repository, or with the CLI) and try again.
          </p>
          <dl className="config-problem" role="alert">
            <dt>Where</dt>
            <dd>
              <code>{problem.path}</code>
            </dd>
            <dt>Problem</dt>
            <dd>{problem.problem}</dd>
          </dl>
          <p>
            <button type="button" className="button small" onClick={onRetry}>
              Try again
            </button>
          </p>
        </>
      ) : (
        <>
          <h1>{repo}</h1>
          <ErrorMessage error={error} onRetry={onRetry} />
        </>
      )}
      <p>
        <Link to={{ name: 'repos' }}>Back to repositories</Link>
      </p>
    </div>
  );
}
