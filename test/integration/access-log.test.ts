import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsNamespace, routeMetrics, serviceMetrics } from '../../shared/http/access-log';
import type { Logger } from '../../shared/logger';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';

const lines: Record<string, unknown>[] = [];
const logger: Logger = {
  info: (message, fields) => lines.push({ message, ...fields }),
  error: (message, fields) => lines.push({ message, ...fields }),
};
let service: TestService;
let api: ApiClient;

beforeAll(async () => {
  service = await startTestService({ logger });
  api = apiClient(service.url);
});
afterAll(async () => {
  await service?.stop();
});

const requestLines = () => lines.filter((line) => line.message === 'request');

describe('access log', () => {
  it('writes one line per request with both request ids, route, status, latency, GitHub round trips and DynamoDB requests', async () => {
    // Prepare
    const session = await api.signIn('demo');
    expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session })).status).toBe(201);
    lines.length = 0;
    service.github.resetRequestCount();
    service.dynamo.resetRequestCount();

    // Act
    expect(
      (await api.get('/api/repos/demo%2Fblog/content/posts/2024-02-14-hello-world', { session }))
        .status,
    ).toBe(200);

    // Assess
    expect(requestLines()).toHaveLength(1);
    const [line] = requestLines();
    expect(line).toMatchObject({
      message: 'request',
      requestId: expect.any(String),
      apiRequestId: expect.any(String),
      route: 'getContent',
      method: 'GET',
      path: '/api/repos/demo/blog/content/posts/2024-02-14-hello-world',
      status: 200,
      latencyMs: expect.any(Number),
      clientErrors: 0,
      serverErrors: 0,
      kmsFailures: 0,
      clientIp: '127.0.0.1',
    });
    expect(line!.apiRequestId).not.toBe(line!.requestId);
    expect(line!.githubRoundTrips).toBe(service.github.requestCount());
    expect(line!.githubRoundTrips).toBeGreaterThan(0);
    expect(line!.storeRequests).toBe(service.dynamo.requestCount());
    expect(line!.storeRequests).toBeGreaterThan(0);
  });

  it('carries the Embedded Metric Format directive: per route and for the whole service', async () => {
    // Prepare
    lines.length = 0;

    // Act
    expect((await api.get('/api/repos/demo%2Fblog/config')).status).toBe(401);

    // Assess
    const [line] = requestLines();
    expect(line).toMatchObject({
      route: 'getConfig',
      status: 401,
      clientErrors: 1,
      serverErrors: 0,
      service: 'content-editing-service',
    });
    const directive = line!._aws as {
      Timestamp: number;
      CloudWatchMetrics: {
        Namespace: string;
        Dimensions: string[][];
        Metrics: { Name: string; Unit: string }[];
      }[];
    };
    expect(directive.Timestamp).toEqual(expect.any(Number));
    expect(directive.CloudWatchMetrics).toEqual([
      {
        Namespace: metricsNamespace,
        Dimensions: [['service', 'route']],
        Metrics: Object.entries(routeMetrics).map(([Name, Unit]) => ({ Name, Unit })),
      },
      {
        Namespace: metricsNamespace,
        Dimensions: [['service']],
        Metrics: Object.entries(serviceMetrics).map(([Name, Unit]) => ({ Name, Unit })),
      },
    ]);
    // Every metric and dimension the directive names is a field of the same line.
    for (const name of [
      ...Object.keys(routeMetrics),
      ...Object.keys(serviceMetrics),
      'service',
      'route',
    ])
      expect(line, name).toHaveProperty(name);
  });

  it("names the browser from CloudFront's viewer address, and never logs cookies, tokens or the authorization header", async () => {
    // Prepare
    const session = await api.signIn('demo');
    const token = await api.createToken(session, {
      repos: ['demo/blog'],
      permissions: ['content:read'],
    });
    lines.length = 0;

    // Act
    const response = await fetch(
      `${service.url}/api/repos/demo%2Fblog/config?code=oauth-code-secret-123`,
      {
        headers: {
          cookie: `cms_session=${session}; other=cookie-value-secret-456`,
          authorization: `Bearer ${token.token}`,
          'cloudfront-viewer-address': '198.51.100.10:46532',
          'x-forwarded-for': '198.51.100.10, 130.176.0.1',
          'user-agent': 'log-test/1.0',
        },
      },
    );

    // Assess
    const [line] = requestLines();
    expect(line).toMatchObject({
      route: 'getConfig',
      status: response.status,
      clientIp: '198.51.100.10',
      sourceIp: '127.0.0.1',
      forwardedFor: '198.51.100.10, 130.176.0.1',
      userAgent: 'log-test/1.0',
    });
    const text = JSON.stringify(lines);
    for (const secret of [
      session,
      token.token,
      'cookie-value-secret-456',
      'oauth-code-secret-123',
      'Bearer',
    ])
      expect(text).not.toContain(secret);
  });
});
