import { createApiClient } from '../../../shared/client/api-client';

/**
 * The one place that talks HTTP. Every failure becomes an ApiError whose message is words a
 * person can act on: the service's own `{error}` text when it sent one.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The answer's headers, when there was one (a 503's Retry-After). */
  readonly headers?: Headers;
  constructor(
    readonly status: number,
    message: string,
    /** The parsed answer, for the 409s that carry `reason` / `fields` instead of `error`. */
    readonly body?: unknown,
    options?: { cause?: unknown; headers?: Headers },
  ) {
    super(message, options);
    this.headers = options?.headers;
  }
}

type SessionEndedListener = () => void;
let sessionEnded: SessionEndedListener | undefined;

/** Called once per 401 from an authenticated call: the app returns to sign-in. */
export function onSessionEnded(listener: SessionEndedListener | undefined): void {
  sessionEnded = listener;
}

/**
 * The typed client of the route table, same-origin with the session cookie: `call('getContent',
 * { params: { repo, collection, slug } })` answers the route's 2xx body, typed from its schema.
 */
export const { call } = createApiClient({
  credentials: 'same-origin',
  unreachable: (cause) => {
    if ((cause as Error).name === 'AbortError') return cause;
    return new ApiError(
      0,
      'The service could not be reached. Check your connection and try again.',
      undefined,
      { cause },
    );
  },
  failed: (status, answer, request, headers) => {
    // A body that is not JSON (a proxy's page) is no answer of the service's.
    const body = typeof answer === 'string' ? undefined : answer;
    if (status === 401 && request.id !== 'getMe') sessionEnded?.();
    return new ApiError(status, messageOf(status, body), body, { headers });
  },
});

const fallbackMessages: Record<number, string> = {
  401: 'Your session has ended. Sign in again.',
  403: 'You do not have permission to do this.',
  404: 'Not found. It may have been deleted or renamed.',
  409: 'Someone else changed this in the meantime.',
  413: 'This is too large to save.',
  502: 'GitHub did not answer as expected. Try again in a moment.',
};

function messageOf(status: number, body: unknown): string {
  if (isRecord(body)) {
    if (typeof body.error === 'string' && body.error) return body.error;
    if (body.reason === 'conflicts')
      return 'The draft conflicts with the latest version on the main branch.';
    if (typeof body.reason === 'string' && body.reason) return body.reason;
  }
  return fallbackMessages[status] ?? `The service failed (HTTP ${status}). Try again in a moment.`;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
