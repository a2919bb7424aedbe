import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tableName } from '../../infra/local/runtime';
import { keys } from '../../shared/store/keys';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import type { Store } from '../../shared/ports/store';
import { apiClient, type ApiClient, type Credentials } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';

/**
 * What one read costs in DynamoDB requests, and that nothing that makes it cheaper lets a change
 * slip: a revoked token, a narrowed scope, a disconnected repository or a deleted user is refused
 * on the very next request.
 */
let service: TestService;
let api: ApiClient;
let table: Store;
let session: string;
let userId: string;
const repo = 'demo%2Fblog';
const one = `/api/repos/${repo}/content/posts/2024-02-14-hello-world`;
const list = `/api/repos/${repo}/content/posts`;

const readToken = () =>
  api.createToken(session, { permissions: ['content:read'], repos: ['demo/blog'] });

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.url);
  table = createDynamoDbStore({ client: service.dynamo.doc, tableName });
  session = await api.signIn('demo');
  const profiles =
    (await service.dynamo.doc.send(new ScanCommand({ TableName: tableName }))).Items ?? [];
  userId = String(
    profiles.find((item) => item.sk === 'PROFILE' && item.login === 'demo')!.pk,
  ).slice('USER#'.length);
});
afterAll(async () => {
  await service?.stop();
});
beforeEach(async () => {
  // Every test starts signed in and connected, whatever the one before removed.
  session = await api.signIn('demo');
  if (!(await table.get(keys.connection('demo/blog'))))
    expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session })).status).toBe(201);
});

/** The DynamoDB requests one call sends, after checking that it succeeded. */
async function storeRequests(path: string, credentials: Credentials): Promise<number> {
  service.dynamo.resetRequestCount();
  const response = await api.get(path, credentials);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return service.dynamo.requestCount();
}

describe('DynamoDB requests per content read', () => {
  it('token, one item: first the token (GetItem) and lastUsedAt, then the connection and the user; later all three in one BatchGetItem', async () => {
    // Prepare
    const { token } = await readToken();
    // Act + Assess: the first use also records lastUsedAt (once a minute at most); the token's owner is not known yet
    expect(await storeRequests(one, { token })).toBe(3);
    expect(await storeRequests(one, { token })).toBe(1);
  });

  it('token, warm list: one request (parsed frontmatter comes from the process, by blob sha)', async () => {
    // Prepare
    const { token } = await readToken();
    await storeRequests(list, { token });
    // Act + Assess
    expect(await storeRequests(list, { token })).toBe(1);
  });

  it('session, one item and warm list: the session, the connection and the user in one BatchGetItem', async () => {
    // Prepare
    await storeRequests(list, { session });
    // Act + Assess
    expect(await storeRequests(one, { session })).toBe(1);
    expect(await storeRequests(list, { session })).toBe(1);
  });

  it('a route without a repository reads only the credential', async () => {
    // Prepare
    const { token } = await readToken();
    await storeRequests(one, { token });
    // Act + Assess: the token list is one query after the session
    expect(await storeRequests('/api/tokens', { session })).toBe(2);
  });
});

describe('a change is seen on the very next request', () => {
  it('a revoked token answers 401', async () => {
    // Prepare
    const { token, tokenId } = await readToken();
    await storeRequests(one, { token });
    // Act
    expect((await api.delete(`/api/tokens/${tokenId}`, { session })).status).toBe(200);
    // Assess
    expect((await api.get(one, { token })).status).toBe(401);
  });

  it('a token whose repos or permissions no longer cover the read answers 403', async () => {
    // Prepare
    const [byRepo, byPermission] = [await readToken(), await readToken()];
    await storeRequests(one, { token: byRepo.token });
    await storeRequests(one, { token: byPermission.token });
    // Act: no route narrows a token; an item changed in the table must count all the same
    await table.update(keys.apiToken(byRepo.tokenId), { repos: ['demo/docs'] });
    await table.update(keys.apiToken(byPermission.tokenId), { permissions: ['config:read'] });
    // Assess
    expect((await api.get(one, { token: byRepo.token })).status).toBe(403);
    expect((await api.get(one, { token: byPermission.token })).status).toBe(403);
  });

  it('a disconnected repository answers 404, to a token and to a session', async () => {
    // Prepare
    const { token } = await readToken();
    await storeRequests(one, { token });
    await storeRequests(one, { session });
    // Act
    expect((await api.delete(`/api/repos/${repo}`, { session })).status).toBe(200);
    // Assess
    expect((await api.get(one, { token })).status).toBe(404);
    expect((await api.get(list, { session })).status).toBe(404);
  });

  it('a deleted user answers 401, to a token and to a session', async () => {
    // Prepare
    const { token } = await readToken();
    await storeRequests(list, { token });
    await storeRequests(one, { session });
    // Act
    await table.delete(keys.user(userId));
    // Assess
    const [byToken, bySession] = [await api.get(one, { token }), await api.get(list, { session })];
    expect([byToken.status, bySession.status]).toEqual([401, 401]);
    expect(byToken.body.error).toMatch(/sign in again/);
  });
});
