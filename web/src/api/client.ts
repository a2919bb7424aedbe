/**
 * The one place that talks HTTP. Every failure becomes an ApiError whose message is words a
 * person can act on: the service's own `{error}` text when it sent one.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The parsed answer, for the 409s that carry `reason` / `fields` instead of `error`. */
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

type SessionEndedListener = () => void;
let sessionEnded: SessionEndedListener | undefined;

/** Called once per 401 from an authenticated call: the app returns to sign-in. */
export function onSessionEnded(listener: SessionEndedListener | undefined): void {
  sessionEnded = listener;
}

export interface RequestOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(path, options.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(0, 'The service could not be reached. Check your connection and try again.', undefined, { cause });
  }
  const body = await readJson(response);
  if (response.ok) return body as T;
  if (response.status === 401 && path !== '/api/auth/me') sessionEnded?.();
  throw new ApiError(response.status, messageOf(response.status, body), body);
}

function withQuery(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

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
    if (body.reason === 'conflicts') return 'The draft conflicts with the latest version on the main branch.';
    if (typeof body.reason === 'string' && body.reason) return body.reason;
  }
  return fallbackMessages[status] ?? `The service failed (HTTP ${status}). Try again in a moment.`;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `/api/repos/demo%2Fblog`: the spec sends the `/` of `owner/repo` as `%2F`. */
export const repoBase = (repo: string): string => `/api/repos/${encodeURIComponent(repo)}`;
