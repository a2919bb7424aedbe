import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LambdaHttpHandler } from '../../shared/http/types';
import { routes } from '../../shared/routes';
import { startSecretsManager } from '../fakes/secrets-manager';
import { buildContext, buildEvent } from '../../infra/local/event';
import { projectRoot, synthesise, type Synthesised } from './support/synth';

/**
 * The contract between the stack and each functions/<group>/handler.ts: the handler starts with
 * exactly the environment the stack gives its function (no variable missing, none unused), and
 * then answers through its group's middy stack.
 */
const samples: Record<string, string> = {
  TABLE_NAME: 'cms-table',
  KMS_KEY_ID: 'arn:aws:kms:eu-west-1:111122223333:key/0f5e2c1a-1111-2222-3333-444455556666',
  TOKEN_HMAC_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:hmac-AbCdEf',
  GITHUB_APP_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:app-AbCdEf',
  PUBLIC_URL: 'https://d111111abcdef8.cloudfront.net',
  ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:origin-AbCdEf',
  UPLOADS_BUCKET: 'cms-uploads-0a1b2c3d-111122223333-eu-west-1',
  ACTIVITY_RETENTION_DAYS: '365',
  SCHEDULE_GROUP: 'Cms-cms',
  SCHEDULER_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:111122223333:function:Cms-SchedulerFunction',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::111122223333:role/Cms-ScheduledInvokeRole',
  WEBHOOK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-WebhooksQueue',
  WEBHOOK_DLQ_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-WebhooksDeadLetters',
  INDEX_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/Cms-IndexingQueue',
  NODE_OPTIONS: '--enable-source-maps',
};
const secretValues: Record<string, string> = {
  [samples.TOKEN_HMAC_SECRET_ARN!]: 'k'.repeat(64),
  [samples.ORIGIN_SECRET_ARN!]: JSON.stringify({ current: 'o'.repeat(48) }),
  [samples.GITHUB_APP_SECRET_ARN!]: JSON.stringify({
    appId: 12345,
    clientId: 'Iv1.abc',
    clientSecret: 'shh',
    privateKey: '-----BEGIN RSA PRIVATE KEY-----\n...',
  }),
};

const groups = [...new Set(routes.map((route) => route.group))];
const originalEnv = { ...process.env };
let synth: Synthesised;
let secrets: Awaited<ReturnType<typeof startSecretsManager>>;

beforeAll(async () => {
  synth = synthesise();
  secrets = await startSecretsManager(secretValues);
});
afterEach(() => {
  process.env = { ...originalEnv };
});
afterAll(() => {
  synth?.cleanup();
  return secrets?.close();
});

/** The function's variables from the template, tokens replaced by plausible values. */
function environmentOf(group: string): Record<string, string> {
  const resources = synth.template.toJSON().Resources as Record<
    string,
    { Properties: { Environment: { Variables: Record<string, unknown> } } }
  >;
  const variables = resources[synth.logicalIdOf(group as never)]!.Properties.Environment.Variables;
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : (samples[name] ?? `unknown ${name}`),
    ]),
  );
}

async function loadHandler(group: string, env: Record<string, string>): Promise<LambdaHttpHandler> {
  vi.resetModules();
  process.env = {
    ...originalEnv,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL: secrets.endpoint,
    ...env,
  };
  const module = (await import(path.join(projectRoot, 'functions', group, 'handler.ts'))) as {
    handler: LambdaHttpHandler;
  };
  return module.handler;
}

describe('each group handler with the environment the stack gives it', () => {
  it.each(groups)("%s starts and answers through its group's routes", async (group) => {
    // Prepare
    const handler = await loadHandler(group, environmentOf(group));

    // Act: the access log line goes to stdout, as on Lambda; keep it out of the test output.
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const answer = await handler(
      buildEvent({
        method: 'GET',
        url: '/api/no-such-route',
        headers: { 'x-origin-verify': 'o'.repeat(48) },
      }),
      buildContext(group),
      { signal: AbortSignal.timeout(5_000) },
    );
    stdout.mockRestore();

    // Assess
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body ?? '')).toEqual({ error: expect.stringContaining('No route') });
  });

  it.each(groups)(
    '%s refuses a request that did not come through CloudFront (no origin secret header)',
    async (group) => {
      // Prepare
      const handler = await loadHandler(group, environmentOf(group));

      // Act
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      const answer = await handler(
        buildEvent({ method: 'GET', url: '/api/health', headers: {} }),
        buildContext(group),
        { signal: AbortSignal.timeout(5_000) },
      );
      stdout.mockRestore();

      // Assess
      expect(answer.statusCode).toBe(403);
      expect(JSON.parse(answer.body ?? '')).toEqual({
        error: expect.stringContaining('CloudFront'),
      });
    },
  );

  it.each(groups)('%s needs every variable it is given', async (group) => {
    // Prepare: without ORIGIN_SECRET_ARN a handler runs unguarded (originVerify off), by design.
    const env = environmentOf(group);
    const needed = Object.keys(env).filter(
      (name) => name !== 'NODE_OPTIONS' && name !== 'ORIGIN_SECRET_ARN',
    );

    for (const name of needed) {
      // Act
      const { [name]: _dropped, ...rest } = env;
      const loading = loadHandler(group, rest);

      // Assess
      await expect(loading, `${group} without ${name}`).rejects.toThrow(`${name} (missing)`);
    }
  });
});
