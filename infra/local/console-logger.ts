import type { Logger } from '../../shared/logger';

/**
 * Local mode's console: one short line per request on stdout, errors as JSON lines on stderr
 * (the fields the AWS log line has, so a problem reads the same in both runtimes). The request
 * line keeps what a developer looks at: method, path, status, time, route and round trips.
 */
export function createConsoleLogger(
  out: (line: string) => void,
  err: (line: string) => void,
): Logger {
  return {
    info(message, fields = {}) {
      if (message !== 'request') return;
      const { method, path, status, latencyMs, route, githubRoundTrips, storeRequests } = fields;
      out(
        `${String(method)} ${String(path)} ${String(status)} ${String(latencyMs)} ms  ${String(route)}  github ${String(githubRoundTrips)}  dynamodb ${String(storeRequests)}`,
      );
    },
    error(message, fields) {
      err(JSON.stringify({ level: 'ERROR', message, ...fields }));
    },
  };
}
