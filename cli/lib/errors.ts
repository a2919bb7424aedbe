/** Exit codes of `cms`: scripts branch on these. */
export const exitCodes = { ok: 0, error: 1, usage: 2, conflict: 3, auth: 4 } as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** A failure with its exit code; the message is shown as is. */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: ExitCode;
  constructor(
    message: string,
    exitCode: ExitCode = exitCodes.error,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.exitCode = exitCode;
  }
}

export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, exitCodes.usage);
  }
}

/** An answer of the service other than 2xx. The message is the server's `{error}` verbatim. */
export class ApiError extends CliError {
  override name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  /** The answer's headers (a 503's Retry-After). */
  readonly headers?: Headers;
  constructor(status: number, body: unknown, headers?: Headers) {
    super(messageOf(status, body), exitCodeOf(status));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const exitCodeOf = (status: number): ExitCode => {
  if (status === 409) return exitCodes.conflict;
  if (status === 401 || status === 403) return exitCodes.auth;
  return exitCodes.error;
};

/** `{error}` as sent; the merge and update conflicts carry `reason` (and `fields`) instead. */
function messageOf(status: number, body: unknown): string {
  const record = (body ?? {}) as { error?: unknown; reason?: unknown; fields?: unknown };
  if (typeof record.error === 'string') return record.error;
  if (typeof record.reason === 'string') {
    const fields =
      Array.isArray(record.fields) && record.fields.length ? ` (${record.fields.join(', ')})` : '';
    return `${record.reason}${fields}`;
  }
  return `The service answered ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`;
}

/** The command has printed its own report of what failed (`cms check`): only the exit code is left to give. */
export class ReportedFailure extends CliError {
  override name = 'ReportedFailure';
  constructor(exitCode: ExitCode = exitCodes.error) {
    super('', exitCode);
  }
}
