import type { Method, RouteDef } from './route-def';

export interface RouteMatch<R extends RouteDef = RouteDef> {
  route: R;
  params: Record<string, string>;
}

const segmentsByTemplate = new Map<string, string[]>();
const templateSegments = (path: string) => {
  let segments = segmentsByTemplate.get(path);
  if (!segments) segmentsByTemplate.set(path, (segments = path.split('/').slice(1)));
  return segments;
};
const deepestFirstByTable = new WeakMap<readonly RouteDef[], readonly RouteDef[]>();

/**
 * Matches a path against one template. API Gateway's HTTP API hands the function a
 * percent-decoded `rawPath`, so `{repo}` sent as `owner%2Frepo` arrives as two segments; a caller
 * that reaches the function without that decoding sends one segment holding `%2F`. Both forms
 * match. No other percent-decoding happens here: decoding twice would turn `%252F` into `/`.
 */
export function matchPath(
  template: string,
  path: string,
  options: { greedyLast?: boolean } = {},
): Record<string, string> | undefined {
  const wanted = templateSegments(template);
  const got = path.split('/').slice(1);
  const params: Record<string, string> = {};
  let at = 0;
  for (const segment of wanted) {
    const value = got[at];
    if (value === undefined) return undefined;
    if (segment === '{repo}') {
      const encoded = /^([^%]+)%2[fF]([^%]+)$/.exec(value);
      if (encoded) {
        params.repo = `${encoded[1]}/${encoded[2]}`;
        at += 1;
      } else {
        const name = got[at + 1];
        if (name === undefined || value === '' || name === '') return undefined;
        params.repo = `${value}/${name}`;
        at += 2;
      }
    } else if (segment.startsWith('{') && segment.endsWith('}')) {
      if (value === '') return undefined;
      const last = segment === wanted[wanted.length - 1];
      params[segment.slice(1, -1)] = options.greedyLast && last ? got.slice(at).join('/') : value;
      at = options.greedyLast && last ? got.length : at + 1;
    } else {
      if (segment !== value) return undefined;
      at += 1;
    }
  }
  return at === got.length ? params : undefined;
}

export type MatchOutcome<R extends RouteDef> =
  | { kind: 'match'; match: RouteMatch<R> }
  | { kind: 'method_not_allowed'; allowed: Method[] }
  | { kind: 'not_found' };

/**
 * Finds the route for a request; a path known under another method answers 405, as HTTP says.
 * When no template matches exactly, a final parameter takes the rest of the path: a slug sent
 * as `a%2Fb` arrives decoded as `a/b` and must reach the route, whose validation answers 400,
 * rather than fall through to 404.
 */
export function matchRoute<R extends RouteDef>(
  table: readonly R[],
  method: string,
  path: string,
): MatchOutcome<R> {
  let deepestFirst = deepestFirstByTable.get(table) as readonly R[] | undefined;
  if (!deepestFirst)
    deepestFirstByTable.set(
      table,
      (deepestFirst = [...table].sort(
        (a, b) => b.path.split('/').length - a.path.split('/').length,
      )),
    );
  for (const greedyLast of [false, true]) {
    const allowed: Method[] = [];
    for (const route of greedyLast ? deepestFirst : table) {
      const params = matchPath(route.path, path, { greedyLast });
      if (!params) continue;
      if (route.method === method) return { kind: 'match', match: { route, params } };
      allowed.push(route.method);
    }
    if (allowed.length > 0) return { kind: 'method_not_allowed', allowed };
  }
  return { kind: 'not_found' };
}
