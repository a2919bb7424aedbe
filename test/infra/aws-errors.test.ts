import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpResult, LambdaHttpHandler } from '../../shared/http/types';
import { buildContext, buildEvent, type RawRequest } from '../../infra/local/event';
import { startFailingDynamoDb } from '../fakes/failing-dynamodb';
import { startSecretsManager } from '../fakes/secrets-manager';
import { projectRoot } from './support/synth';

/**
 * The bundled AWS entries (functions/<group>/handler.ts) when what they depend on fails: the
 * table (throttled, refusing) and the GitHub App secret (not filled in yet).
 */
const env = {
  TABLE_NAME: 'cms-table',
  KMS_KEY_ID: 'arn:aws:kms:eu-west-1:111122223333:key/0f5e2c1a-1111-2222-3333-444455556666',
  TOKEN_HMAC_SECRET_ARN:
    'arn:aws:secretsmanager:eu-west-1:111122223333:secret:CmsTokenHmacSecret-AbCdEf',
  GITHUB_APP_SECRET_ARN:
    'arn:aws:secretsmanager:eu-west-1:111122223333:secret:CmsGitHubAppSecret1A2B3C-XyZ987',
  GITHUB_WEB_URL: 'https://github.com',
  GITHUB_API_URL: 'https://api.github.com',
  PUBLIC_URL: 'https://d111111abcdef8.cloudfront.net',
  UPLOADS_BUCKET: 'cms-uploads-0a1b2c3d-111122223333-eu-west-1',
  ACTIVITY_RETENTION_DAYS: '365',
  WEBHOOK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-WebhooksQueue',
  INDEX_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-IndexingQueue',
  WEBHOOK_ALLOWED_PRIVATE: '',
};
const filledApp = JSON.stringify({
  appId: 12345,
  clientId: 'Iv1.abc',
  clientSecret: 'app-client-secret-value',
  privateKey: '-----BEGIN RSA PRIVATE KEY-----\nprivate-key-body',
});
const placeholderApp = JSON.stringify({
  appId: '',
  clientId: '',
  clientSecret: '',
  privateKey: '',
});
const sessionId = 'SessionIdFromTheCookie_0123456789abcdefghij';
const sessionCookie = `cms_session=${sessionId}`;

const originalEnv = { ...process.env };
/** What the Secrets Manager stand-in answers, read at each request. */
const secretValues: Record<string, string> = { [env.TOKEN_HMAC_SECRET_ARN]: 'k'.repeat(64) };
let secrets: Awaited<ReturnType<typeof startSecretsManager>>;
let dynamo: Awaited<ReturnType<typeof startFailingDynamoDb>>;
let logLines: string[] = [];

const answerSecrets = (app: string) => {
  secretValues[env.GITHUB_APP_SECRET_ARN] = app;
};

beforeAll(async () => {
  secrets = await startSecretsManager(secretValues);
  dynamo = await startFailingDynamoDb('ResourceNotFoundException', 'Requested resource not found');
});

beforeEach(() => {
  logLines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    logLines.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...originalEnv };
});
afterAll(async () => {
  await secrets?.close();
  await dynamo?.close();
});

async function loadHandler(group: string): Promise<LambdaHttpHandler> {
  vi.resetModules();
  process.env = {
    ...originalEnv,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    ...env,
  };
  return (
    (await import(path.join(projectRoot, 'functions', group, 'handler.ts'))) as {
      handler: LambdaHttpHandler;
    }
  ).handler;
}

async function send(
  group: string,
  request: RawRequest,
  requestId = `req-${group}`,
): Promise<HttpResult & { json: unknown }> {
  const handler = await loadHandler(group);
  const context = { ...buildContext(`cms-${group}`), awsRequestId: requestId };
  // Within the function's 29 s: the SDK's standard retries back off from a throttled table for
  // seconds (up to 4 attempts), which a 5 s deadline cut off on a loaded machine.
  const result = await handler(buildEvent(request), context, {
    signal: AbortSignal.timeout(28_000),
  });
  return { ...result, json: JSON.parse(result.body ?? 'null') };
}

const openRoutes: [route: string, group: string, request: RawRequest][] = [
  [
    '/api/auth/me',
    'session',
    { method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie } },
  ],
  // The caller is looked up before the query is checked: without one, this route reads nothing else.
  [
    '/auth/callback',
    'session',
    { method: 'GET', url: '/auth/callback', headers: { cookie: sessionCookie } },
  ],
];

describe('a table that fails while the caller is looked up on an open route', () => {
  it.each(openRoutes)(
    '%s: throttled answers 503 {error}, logged with the request id, not "signed out"',
    async (_route, group, request) => {
      // Prepare
      answerSecrets(filledApp);
      dynamo.fail(
        'ProvisionedThroughputExceededException',
        'The level of configured provisioned throughput for the table was exceeded',
      );

      // Act
      const answer = await send(group, request, 'req-throttled');

      // Assess
      expect(answer.statusCode).toBe(503);
      expect(answer.json).toEqual({ error: 'The database is unavailable; try again shortly' });
      const logged = logLines.find((line) => line.includes('"Service unavailable"'));
      expect(logged).toContain('"requestId":"req-throttled"');
      expect(logged).toContain('"causeName":"ProvisionedThroughputExceededException"');
      expect(logLines.join('')).not.toContain(sessionId);
    },
  );

  it.each(openRoutes)(
    '%s: refused (a broken deployment) answers 500 {error}, logged with the request id',
    async (_route, group, request) => {
      // Prepare
      answerSecrets(filledApp);
      // DynamoDB's AccessDeniedException (a client fault).
      dynamo.fail('AccessDeniedException', 'User is not authorized to perform: dynamodb:GetItem');

      // Act
      const answer = await send(group, request, 'req-denied');

      // Assess
      expect(answer.statusCode).toBe(500);
      expect(answer.json).toEqual({ error: 'Internal Server Error' });
      const logged = logLines.find((line) => line.includes('"Unhandled error"'));
      expect(logged).toContain('"requestId":"req-denied"');
      expect(logged).toContain('"errorName":"AccessDeniedException"');
      expect(logLines.join('')).not.toContain(sessionId);
    },
  );
});

describe('before the GitHub App secret is filled in', () => {
  const needTheApp: [group: string, request: RawRequest][] = [
    ['session', { method: 'GET', url: '/api/auth/me', headers: {} }],
    ['device', { method: 'POST', url: '/auth/device', headers: {} }],
    ['repos', { method: 'GET', url: '/api/repos', headers: {} }],
    ['content', { method: 'GET', url: '/api/repos/acme%2Fsite/content/posts', headers: {} }],
    ['pulls', { method: 'GET', url: '/api/repos/acme%2Fsite/pulls', headers: {} }],
  ];
  const notConfigured =
    'The GitHub App is not configured: fill in the secret CmsGitHubAppSecret1A2B3C (appId, clientId, clientSecret, privateKey) (docs/deploy-aws.md)';

  it.each(needTheApp)(
    '%s answers 503 naming the secret and its fields, not 500',
    async (group, request) => {
      // Prepare: the placeholder the stack creates.
      answerSecrets(placeholderApp);

      // Act
      const answer = await send(group, request);

      // Assess
      expect(answer.statusCode).toBe(503);
      expect(answer.json).toEqual({ error: notConfigured });
      expect(logLines.find((line) => line.includes('"Initialisation failed"'))).toContain(
        `"requestId":"req-${group}"`,
      );
    },
  );

  it('names only the fields still missing, never a value that is filled in', async () => {
    // Prepare
    answerSecrets(
      JSON.stringify({
        appId: '',
        clientId: 'Iv1.abc',
        clientSecret: 'app-client-secret-value',
        privateKey: 'not a key',
      }),
    );

    // Act
    const answer = await send('repos', { method: 'GET', url: '/api/repos', headers: {} });

    // Assess
    expect(answer.statusCode).toBe(503);
    expect(answer.json).toEqual({
      error:
        'The GitHub App is not configured: fill in the secret CmsGitHubAppSecret1A2B3C (appId, privateKey) (docs/deploy-aws.md)',
    });
    expect(answer.body + logLines.join('')).not.toMatch(
      /app-client-secret-value|Iv1\.abc|not a key|111122223333/,
    );
  });

  it('health stays 200 (the interface fixes it) and reports not_ready with the same reason, then ok once filled in', async () => {
    // Prepare
    answerSecrets(placeholderApp);
    const handler = await loadHandler('health');
    const ask = async () => {
      const result = await handler(
        buildEvent({ method: 'GET', url: '/api/health', headers: {} }),
        buildContext('cms-health'),
        { signal: AbortSignal.timeout(5_000) },
      );
      return { statusCode: result.statusCode, json: JSON.parse(result.body ?? 'null') as unknown };
    };

    // Act
    const before = await ask();
    answerSecrets(filledApp);
    const after = await ask();

    // Assess
    expect(before).toEqual({
      statusCode: 200,
      json: { status: 'not_ready', reason: notConfigured },
    });
    expect(after).toEqual({ statusCode: 200, json: { status: 'ok', webhookSecret: false } });
  });

  it('health says whether the App secret holds a webhookSecret, and sees one added within five minutes without reading the secret on every check', async () => {
    // Prepare
    answerSecrets(filledApp);
    const handler = await loadHandler('health');
    const ask = async () =>
      JSON.parse(
        (
          await handler(
            buildEvent({ method: 'GET', url: '/api/health', headers: {} }),
            buildContext('cms-health'),
            { signal: AbortSignal.timeout(5_000) },
          )
        ).body ?? 'null',
      ) as unknown;
    const withWebhook = JSON.stringify({
      ...JSON.parse(filledApp),
      webhookSecret: 'a-webhook-secret-of-32-characters',
    });
    vi.useFakeTimers({ toFake: ['Date'] });

    try {
      // Act
      const before = await ask();
      answerSecrets(withWebhook);
      const soon = await ask();
      vi.setSystemTime(Date.now() + 5 * 60_000);
      const later = await ask();

      // Assess
      expect(before).toEqual({ status: 'ok', webhookSecret: false });
      expect(soon).toEqual({ status: 'ok', webhookSecret: false });
      expect(later).toEqual({ status: 'ok', webhookSecret: true });
      expect(JSON.stringify([before, soon, later]) + logLines.join('')).not.toContain(
        'a-webhook-secret-of-32-characters',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('tokens, which needs no App, answers as usual', async () => {
    // Prepare
    answerSecrets(placeholderApp);

    // Act
    const answer = await send('tokens', { method: 'GET', url: '/api/tokens', headers: {} });

    // Assess
    expect(answer.statusCode).toBe(401);
  });
});
