import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';

let service: TestService;
let api: ApiClient;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.url);
});
afterAll(async () => {
  await service?.stop();
});

const hours = (n: number) => n * 3_600_000;

describe('provider token refresh', () => {
  it('refreshes once for 20 concurrent requests within 5 minutes of expiry, and all 20 succeed', async () => {
    const session = await api.signIn('demo');
    service.advanceClock(hours(8) - 4 * 60_000);
    const before = service.github.refreshCount();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api.get('/api/github/repos', { session })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(service.github.refreshCount() - before).toBe(1);
  });

  it('refreshes once when the token has already expired; API tokens of the user ride on it too', async () => {
    const session = await api.signIn('alice');
    const { token } = await api.createToken(session, {
      permissions: ['repos:read'],
      expiresIn: null,
    });
    service.advanceClock(hours(9));
    const before = service.github.refreshCount();
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => api.get('/api/github/repos', { session })),
      ...Array.from({ length: 10 }, () => api.get('/api/github/repos', { token })),
    ]);
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(service.github.refreshCount() - before).toBe(1);
    expect(responses[0]!.body).toEqual([expect.objectContaining({ fullName: 'demo/blog' })]);
  });

  it('ends cleanly with 401 and a sign-in-again message when the provider refuses the refresh token', async () => {
    const session = await api.signIn('bob');
    const { token } = await api.createToken(session, {
      permissions: ['repos:read'],
      expiresIn: null,
    });
    service.advanceClock(hours(24 * 200));
    const response = await api.get('/api/github/repos', { token });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/sign in again/);
  });
});
