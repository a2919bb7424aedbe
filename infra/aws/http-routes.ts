import type { Group, Method, RouteDef, ThrottleClass } from '../../shared/http/route-def';

export type RouteRow = Pick<RouteDef, 'id' | 'method' | 'path' | 'group' | 'throttle'>;

/** One HTTP API route: its method and path (HTTP API syntax), the group's function, the rows it serves, and their throttle class. */
export interface PlannedRoute {
  method: Method | 'ANY';
  path: string;
  group: Group;
  rowIds: string[];
  /** The rows' class (route-def.ts); absent, the stage's limit. */
  throttle?: ThrottleClass;
}

export class RoutePlanError extends Error {
  override name = 'RoutePlanError';
}

const repoSegment = '{repo}';
const isVariable = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * The HTTP API routes the route table demands.
 *
 * - A row without `{repo}` gets an exact route: its method, its path (`{name}` is HTTP API's own
 *   one-segment variable syntax).
 * - Rows with `{repo}` cannot have one: clients send `owner%2Frepo`, but HTTP APIs decode the
 *   path before routing, so the repo arrives as two segments, `{owner}/{name}`, and a route must
 *   not try to separate rows by method or by what follows; the group's own router does that
 *   (and answers 404/405 in the API's `{error}` shape). Per prefix before `{repo}`
 *   (`/api/repos`), the group owning the rows where nothing literal follows the repo (DELETE
 *   `/api/repos/{repo}`, and with it `/config`) gets the greedy `ANY /api/repos/{proxy+}`; every
 *   other group gets `ANY /api/repos/{owner}/{name}/<its word>` (when a row ends at the word)
 *   and `.../<its word>/{proxy+}` (when rows go deeper). HTTP APIs prefer a full match to a
 *   greedy one, and among greedy routes the longer one, so these win over the prefix route.
 *
 * Throws when two groups share a word after the repo, or both own rows directly under it: no
 * route could tell them apart; or when the rows one route serves differ in throttle class, since
 * API Gateway throttles by route.
 */
export function planHttpRoutes(table: readonly RouteRow[]): PlannedRoute[] {
  const planned = planRoutes(table);
  const rows = new Map(table.map((row) => [row.id, row]));
  return planned.map((route) => {
    const classes = [...new Set(route.rowIds.map((id) => rows.get(id)!.throttle))];
    if (classes.length > 1) {
      throw new RoutePlanError(
        `${routeKey(route)} serves rows of different throttle classes (${route.rowIds.map((id) => `${id}: ${rows.get(id)!.throttle ?? 'stage'}`).join(', ')}); one route has one throttle`,
      );
    }
    return classes[0] ? { ...route, throttle: classes[0] } : route;
  });
}

function planRoutes(table: readonly RouteRow[]): PlannedRoute[] {
  const exact: PlannedRoute[] = [];
  type Claim = { group: Group; endRows: string[]; deeperRows: string[] };
  const byPrefix = new Map<string, Map<string, Claim[]>>();

  for (const row of table) {
    const segments = row.path.split('/');
    const at = segments.indexOf(repoSegment);
    if (at === -1) {
      const duplicate = exact.find(
        (route) => route.method === row.method && route.path === row.path,
      );
      if (duplicate)
        throw new RoutePlanError(
          `Rows ${duplicate.rowIds[0]} and ${row.id} are both ${row.method} ${row.path}`,
        );
      exact.push({ method: row.method, path: row.path, group: row.group, rowIds: [row.id] });
      continue;
    }
    const prefix = segments.slice(0, at).join('/');
    const rest = segments.slice(at + 1);
    const word = rest[0] !== undefined && !isVariable(rest[0]) ? rest[0] : '';
    const branches = byPrefix.get(prefix) ?? new Map<string, Claim[]>();
    byPrefix.set(prefix, branches);
    const claims: Claim[] = branches.get(word) ?? [];
    branches.set(word, claims);
    let claim = claims.find((entry) => entry.group === row.group);
    if (!claim) {
      claim = { group: row.group, endRows: [], deeperRows: [] };
      claims.push(claim);
    }
    (word && rest.length === 1 ? claim.endRows : claim.deeperRows).push(row.id);
  }

  const greedy: PlannedRoute[] = [];
  for (const [prefix, branches] of byPrefix) {
    for (const [word, claims] of branches) {
      if (claims.length > 1) {
        const where = `${prefix}/${repoSegment}${word ? `/${word}` : ''}`;
        throw new RoutePlanError(
          `Rows under ${where} belong to groups ${claims.map((claim) => claim.group).join(', ')}; one route cannot tell them apart`,
        );
      }
    }
    const groups = new Set([...branches.values()].map((claims) => claims[0]!.group));
    const owner = branches.get('')?.[0]?.group ?? (groups.size === 1 ? [...groups][0] : undefined);
    const ownerRows: string[] = [];
    for (const [word, [claim]] of branches) {
      if (!claim) continue;
      if (claim.group === owner) {
        ownerRows.push(...claim.endRows, ...claim.deeperRows);
        continue;
      }
      const base = `${prefix}/{owner}/{name}/${word}`;
      if (claim.endRows.length)
        greedy.push({ method: 'ANY', path: base, group: claim.group, rowIds: claim.endRows });
      if (claim.deeperRows.length)
        greedy.push({
          method: 'ANY',
          path: `${base}/{proxy+}`,
          group: claim.group,
          rowIds: claim.deeperRows,
        });
    }
    if (owner)
      greedy.push({ method: 'ANY', path: `${prefix}/{proxy+}`, group: owner, rowIds: ownerRows });
  }
  return [...exact, ...greedy];
}

/**
 * The group whose function also serves the HTTP API's `$default` route, taking every request no
 * planned route takes: an unknown path, or a path planned under other methods only. It answers
 * the API's `{error}` 404, or 405 with Allow, as local mode's gateway does, instead of API
 * Gateway's own `{"message":"Not Found"}`. Health: the smallest function, and it needs only the
 * route table for that (functions/health/app.ts gives it the whole table).
 */
export const defaultRouteGroup = 'health' satisfies Group;

/** `GET /api/health`, as HTTP API writes route keys. */
export const routeKey = (route: Pick<PlannedRoute, 'method' | 'path'>) =>
  `${route.method} ${route.path}`;
