import { expect } from 'vitest';
import { apiClient, type ApiClient } from './api-client';
import { startTestService, type TestService, type TestServiceOptions } from './local-service';

/** Local mode with the demo user signed in and the demo blog connected: what most API tests start from. */
export async function startBlogService(
  options: TestServiceOptions = {},
): Promise<{ service: TestService; api: ApiClient; demo: string }> {
  const service = await startTestService(options);
  const api = apiClient(service.url);
  const demo = await api.signIn('demo');
  expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session: demo })).status).toBe(
    201,
  );
  return { service, api, demo };
}
