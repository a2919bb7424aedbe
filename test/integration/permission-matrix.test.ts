import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, type Permission } from '../../shared/auth/permissions';
import { permissionsOf, type RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import { apiClient, type ApiClient, type Credentials } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';

/**
 * Generated from the route table: every route × every kind of credential → the exact status the
 * authorisation rules demand. A new row is covered without editing this file.
 */
const inScope = 'demo/blog';
const outOfScope = 'demo/docs';
const samples: Record<string, string> = { collection: 'posts', slug: 'hello-world', number: '1', tokenId: 'AAAAAAAAAAAAAAAAAAAAAA' };

const pathFor = (route: RouteDef, repo: string) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'repo' ? encodeURIComponent(repo) : samples[name] ?? 'x'));

type Cell = { name: string; credentials: (route: RouteDef) => Credentials | Promise<Credentials>; repo?: string; expect: (route: RouteDef) => number | 'allowed' };

let service: TestService;
let api: ApiClient;
const made: Record<string, string> = {};

const tamper = (token: string, at: number) => token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);

/** Every permission but one: a row that needs several permissions is refused when any one is missing. */
const allBut = (missing: Permission) => permissions.filter((permission) => permission !== missing);
/** The scope of each valid token the cells use. */
const scopes: Record<string, Permission[]> = {
  full: [...permissions],
  ...Object.fromEntries(permissions.map((permission) => [permission, [permission]])),
  ...Object.fromEntries(permissions.map((permission) => [`all but ${permission}`, allBut(permission)])),
};
/**
 * A valid token of that scope. DELETE /api/auth/token revokes the token it is sent with (as
 * /auth/logout ends its session), so that route gets a fresh one per cell.
 */
const validToken = async (name: string, route: RouteDef): Promise<Credentials> =>
  route.id === 'revokeCurrentToken' ? { token: (await api.createToken(made.session!, { repos: [inScope], permissions: scopes[name]! })).token } : { token: made[name]! };

const deniedWithoutCredentials = (route: RouteDef) => (route.access === 'none' ? 'allowed' : 401);
const tokenRule = (held: readonly Permission[], repo: string) => (route: RouteDef) => {
  if (route.access === 'none' || route.access === 'authenticated') return 'allowed';
  if (route.access === 'session') return 403;
  if (!(permissionsOf(route.access) ?? []).every((permission) => held.includes(permission))) return 403;
  return route.path.includes('{repo}') && repo !== inScope ? 403 : 'allowed';
};

const cells: Cell[] = [
  { name: 'no credentials', credentials: () => ({}), expect: deniedWithoutCredentials },
  { name: 'malformed Authorization header', credentials: () => ({ authorization: 'Token abc' }), expect: deniedWithoutCredentials },
  { name: 'malformed bearer token', credentials: () => ({ token: 'cms_nope' }), expect: deniedWithoutCredentials },
  { name: 'tampered token id', credentials: () => ({ token: tamper(made.full!, 6) }), expect: deniedWithoutCredentials },
  { name: 'tampered hmac', credentials: () => ({ token: tamper(made.full!, made.full!.length - 3) }), expect: deniedWithoutCredentials },
  { name: 'expired token', credentials: () => ({ token: made.expired! }), expect: deniedWithoutCredentials },
  { name: 'revoked token', credentials: () => ({ token: made.revoked! }), expect: deniedWithoutCredentials },
  { name: 'unknown session cookie', credentials: () => ({ session: 'A'.repeat(43) }), expect: deniedWithoutCredentials },
  { name: 'all permissions, repo out of scope', credentials: (route) => validToken('full', route), repo: outOfScope, expect: tokenRule(permissions, outOfScope) },
  ...permissions.map((permission): Cell => ({
    name: `only ${permission}`,
    credentials: (route) => validToken(permission, route),
    expect: tokenRule([permission], inScope),
  })),
  ...permissions.map((permission): Cell => ({
    name: `every permission but ${permission}`,
    credentials: (route) => validToken(`all but ${permission}`, route),
    expect: tokenRule(allBut(permission), inScope),
  })),
  // A fresh session per call: the table holds /auth/logout, which ends the session it is sent with.
  { name: 'session', credentials: async () => ({ session: await api.signIn('demo') }), expect: () => 'allowed' },
];

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.url);
  made.session = await api.signIn('demo');
  for (const [name, held] of Object.entries(scopes)) made[name] = (await api.createToken(made.session, { repos: [inScope], permissions: held })).token;
  const revoked = await api.createToken(made.session, { permissions: [...permissions] });
  await api.delete(`/api/tokens/${revoked.tokenId}`, { session: made.session });
  made.revoked = revoked.token;
  made.expired = (await api.createToken(made.session, { permissions: [...permissions], expiresIn: 1 })).token;
  await new Promise((resolve) => setTimeout(resolve, 1100));
});
afterAll(async () => {
  await service?.stop();
});

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
  it.each(cells.map((cell) => [cell.name, cell] as const))('%s', async (_cell, cell) => {
    // GitHub's deliveries are admitted by their signature alone: no credential of any cell has one.
    const expected = 'rawBody' in route ? 401 : cell.expect(route);
    const body = 'body' in route ? {} : undefined;
    const response = await api.call(route.method, pathFor(route, cell.repo ?? inScope), await cell.credentials(route), body);
    if (expected === 'allowed') {
      expect([401, 403], JSON.stringify(response.body)).not.toContain(response.status);
    } else {
      expect(response.status, JSON.stringify(response.body)).toBe(expected);
      expect(response.body).toEqual({ error: expect.any(String) });
    }
  });
});
