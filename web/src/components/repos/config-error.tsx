import { Link } from '../../router/link';
import { ErrorMessage } from '../ui/states';
import { NoAccess } from './no-access';
import { isMissingConfig, NoConfigHelp } from './no-config';

// `… cms.config.json: collections.posts.fields[2].type: unknown field type "color" (…)`
const configProblem = /cms\.config\.json: ([A-Za-z0-9_$[\].-]+): (.+)$/s;

/** The path and the problem of an invalid `cms.config.json`, or undefined for another error. */
export function parseConfigProblem(error: string): { path: string; problem: string } | undefined {
  const match = configProblem.exec(error);
  return match ? { path: match[1]!, problem: match[2]! } : undefined;
}

/**
 * What a repository shows when its config cannot be read: no access (404) in the words every
 * screen uses; a missing `cms.config.json`, with how to write one; an invalid one, with the path
 * and the problem. Those last two offer "Try again" for after the fix; another error offers it only
 * where asking again can help (`onRetry` undefined otherwise).
 */
export function ConfigErrorPage({
  repo,
  error,
  httpStatus,
  onRetry,
  onReload,
}: {
  repo: string;
  error: string;
  httpStatus?: number;
  /** Asking again, where it can help (a network failure, a 5xx). */
  onRetry: (() => void) | undefined;
  /** Reading the config again once someone fixed the file. */
  onReload(): void;
}) {
  const problem = parseConfigProblem(error);
  return (
    <div className="page">
      {httpStatus === 404 ? (
        <NoAccess repo={repo} />
      ) : isMissingConfig(error) ? (
        <>
          <h1>{repo} has no cms.config.json</h1>
          <NoConfigHelp repo={repo} />
        </>
      ) : problem ? (
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
        </>
      ) : (
        <>
          <h1>{repo}</h1>
          <ErrorMessage error={error} onRetry={onRetry} />
        </>
      )}
      {httpStatus !== 404 && (isMissingConfig(error) || problem) && (
        <p>
          <button type="button" className="button small" onClick={onReload}>
            Try again
          </button>
        </p>
      )}
      <p>
        <Link to={{ name: 'repos' }}>Back to repositories</Link>
      </p>
    </div>
  );
}
