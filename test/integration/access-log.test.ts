import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../shared/logger';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';

const lines: Record<string, unknown>[] = [];
const logger: Logger = { info: (message, fields) => lines.push({ message, ...fields }), error: (message, fields) => lines.push({ message, ...fields }) };
let service: TestService;
let api: ApiClient;

beforeAll(async () => {
  service = await startTestService({ logger });
  api = apiClient(service.url);
});
afterAll(async () => {
  await service?.stop();
});

describe('access log', () => {
  it('writes one line per request with request id, route, status, latency and GitHub round trips', async () => {
    const session = await api.signIn('demo');
    expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session })).status).toBe(201);
    lines.length = 0;
    service.github.resetRequestCount();
    expect((await api.get('/api/repos/demo%2Fblog/content/posts/2024-02-14-hello-world', { session })).status).toBe(200);
    const line = lines.find((entry) => entry.route === 'getContent');
    expect(line).toMatchObject({ message: 'request', requestId: expect.any(String), status: 200, latencyMs: expect.any(Number) });
    expect(line!.providerCalls).toBe(service.github.requestCount());
    expect(line!.providerCalls).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(session);
  });
});
