import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultRouteGroup, planHttpRoutes, routeKey } from '../../infra/aws/http-routes';
import { buildContext, buildEvent } from '../../infra/local/event';
import type { RouteDef } from '../../shared/http/route-def';
import type { LambdaHttpHandler } from '../../shared/http/types';
import { routes } from '../../shared/routes';
import { startSecretsManager } from '../fakes/secrets-manager';
import { startTestService, type TestService } from '../support/local-service';
import { selectRoute } from './support/http-api-router';
import { projectRoot } from './support/synth';
import { awsEnv as env, secretValues } from './support/aws-handler-env';

/**
 * A request no route serves gets the same answer from both runtimes: local mode's gateway, and
 * on AWS the function the HTTP API selects (the `$default` route's when no planned route takes
 * it), run from its handler.ts with the event API Gateway would send.
 */
const deployed = [
  ...planHttpRoutes(routes as readonly RouteDef[]).map((route) => ({
    routeKey: routeKey(route),
    target: route.group as string,
  })),
  { routeKey: '$default', target: defaultRouteGroup as string },
];

/** Unknown paths, known paths under another method (exact routes and greedy {repo} routes alike). */
const requests: [method: string, url: string][] = [
  ['GET', '/api/no-such-route'],
  ['POST', '/nothing/here'],
  ['DELETE', '/api/auth/me'],
  ['PUT', '/api/health'],
  ['POST', '/api/tokens/some-token-id'],
  ['PATCH', '/api/repos'],
  ['GET', '/auth/device'],
  ['PATCH', '/api/repos/acme%2Fsite/pulls'],
  ['GET', '/api/repos/acme%2Fsite/no-such-word'],
];

interface Answer {
  status: number;
  allow: string | undefined;
  contentType: string | undefined;
  cacheControl: string | undefined;
  body: unknown;
}

const originalEnv = { ...process.env };
let secrets: Awaited<ReturnType<typeof startSecretsManager>>;
const handlers = new Map<string, LambdaHttpHandler>();
let service: TestService;

beforeAll(async () => {
  secrets = await startSecretsManager(secretValues);
  service = await startTestService();
  process.env = {
    ...originalEnv,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    ...env,
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  process.env = { ...originalEnv };
  await secrets?.close();
  await service?.stop();
});

async function askLocal(method: string, url: string): Promise<Answer> {
  const response = await fetch(`${service.url}${url}`, { method });
  const header = (name: string) => response.headers.get(name) ?? undefined;
  return {
    status: response.status,
    allow: header('allow'),
    contentType: header('content-type'),
    cacheControl: header('cache-control'),
    body: await response.json(),
  };
}

async function askAws(method: string, url: string): Promise<Answer> {
  const group = selectRoute(deployed, method, url);
  // No route and no $default: API Gateway's own answer.
  if (!group)
    return {
      status: 404,
      allow: undefined,
      contentType: 'application/json',
      cacheControl: undefined,
      body: { message: 'Not Found' },
    };
  let handler = handlers.get(group);
  if (!handler) {
    handler = (
      (await import(path.join(projectRoot, 'functions', group, 'handler.ts'))) as {
        handler: LambdaHttpHandler;
      }
    ).handler;
    handlers.set(group, handler);
  }
  const result = await handler(
    buildEvent({ method, url, headers: {} }),
    buildContext(`cms-${group}`),
    { signal: AbortSignal.timeout(5_000) },
  );
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([name, value]) => [
      name.toLowerCase(),
      String(value),
    ]),
  );
  return {
    status: result.statusCode ?? 200,
    allow: headers.allow,
    contentType: headers['content-type'],
    cacheControl: headers['cache-control'],
    body: JSON.parse(result.body ?? 'null'),
  };
}

describe('a request no route serves', () => {
  it.each(requests)('%s %s: the same {error} 404/405 locally and on AWS', async (method, url) => {
    // Act
    const local = await askLocal(method, url);
    const aws = await askAws(method, url);

    // Assess
    expect(aws).toEqual(local);
    expect([404, 405]).toContain(local.status);
    expect(local.body).toEqual({ error: expect.any(String) });
    if (local.status === 405) expect(local.allow).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
  });
});
