import { signIn } from './local-service';
import { responseValidator } from './openapi-validator';

/**
 * A small client for tests: session cookie or bearer token, JSON in and out. Every answer is
 * checked against the OpenAPI document (test/support/openapi-validator.ts) before it is returned.
 */
export interface Credentials {
  session?: string;
  token?: string;
  /** Raw Authorization header, for malformed-header cases. */
  authorization?: string;
  origin?: string | null;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function apiClient(baseUrl: string) {
  async function call<T = any>(
    method: string,
    path: string,
    credentials: Credentials = {},
    body?: unknown,
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (credentials.session) headers.cookie = `cms_session=${credentials.session}`;
    if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
    if (credentials.authorization) headers.authorization = credentials.authorization;
    // A browser always sends Origin on same-origin writes; tests do too unless told otherwise.
    if (credentials.origin !== null && method !== 'GET')
      headers.origin = credentials.origin ?? baseUrl;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    // Every answer a test sees must be one the OpenAPI document allows; a mismatch fails the test.
    responseValidator().assertValid({
      method,
      path,
      status: response.status,
      contentType: response.headers.get('content-type'),
      text,
      headers: response.headers,
    });
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a redirect or a page): keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    call,
    get: <T = any>(path: string, credentials?: Credentials) => call<T>('GET', path, credentials),
    post: <T = any>(path: string, body: unknown, credentials?: Credentials) =>
      call<T>('POST', path, credentials, body),
    put: <T = any>(path: string, body: unknown, credentials?: Credentials) =>
      call<T>('PUT', path, credentials, body),
    delete: <T = any>(path: string, credentials?: Credentials) =>
      call<T>('DELETE', path, credentials),
    signIn: (login: string) => signIn(baseUrl, login),
    /** Creates an API token as the session's user; returns the secret. */
    async createToken(
      session: string,
      input: { repos?: string[]; permissions: string[]; expiresIn?: number | null; name?: string },
    ) {
      const response = await call(
        'POST',
        '/api/tokens',
        { session },
        { name: input.name ?? 'test', repos: input.repos ?? ['*'], ...input },
      );
      if (response.status !== 201)
        throw new Error(`createToken: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as { token: string; tokenId: string; expiresAt: string | null };
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
