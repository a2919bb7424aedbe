import { ApiError, CliError, exitCodes } from './errors';

export interface ApiOptions {
  url: string;
  /** Sent as `Authorization: Bearer …` when present. */
  token?: string;
  fetch?: typeof fetch;
}

/** A JSON client for the service: 2xx bodies are returned, anything else throws an ApiError. */
export function createApi(options: ApiOptions) {
  const send = options.fetch ?? fetch;
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'cms-cli' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await send(`${options.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
    } catch (error) {
      const reason = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new CliError(`Cannot reach ${options.url}: ${reason}`, exitCodes.error, { cause: error });
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): ApiError shows the start of it.
    }
    if (!response.ok) throw new ApiError(response.status, parsed);
    return parsed as T;
  }
  return {
    url: options.url,
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

export type Api = ReturnType<typeof createApi>;

/** `/api/repos/owner%2Fname`: the one-segment form of `{repo}`. */
export const repoPath = (repo: string) => `/api/repos/${encodeURIComponent(repo)}`;
