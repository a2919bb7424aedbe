/** Errors from the service, in the words the service used. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init?.headers } });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const message = (body as { error?: string } | undefined)?.error ?? `Request failed (HTTP ${response.status})`;
    throw new ApiError(response.status, message);
  }
  return body as T;
}

export type Me = { authenticated: false } | { authenticated: true; username: string };
