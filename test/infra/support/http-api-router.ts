/**
 * API Gateway HTTP API route selection, as documented ("Routing API requests"): the path is
 * percent-decoded first (`owner%2Frepo` becomes two segments); then a full match of route and
 * method wins, then a route with a greedy `{proxy+}` variable (the longer prefix first), then
 * `$default`; a route with method ANY matches every method, one with a specific method is
 * preferred. Nothing matching means API Gateway's own 404.
 */
export interface HttpApiRoute<T> {
  routeKey: string;
  target: T;
}

interface Parsed<T> {
  method: string;
  segments: string[];
  greedy: boolean;
  target: T;
}

const parse = <T>(route: HttpApiRoute<T>): Parsed<T> => {
  const [method = '', path = ''] = route.routeKey.split(' ');
  const segments = path.split('/').slice(1);
  const greedy = segments.at(-1)?.endsWith('+}') ?? false;
  return {
    method,
    segments: greedy ? segments.slice(0, -1) : segments,
    greedy,
    target: route.target,
  };
};

const segmentMatches = (pattern: string, value: string) =>
  pattern.startsWith('{') ? value !== '' : pattern === value;
const literals = (segments: string[]) =>
  segments.filter((segment) => !segment.startsWith('{')).length;

export function selectRoute<T>(
  routes: readonly HttpApiRoute<T>[],
  method: string,
  requestPath: string,
): T | undefined {
  const decoded = decodeURIComponent(requestPath).split('/').slice(1);
  const candidates = routes
    .filter((route) => route.routeKey !== '$default')
    .map(parse)
    .filter((route) => route.method === 'ANY' || route.method === method)
    .filter((route) =>
      route.greedy
        ? decoded.length > route.segments.length &&
          decoded[route.segments.length] !== '' &&
          route.segments.every((segment, i) => segmentMatches(segment, decoded[i]!))
        : decoded.length === route.segments.length &&
          route.segments.every((segment, i) => segmentMatches(segment, decoded[i]!)),
    )
    .sort(
      (a, b) =>
        Number(a.greedy) - Number(b.greedy) ||
        b.segments.length - a.segments.length ||
        literals(b.segments) - literals(a.segments) ||
        Number(a.method === 'ANY') - Number(b.method === 'ANY'),
    );
  if (candidates[0]) return candidates[0].target;
  return routes.find((route) => route.routeKey === '$default')?.target;
}

/** A concrete request path for a route-table path: `{repo}` as `owner%2Frepo` or `owner/repo`. */
export function samplePath(template: string, repo: string, form: 'encoded' | 'decoded'): string {
  return template
    .split('/')
    .map((segment) => {
      if (segment === '{repo}') return form === 'encoded' ? repo.replace('/', '%2F') : repo;
      if (segment.startsWith('{')) return `sample-${segment.slice(1, -1)}`;
      return segment;
    })
    .join('/');
}
