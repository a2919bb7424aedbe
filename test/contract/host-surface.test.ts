import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { compilePath, restRoutes, SCHEMA_SDL, webRoutes } from '@cms/github-local';
import { readAdapterSurface } from './adapter-surface';

/**
 * The local GitHub host's surface is what the service's adapters call: every REST endpoint, OAuth
 * endpoint and GraphQL root field they use is served (so local mode and the contract suites go
 * through the code paths GitHub will see), and whatever else the host serves is on the list below
 * with the reason it stays. Both sides are read, not restated: the adapters' calls from their
 * source (adapter-surface.ts), the host's from the tables its server is built from.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const adapters = readAdapterSurface(root);

/** A concrete path for a call's template: each parameter one segment, as a real call would fill it. */
const concrete = (template: string) => template.replace(/\{[^}]*\}/g, 'x');

const served = {
  rest: restRoutes.map((route) => ({
    key: `${route.method} ${route.path}`,
    method: route.method,
    match: compilePath(route.path),
  })),
  web: webRoutes.map((route) => ({
    key: `${route.method} ${route.path}`,
    method: route.method,
    match: route.match ?? compilePath(route.path),
  })),
  graphql: (() => {
    const schema = buildSchema(SCHEMA_SDL);
    return (['query', 'mutation'] as const).flatMap((operation) =>
      Object.keys(
        (operation === 'query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ??
          {},
      ).map((field) => `${operation} ${field}`),
    );
  })(),
};

/**
 * What the host serves though no adapter calls it, each with why it stays. An entry that an
 * adapter starts to call, or that the host stops serving, fails the test: the list stays exact.
 */
const servedForOtherReasons: Record<string, string> = {
  'PATCH /repos/{owner}/{repo}':
    "an admin's merge settings (allowed merge methods), which ReviewHost.mergeMethods reads; the contract's review setup",
  'GET /repos/{owner}/{repo}/pulls':
    "Decap's editor finds its pull request by head this way: the benchmark replays Decap's calls",
  'GET /repos/{owner}/{repo}/pulls/{pull_number}':
    "the REST twin of GraphQL's pullRequest, read by the protected-review e2e test and by Decap",
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/merge':
    "GitHub's is-merged check, which the host's merge tests use to hold REST and GraphQL to one state",
  'POST /repos/{owner}/{repo}/statuses/{sha}':
    'what a CI does: commit statuses the service reads through checkState',
  'GET /repos/{owner}/{repo}/deployments':
    "the deployment API a deploy system uses; the service reads the latest deployment's preview URL through GraphQL",
  'POST /repos/{owner}/{repo}/deployments':
    "what a deploy system does: the pull request's preview URL comes from its latest deployment",
  'GET /repos/{owner}/{repo}/deployments/{deployment_id}':
    'the deployment API a deploy system uses (see the GET above)',
  'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses':
    'the deployment API a deploy system uses (see the GET above)',
  'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses':
    'what a deploy system does: the status carries the preview URL',
  'PUT /repos/{owner}/{repo}/branches/{branch+}/protection':
    'an admin protects a branch: the review contract and the protected-publish tests set rules up with it',
  'DELETE /repos/{owner}/{repo}/branches/{branch+}/protection':
    'an admin lifts protection: the schedules, CLI and protected-publish tests',
  'GET /repos/{owner}/{repo}/rulesets':
    "an admin's view of the rulesets the service reads through rules/branches",
  'POST /repos/{owner}/{repo}/rulesets': "an admin adds a ruleset: the review contract's setup",
  'GET /repos/{owner}/{repo}/rulesets/{ruleset_id}': "an admin's view of one ruleset",
  'DELETE /repos/{owner}/{repo}/rulesets/{ruleset_id}':
    'an admin removes a ruleset, and branch rules must follow',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers':
    "GitHub's own list of review requests, which the service reads through GraphQL's reviewRequests",
  'DELETE /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers':
    'a reviewer taken off on GitHub, which the service then shows',
  'POST /repos/{owner}/{repo}/check-suites/{check_suite_id}/rerequest':
    'a person\'s "Re-run checks" on GitHub: the App\'s check_suite rerequested event runs the content check again',
  'GET /repos/{owner}/{repo}/contents':
    "GitHub's file read, used by Decap-style clients and by the host's tests to check writes",
  'GET /repos/{owner}/{repo}/contents/{path+}':
    "GitHub's file read, used by Decap-style clients and by the host's tests to check writes",
  'DELETE /repos/{owner}/{repo}/git/refs/{ref+}':
    "Decap deletes its branch after a merge (the benchmark's replay); the local-sites test",
  'POST /login/oauth/authorize': "the sign-in page's form, posted by the browser",
  'GET /login/device': "the device flow's page where a person types the code",
  'POST /login/device': "the device flow page's form, posted by the browser",
  'GET /avatars/u/{id}': "avatar URLs in users' answers, which the editor shows",
  'GET /': "the host's index page (users, repositories, how to sign in)",
  'GET /{owner}/{repo}/{git+}':
    "git's smart HTTP: cloning a local repository (info/refs, HEAD, objects)",
  'POST /{owner}/{repo}/{git+}':
    "git's smart HTTP: git-upload-pack for a clone (pushes are refused)",
  'query rateLimit': "GitHub's GraphQL rate-limit object, next to the headers the adapters read",
  'query viewer':
    'the user of a token in GraphQL, which GitHub-backed clients such as Decap ask first',
};

type Served = (typeof served.rest)[number];
const serving = (table: Served[], call: { method: string; path: string }) =>
  table.find((route) => route.method === call.method && route.match(concrete(call.path)) !== null);

describe('the local GitHub host serves what the adapters call', () => {
  it("reads every GitHub call in the service's source", () => {
    expect(adapters.unreadable).toEqual([]);
    // The scanner sees each way of calling: route strings, {method, url} with inlined helpers, URLs on a base, GraphQL documents.
    expect(adapters.rest).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          method: 'PUT',
          path: '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
        }),
        expect.objectContaining({ method: 'PUT', path: '/repos/{owner}/{name}/contents/{path}' }),
        expect.objectContaining({ method: 'POST', path: '/applications/{clientId}/token' }),
        expect.objectContaining({
          method: 'GET',
          path: '/repos/{owner}/{name}/compare/{base}...{head}',
        }),
      ]),
    );
    expect(adapters.web.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'GET /login/oauth/authorize',
      'POST /login/device/code',
      'POST /login/oauth/access_token',
    ]);
    expect(adapters.graphql.map((use) => `${use.operation} ${use.field}`)).toEqual(
      expect.arrayContaining(['query repository', 'mutation updateRefs']),
    );
  });

  it('serves every REST endpoint, OAuth endpoint and GraphQL root field the adapters call', () => {
    const missing = [
      ...adapters.rest
        .filter((call) => !serving(served.rest, call))
        .map((call) => `REST ${call.method} ${call.path} (${call.where})`),
      ...adapters.web
        .filter((call) => !serving(served.web, call))
        .map((call) => `${call.method} ${call.path} (${call.where})`),
      ...adapters.graphql
        .filter((use) => !served.graphql.includes(`${use.operation} ${use.field}`))
        .map((use) => `GraphQL ${use.operation} ${use.field} (${use.where})`),
    ];
    expect(missing).toEqual([]);
  });

  it('serves nothing else but what the list names with its reason', () => {
    const called = new Set([
      ...adapters.rest.map((call) => serving(served.rest, call)?.key),
      ...adapters.web.map((call) => serving(served.web, call)?.key),
      ...adapters.graphql.map((use) => `${use.operation} ${use.field}`),
    ]);
    const all = [
      ...served.rest.map((route) => route.key),
      ...served.web.map((route) => route.key),
      ...served.graphql,
    ];
    expect(all.filter((key) => !called.has(key) && !(key in servedForOtherReasons))).toEqual([]);
    expect(
      Object.keys(servedForOtherReasons).filter((key) => called.has(key) || !all.includes(key)),
    ).toEqual([]);
  });
});
