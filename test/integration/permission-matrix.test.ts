import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, type Permission } from '../../shared/auth/permissions';
import { permissionsOf, type GitHubRoleRule, type RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import type { ApiClient, Credentials } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createTeamRepo, teamPost } from '../support/team-repo';

/**
 * Generated from the route table: every route × every kind of credential → the exact status the
 * authorisation rules demand. A new row is covered without editing this file.
 */
const inScope = 'demo/blog';
const outOfScope = 'demo/docs';
const samples: Record<string, string> = {
  collection: 'posts',
  slug: 'hello-world',
  number: '1',
  tokenId: 'AAAAAAAAAAAAAAAAAAAAAA',
};

const pathFor = (route: RouteDef, repo: string) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'repo' ? encodeURIComponent(repo) : (samples[name] ?? 'x'),
  );

type Cell = {
  name: string;
  credentials: (route: RouteDef) => Credentials | Promise<Credentials>;
  repo?: string;
  expect: (route: RouteDef) => number | 'allowed';
};

let service: TestService;
let api: ApiClient;
const made: Record<string, string> = {};

const tamper = (token: string, at: number) =>
  token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);

/** Every permission but one: a row that needs several permissions is refused when any one is missing. */
const allBut = (missing: Permission) => permissions.filter((permission) => permission !== missing);
/** The scope of each valid token the cells use. */
const scopes: Record<string, Permission[]> = {
  full: [...permissions],
  ...Object.fromEntries(permissions.map((permission) => [permission, [permission]])),
  ...Object.fromEntries(
    permissions.map((permission) => [`all but ${permission}`, allBut(permission)]),
  ),
};
/**
 * A valid token of that scope. DELETE /api/auth/token revokes the token it is sent with (as
 * /auth/logout ends its session), so that route gets a fresh one per cell.
 */
const validToken = async (name: string, route: RouteDef): Promise<Credentials> =>
  route.id === 'revokeCurrentToken'
    ? {
        token: (
          await api.createToken(made.session!, { repos: [inScope], permissions: scopes[name]! })
        ).token,
      }
    : { token: made[name]! };

const deniedWithoutCredentials = (route: RouteDef) => (route.access === 'none' ? 'allowed' : 401);
const tokenRule = (held: readonly Permission[], repo: string) => (route: RouteDef) => {
  if (route.access === 'none' || route.access === 'authenticated') return 'allowed';
  if (route.access === 'session') return 403;
  if (!(permissionsOf(route.access) ?? []).every((permission) => held.includes(permission)))
    return 403;
  return route.path.includes('{repo}') && repo !== inScope ? 403 : 'allowed';
};

const cells: Cell[] = [
  { name: 'no credentials', credentials: () => ({}), expect: deniedWithoutCredentials },
  {
    name: 'malformed Authorization header',
    credentials: () => ({ authorization: 'Token abc' }),
    expect: deniedWithoutCredentials,
  },
  {
    name: 'malformed bearer token',
    credentials: () => ({ token: 'cms_nope' }),
    expect: deniedWithoutCredentials,
  },
  {
    name: 'tampered token id',
    credentials: () => ({ token: tamper(made.full!, 6) }),
    expect: deniedWithoutCredentials,
  },
  {
    name: 'tampered hmac',
    credentials: () => ({ token: tamper(made.full!, made.full!.length - 3) }),
    expect: deniedWithoutCredentials,
  },
  {
    name: 'expired token',
    credentials: () => ({ token: made.expired! }),
    expect: deniedWithoutCredentials,
  },
  {
    name: 'revoked token',
    credentials: () => ({ token: made.revoked! }),
    expect: deniedWithoutCredentials,
  },
  {
    name: 'unknown session cookie',
    credentials: () => ({ session: 'A'.repeat(43) }),
    expect: deniedWithoutCredentials,
  },
  {
    name: 'all permissions, repo out of scope',
    credentials: (route) => validToken('full', route),
    repo: outOfScope,
    expect: tokenRule(permissions, outOfScope),
  },
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
  {
    name: 'session',
    credentials: async () => ({ session: await api.signIn('demo') }),
    expect: () => 'allowed',
  },
];

beforeAll(async () => {
  ({ service, api, session: made.session } = await signedInService({ repos: [] }));
  for (const [name, held] of Object.entries(scopes))
    made[name] = (
      await api.createToken(made.session, { repos: [inScope], permissions: held })
    ).token;
  const revoked = await api.createToken(made.session, { permissions: [...permissions] });
  await api.delete(`/api/tokens/${revoked.tokenId}`, { session: made.session });
  made.revoked = revoked.token;
  made.expired = (
    await api.createToken(made.session, { permissions: [...permissions], expiresIn: 1 })
  ).token;
  // The service's clock, not a real wait: the expired token's second has passed (every other credential lasts hours).
  service.advanceClock(1_100);
});
afterAll(async () => {
  await service?.stop();
});

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_name, route) => {
    it.each(cells.map((cell) => [cell.name, cell] as const))('%s', async (_cell, cell) => {
      // GitHub's deliveries are admitted by their signature alone: no credential of any cell has one.
      const expected = 'rawBody' in route ? 401 : cell.expect(route);
      const body = 'body' in route ? {} : undefined;
      const response = await api.call(
        route.method,
        pathFor(route, cell.repo ?? inScope),
        await cell.credentials(route),
        body,
      );
      if (expected === 'allowed') {
        expect([401, 403], JSON.stringify(response.body)).not.toContain(response.status);
      } else {
        expect(response.status, JSON.stringify(response.body)).toBe(expected);
        expect(response.body).toEqual({ error: expect.any(String) });
      }
    });
  },
);

/**
 * The rows that demand a role on GitHub (`githubRole`), against a repository where alice has write,
 * bob maintain and demo (its owner) admin: each one's session, and API tokens with every permission
 * (a token acts as its creator). The schedule a row names was set by demo, so only an admin passes
 * a `setter or admin` row here (the setter's own pass is in schedules.test.ts).
 */
describe('roles on GitHub', () => {
  type Role = 'write' | 'maintain' | 'admin';
  const team = 'demo/team-roles';
  const rank: Record<Role, number> = { write: 1, maintain: 2, admin: 3 };
  const allowed: Record<GitHubRoleRule, (role: Role) => boolean> = {
    write: () => true,
    maintain: (role) => rank[role] >= rank.maintain,
    'setter or admin': (role) => role === 'admin',
  };
  const refusal = (rule: GitHubRoleRule, role: Role) =>
    rule === 'setter or admin'
      ? `Schedule ${made.schedule} was set by demo: only they or an admin of ${team} on GitHub may move or cancel it; you have ${role}`
      : `Managing webhooks of ${team} needs admin or maintain permission on GitHub; you have ${role}`;
  const inAnHour = () => new Date(service.now() + 3_600_000).toISOString();
  /** Bodies that pass validation, so that the role decides (a 400 would come first). */
  const bodies: Record<string, () => unknown> = {
    createWebhook: () => ({ url: 'http://127.0.0.1:9/hook', events: ['content.saved'] }),
    createSchedule: () => ({
      action: 'unpublish',
      collection: 'posts',
      slug: teamPost,
      mode: 'draft',
      at: inAnHour(),
    }),
    reschedule: () => ({ at: inAnHour() }),
  };
  const roleCells: { name: string; role: Role; credentials: () => Credentials }[] = [
    {
      name: 'write collaborator (alice), session',
      role: 'write',
      credentials: () => ({ session: made.alice! }),
    },
    {
      name: 'write collaborator (alice), API token',
      role: 'write',
      credentials: () => ({ token: made.aliceToken! }),
    },
    {
      name: 'maintainer (bob), session',
      role: 'maintain',
      credentials: () => ({ session: made.bob! }),
    },
    {
      name: 'admin (demo), session',
      role: 'admin',
      credentials: () => ({ session: made.session! }),
    },
    {
      name: 'admin (demo), API token',
      role: 'admin',
      credentials: () => ({ token: made.demoTeamToken! }),
    },
  ];
  const rows = (routes as readonly RouteDef[]).filter(
    (route): route is RouteDef & { githubRole: GitHubRoleRule } =>
      route.githubRole !== undefined && route.path.includes('{repo}'),
  );

  beforeAll(async () => {
    await createTeamRepo(service, api, made.session!, {
      name: 'team-roles',
      collaborators: { alice: 'write', bob: 'maintain' },
    });
    [made.alice, made.bob] = await Promise.all([api.signIn('alice'), api.signIn('bob')]);
    made.aliceToken = (
      await api.createToken(made.alice, { repos: [team], permissions: [...permissions] })
    ).token;
    made.demoTeamToken = (
      await api.createToken(made.session!, { repos: [team], permissions: [...permissions] })
    ).token;
    const schedule = await api.post(
      `/api/repos/${encodeURIComponent(team)}/schedules`,
      bodies.createSchedule!(),
      { session: made.session },
    );
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    made.schedule = schedule.body.id;
  });

  it('covers every webhook and schedule row that changes or reads more than the repository', () => {
    expect(rows.map((route) => `${route.id}: ${route.githubRole}`)).toEqual([
      'createSchedule: write',
      'reschedule: setter or admin',
      'cancelSchedule: setter or admin',
      'listWebhooks: maintain',
      'createWebhook: maintain',
      'deleteWebhook: maintain',
      'testWebhook: maintain',
      'listWebhookDeliveries: maintain',
    ]);
  });

  describe.each(
    rows.map((route) => [`${route.method} ${route.path} (${route.githubRole})`, route] as const),
  )('%s', (_name, route) => {
    it.each(roleCells.map((cell) => [cell.name, cell] as const))('%s', async (_cell, cell) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'repo' ? encodeURIComponent(team) : name === 'scheduleId' ? made.schedule! : 'x',
      );
      const response = await api.call(route.method, path, cell.credentials(), bodies[route.id]?.());
      if (allowed[route.githubRole](cell.role)) {
        expect([401, 403], JSON.stringify(response.body)).not.toContain(response.status);
      } else {
        expect(response.status, JSON.stringify(response.body)).toBe(403);
        expect(response.body).toEqual({ error: refusal(route.githubRole, cell.role) });
      }
    });
  });
});
