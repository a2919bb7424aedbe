import { createHash, createSign, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startGitHubLocal, type GitHubLocal, type StartGitHubLocalOptions } from '../src/server';

/** The callback URL the tests' app is registered with (the service's, on a port nothing listens on). */
export const TEST_CALLBACK_URL = 'http://127.0.0.1:9999/auth/callback';

/** A controllable clock: real time plus an offset tests can advance. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
}

export interface TestHost {
  gh: GitHubLocal;
  dataDir: string;
  clock: TestClock;
  /** Closes the host and removes its data directory. */
  dispose(): Promise<void>;
}

export async function startTestHost(
  options: Partial<StartGitHubLocalOptions> = {},
): Promise<TestHost> {
  const dataDir = await mkdtemp(join(tmpdir(), 'github-local-test-'));
  const clock = createTestClock();
  const gh = await startGitHubLocal({
    dataDir,
    now: clock.now,
    callbackUrls: [TEST_CALLBACK_URL],
    ...options,
  });
  return {
    gh,
    dataDir,
    clock,
    dispose: async () => {
      await gh.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A host shared by one describe block, with demo, alice and bob signed in (useSignedInHost). */
export interface SignedInHost {
  readonly gh: GitHubLocal;
  readonly clock: TestClock;
  /** Each user's access token, by login. */
  tokens: Record<string, string>;
  /** A REST request as `as` (demo by default), or with `token`. */
  call(
    path: string,
    options?: { method?: string; body?: unknown; as?: string; token?: string },
  ): Promise<ApiResponse>;
}

/**
 * Starts a host before the describe block's tests (this hook runs before the block's own
 * `beforeAll`s), signs in demo, alice and bob, and disposes of it after them.
 */
export function useSignedInHost(options: Partial<StartGitHubLocalOptions> = {}): SignedInHost {
  let started: TestHost | undefined;
  const tokens: Record<string, string> = {};
  const host = (): TestHost => {
    if (!started) throw new Error('The host starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestHost(options);
    for (const login of ['demo', 'alice', 'bob'])
      tokens[login] = started.gh.issueUserToken(login).access_token;
  });
  afterAll(() => started?.dispose());
  return {
    get gh() {
      return host().gh;
    },
    get clock() {
      return host().clock;
    },
    tokens,
    call: (path, call = {}) =>
      api(host().gh, path, {
        token: call.token ?? tokens[call.as ?? 'demo'],
        method: call.method,
        body: call.body,
      }),
  };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // Bodies are checked against GitHub's OpenAPI description; tests read fields loosely.
  body: any;
}

export async function api(
  gh: GitHubLocal,
  path: string,
  options: {
    token?: string;
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gh.apiUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * A GraphQL request as `token`, its document first checked against GitHub's published schema (what
 * the host accepts must be what GitHub accepts); HTTP 200 is asserted, the JSON answer returned.
 */
export async function graphqlAs(
  gh: GitHubLocal,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<any> {
  // Loaded on first use: GitHub's schema is large, and most files using these helpers never need it.
  const { expectValidGitHubQuery } = await import('./support/github-graphql-schema');
  expectValidGitHubQuery(query);
  const res = await fetch(`${gh.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  // Shapes are asserted by the tests.
  return res.json();
}

/** POSTs an OAuth endpoint (form-encoded, JSON answer) and returns the parsed body. */
export async function oauthPost(
  gh: GitHubLocal,
  path: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${gh.url}${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The name/value pairs of every input and the options of every select in an HTML page. */
export function formFields(html: string): {
  hidden: Record<string, string>;
  selectOptions: Record<string, string[]>;
} {
  const hidden: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    hidden[match[1] ?? ''] = decodeEntities(match[2] ?? '');
  }
  const selectOptions: Record<string, string[]> = {};
  for (const match of html.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    selectOptions[match[1] ?? ''] = [...(match[2] ?? '').matchAll(/<option value="([^"]+)"/g)].map(
      (option) => option[1] ?? '',
    );
  }
  return { hidden, selectOptions };
}

function decodeEntities(value: string): string {
  return value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** Walks the authorize page as a browser would and returns the redirect it ends with. */
export async function authorizeAs(
  gh: GitHubLocal,
  login: string,
  query: Record<string, string>,
): Promise<{ location: URL; code: string | null }> {
  const page = await fetch(
    `${gh.url}/login/oauth/authorize?${new URLSearchParams(query).toString()}`,
  );
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
  const { hidden } = formFields(await page.text());
  const res = await fetch(`${gh.url}/login/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, login }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`authorize submit answered ${res.status}`);
  const location = new URL(res.headers.get('location') ?? '');
  return { location, code: location.searchParams.get('code') };
}

/** Signs a GitHub App JWT (RS256) like @octokit/auth-app does; `claims` override the defaults. */
export function signAppJwt(
  privateKeyPem: string,
  appId: number,
  claims: Record<string, unknown> = {},
  nowMs = Date.now(),
): string {
  const now = Math.floor(nowMs / 1000);
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(
    JSON.stringify({ iat: now - 30, exp: now + 540, iss: appId, ...claims }),
  ).toString('base64url');
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(privateKeyPem)
    .toString('base64url');
  return `${header}.${payload}.${signature}`;
}
