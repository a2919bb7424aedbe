/**
 * Structured JSON log lines. Callers pass only what is safe to log: ids, routes, statuses,
 * error names and messages, never tokens, cookies or request bodies.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const createJsonLogger = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger => ({
  info: (message, fields) =>
    write(
      JSON.stringify({ level: 'INFO', message, ...fields, timestamp: new Date().toISOString() }),
    ),
  error: (message, fields) =>
    write(
      JSON.stringify({ level: 'ERROR', message, ...fields, timestamp: new Date().toISOString() }),
    ),
});

export const silentLogger: Logger = { info: () => {}, error: () => {} };
