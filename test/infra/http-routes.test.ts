import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../shared/http/route-match';
import type { RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import {
  planHttpRoutes,
  routeKey,
  RoutePlanError,
  type RouteRow,
} from '../../infra/aws/http-routes';
import { samplePath, selectRoute } from './support/http-api-router';

/** The spec's repo-scoped endpoints, spread over three groups, next to exact rows. */
const synthetic: RouteRow[] = [
  { id: 'health', method: 'GET', path: '/api/health', group: 'health' },
  { id: 'listRepos', method: 'GET', path: '/api/repos', group: 'repos' },
  { id: 'connectRepo', method: 'POST', path: '/api/repos', group: 'repos' },
  { id: 'disconnectRepo', method: 'DELETE', path: '/api/repos/{repo}', group: 'repos' },
  { id: 'getConfig', method: 'GET', path: '/api/repos/{repo}/config', group: 'repos' },
  {
    id: 'listContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}',
    group: 'content',
  },
  {
    id: 'getContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
  },
  {
    id: 'putContent',
    method: 'PUT',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
  },
  {
    id: 'deleteContent',
    method: 'DELETE',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
  },
  { id: 'listPulls', method: 'GET', path: '/api/repos/{repo}/pulls', group: 'pulls' },
  { id: 'createPull', method: 'POST', path: '/api/repos/{repo}/pulls', group: 'pulls' },
  { id: 'getPull', method: 'GET', path: '/api/repos/{repo}/pulls/{number}', group: 'pulls' },
  {
    id: 'mergePull',
    method: 'PUT',
    path: '/api/repos/{repo}/pulls/{number}/merge',
    group: 'pulls',
  },
  {
    id: 'listComments',
    method: 'GET',
    path: '/api/repos/{repo}/pulls/{number}/comments',
    group: 'pulls',
  },
  { id: 'deleteToken', method: 'DELETE', path: '/api/tokens/{tokenId}', group: 'tokens' },
];

/** Repos whose names are the words that separate the groups, to catch a route keyed on the wrong segment. */
const repos = ['octo-org/site', 'content/pulls', 'pulls/content', 'config/config', 'repos/content'];

function reachability(table: readonly RouteRow[]) {
  const planned = planHttpRoutes(table).map((route) => ({
    routeKey: routeKey(route),
    target: route.group,
  }));
  const outcomes: string[] = [];
  for (const row of table) {
    const groupRows = table.filter((other) => other.group === row.group) as RouteDef[];
    for (const repo of row.path.includes('{repo}') ? repos : ['-']) {
      for (const form of ['encoded', 'decoded'] as const) {
        const path = samplePath(row.path, repo, form);
        const group = selectRoute(planned, row.method, path);
        // What the function receives: HTTP APIs hand it the decoded path as rawPath.
        const match = matchRoute(groupRows, row.method, decodeURIComponent(path));
        const id = match.kind === 'match' ? match.match.route.id : match.kind;
        if (group !== row.group || id !== row.id)
          outcomes.push(
            `${row.method} ${path} → ${group ?? '404'}/${id} (want ${row.group}/${row.id})`,
          );
      }
    }
  }
  return outcomes;
}

describe('HTTP API routes from the route table', () => {
  it('gives every row without {repo} an exact route and each repo-scoped group greedy routes by its word', () => {
    // Act
    const planned = planHttpRoutes(synthetic).map((route) => `${routeKey(route)} → ${route.group}`);

    // Assess
    expect(planned).toEqual([
      'GET /api/health → health',
      'GET /api/repos → repos',
      'POST /api/repos → repos',
      'DELETE /api/tokens/{tokenId} → tokens',
      'ANY /api/repos/{owner}/{name}/content/{proxy+} → content',
      'ANY /api/repos/{owner}/{name}/pulls → pulls',
      'ANY /api/repos/{owner}/{name}/pulls/{proxy+} → pulls',
      'ANY /api/repos/{proxy+} → repos',
    ]);
  });

  it('brings every synthetic row to its group and its route, with the repo encoded or decoded', () => {
    expect(reachability(synthetic)).toEqual([]);
  });

  it('brings every row of the real route table to its group and its route', () => {
    expect(reachability(routes)).toEqual([]);
  });

  it('lists which rows each route serves', () => {
    // Act
    const planned = planHttpRoutes(synthetic);

    // Assess
    const served = planned.flatMap((route) => route.rowIds).sort();
    expect(served).toEqual(synthetic.map((row) => row.id).sort());
  });

  it('gives a prefix to its only group when no rows sit directly under the repo', () => {
    // Act
    const planned = planHttpRoutes(synthetic.filter((row) => row.group === 'content')).map(
      routeKey,
    );

    // Assess
    expect(planned).toEqual(['ANY /api/repos/{proxy+}']);
  });

  it("leaves repo paths no group claims to API Gateway's 404", () => {
    // Prepare
    const table = synthetic.filter((row) => row.group === 'content' || row.group === 'pulls');
    const planned = planHttpRoutes(table).map((route) => ({
      routeKey: routeKey(route),
      target: route.group,
    }));

    // Act
    const outcome = selectRoute(planned, 'DELETE', '/api/repos/octo-org%2Fsite');

    // Assess
    expect(outcome).toBeUndefined();
  });

  it('refuses rows no route could tell apart', () => {
    // Prepare
    const sharedWord = [
      ...synthetic,
      {
        id: 'pullFiles',
        method: 'GET',
        path: '/api/repos/{repo}/pulls/{number}/files',
        group: 'content',
      } as const,
    ];
    const sharedRoot = [
      ...synthetic,
      { id: 'archive', method: 'POST', path: '/api/repos/{repo}', group: 'content' } as const,
    ];
    const sameRow = [
      ...synthetic,
      { id: 'healthAgain', method: 'GET', path: '/api/health', group: 'health' } as const,
    ];

    // Act + Assess
    expect(() => planHttpRoutes(sharedWord)).toThrow(RoutePlanError);
    expect(() => planHttpRoutes(sharedWord)).toThrow(
      /\/api\/repos\/\{repo\}\/pulls belong to groups pulls, content/,
    );
    expect(() => planHttpRoutes(sharedRoot)).toThrow(
      /\/api\/repos\/\{repo\} belong to groups repos, content/,
    );
    expect(() => planHttpRoutes(sameRow)).toThrow(/both GET \/api\/health/);
  });

  it("carries each row's throttle class to its route, and refuses one route serving rows of two classes", () => {
    // Prepare
    const tight = synthetic.map((row) =>
      row.id === 'deleteToken' ? { ...row, throttle: 'credential' as const } : row,
    );
    const split = synthetic.map((row) =>
      row.id === 'mergePull' ? { ...row, throttle: 'credential' as const } : row,
    );

    // Act
    const planned = planHttpRoutes(tight);

    // Assess
    expect(planned.filter((route) => route.throttle).map(routeKey)).toEqual([
      'DELETE /api/tokens/{tokenId}',
    ]);
    expect(() => planHttpRoutes(split)).toThrow(RoutePlanError);
    expect(() => planHttpRoutes(split)).toThrow(
      /ANY \/api\/repos\/\{owner\}\/\{name\}\/pulls\/\{proxy\+\} serves rows of different throttle classes \(getPull: stage, mergePull: credential, listComments: stage\)/,
    );
  });

  it('selects routes as HTTP APIs do: full match, then the longest greedy route, then 404', () => {
    // Prepare
    const table = [
      { routeKey: 'GET /pets/dog/1', target: 'exact' },
      { routeKey: 'GET /pets/dog/{id}', target: 'variable' },
      { routeKey: 'GET /pets/{proxy+}', target: 'pets-greedy' },
      { routeKey: 'ANY /{proxy+}', target: 'root-greedy' },
    ];

    // Act + Assess
    expect(selectRoute(table, 'GET', '/pets/dog/1')).toBe('exact');
    expect(selectRoute(table, 'GET', '/pets/dog/2')).toBe('variable');
    expect(selectRoute(table, 'GET', '/pets/cat/1')).toBe('pets-greedy');
    expect(selectRoute(table, 'POST', '/pets/dog/1')).toBe('root-greedy');
    expect(selectRoute(table.slice(0, 2), 'GET', '/cats')).toBeUndefined();
  });
});
