import { GetSecretValueCommand, ResourceNotFoundException } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it, vi } from 'vitest';
import { createSecretsManagerClient } from '../../shared/adapters/secrets-manager/secrets-manager';
import { readTokenHmacKey } from '../../functions/aws-ports';
import { EnvironmentError, lazyHandler, parseAwsEnv } from '../../functions/aws-env';
import { onFirstUse } from '../../functions/aws-on-first-use';
import { GitHubAppNotConfiguredError, readGitHubApp } from '../../functions/github-app-secret';
import type { Logger } from '../../shared/logger';
import type { LambdaHttpHandler } from '../../shared/http/types';
import { buildContext, buildEvent } from '../../infra/local/event';

const secretArn = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:app-AbCdEf';
const recordingLogger = () => {
  const lines: string[] = [];
  const logger: Logger = {
    info: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
    error: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
  };
  return { logger, lines };
};

describe('parseAwsEnv', () => {
  it('returns the keys asked for, typed', () => {
    // Act
    const env = parseAwsEnv(
      { TABLE_NAME: 'cms', PUBLIC_URL: 'https://cms.example.org', OTHER: 'x' },
      ['TABLE_NAME', 'PUBLIC_URL'],
    );

    // Assess
    expect(env).toEqual({ TABLE_NAME: 'cms', PUBLIC_URL: 'https://cms.example.org' });
  });

  it('fails naming every missing and every invalid key at once', () => {
    // Act
    const parsing = () =>
      parseAwsEnv({ PUBLIC_URL: 'http://cms.example.org', GITHUB_WEB_URL: 'not a url' }, [
        'TABLE_NAME',
        'KMS_KEY_ID',
        'PUBLIC_URL',
        'GITHUB_WEB_URL',
      ]);

    // Assess
    expect(parsing).toThrow(EnvironmentError);
    expect(parsing).toThrow(
      /TABLE_NAME \(missing\), KMS_KEY_ID \(missing\), PUBLIC_URL \([^)]+\), GITHUB_WEB_URL \([^)]+\)/,
    );
  });
});

describe('secrets', () => {
  // Secrets Manager at the SDK seam: GetSecretValue of `secretArn` answers the stored string.
  let stored = '';
  const client = createSecretsManagerClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
  mockClient(client)
    .on(GetSecretValueCommand)
    .rejects(
      new ResourceNotFoundException({
        message: "Secrets Manager can't find the specified secret.",
        $metadata: {},
      }),
    )
    .on(GetSecretValueCommand, { SecretId: secretArn })
    .callsFake(async () => ({ ARN: secretArn, SecretString: stored }));
  const answer = (SecretString: string) => {
    stored = SecretString;
  };

  it('reads the GitHub App credentials, an app id given as a number included', async () => {
    // Prepare
    answer(
      JSON.stringify({
        appId: 12345,
        clientId: 'Iv1.abc',
        clientSecret: 'shh',
        privateKey: '-----BEGIN RSA PRIVATE KEY-----\nabc',
      }),
    );

    // Act
    const app = await readGitHubApp(client, secretArn);

    // Assess
    expect(app).toEqual({
      appId: '12345',
      clientId: 'Iv1.abc',
      clientSecret: 'shh',
      privateKey: '-----BEGIN RSA PRIVATE KEY-----\nabc',
    });
  });

  it('names the unfilled fields of the placeholder, never their values', async () => {
    // Prepare
    answer(
      JSON.stringify({
        appId: '',
        clientId: 'Iv1.abc',
        clientSecret: 'very-secret-value',
        privateKey: 'not a key',
      }),
    );

    // Act
    const reading = readGitHubApp(client, secretArn);

    // Assess
    await expect(reading).rejects.toThrow(GitHubAppNotConfiguredError);
    await expect(reading).rejects.toThrow(
      'The GitHub App is not configured: fill in the secret app (appId, privateKey) (docs/deploy-aws.md)',
    );
    await expect(reading).rejects.not.toThrow(/very-secret-value|not a key/);
  });

  it('reads the optional webhook secret, and names a short one without quoting it', async () => {
    // Prepare
    const app = {
      appId: '1',
      clientId: 'Iv1.abc',
      clientSecret: 'shh',
      privateKey: '-----BEGIN RSA PRIVATE KEY-----\nabc',
    };
    answer(JSON.stringify({ ...app, webhookSecret: 'a-webhook-secret-of-32-characters' }));

    // Act, Assess
    expect((await readGitHubApp(client, secretArn)).webhookSecret).toBe(
      'a-webhook-secret-of-32-characters',
    );
    answer(JSON.stringify({ ...app, webhookSecret: 'short-secret' }));
    const reading = readGitHubApp(client, secretArn);
    await expect(reading).rejects.toThrow('fill in the secret app (webhookSecret)');
    await expect(reading).rejects.not.toThrow(/short-secret/);
  });

  it('does not quote a secret that is not JSON', async () => {
    // Prepare
    answer('ghs_0123456789abcdef is not json');

    // Act
    const reading = readGitHubApp(client, secretArn);

    // Assess
    await expect(reading).rejects.toThrow(/is not JSON/);
    await expect(reading).rejects.not.toThrow(/ghs_/);
  });

  it('wants the generated HMAC key, not something short', async () => {
    // Prepare
    answer('short');

    // Act + Assess
    await expect(readTokenHmacKey(client, secretArn)).rejects.toThrow(/shorter than 32 characters/);
    answer('k'.repeat(64));
    expect((await readTokenHmacKey(client, secretArn)).length).toBe(64);
  });
});

describe('lazyHandler', () => {
  const event = buildEvent({ method: 'GET', url: '/api/health', headers: {} });
  const ok: LambdaHttpHandler = async () => ({ statusCode: 200, body: '{"status":"ok"}' });

  it('initialises on the first request, not at import, and once per container', async () => {
    // Prepare
    const init = vi.fn(async () => ok);
    const { logger } = recordingLogger();

    // Act
    const handler = lazyHandler(logger, init);
    const calledBeforeFirstRequest = init.mock.calls.length;
    await Promise.all(
      [1, 2].map(() => handler(event, buildContext('t'), { signal: AbortSignal.timeout(1_000) })),
    );
    await handler(event, buildContext('t'), { signal: AbortSignal.timeout(1_000) });

    // Assess
    expect(calledBeforeFirstRequest).toBe(0);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('answers 500 while initialisation fails, logs why without secrets, and retries on the next request', async () => {
    // Prepare: a secret cannot be read (not one the operator fills in: that answers 503), then it can.
    let filled = false;
    const init = vi.fn(async () => {
      if (!filled)
        throw new ResourceNotFoundException({
          message:
            "Secrets Manager can't find the specified secret value for staging label: AWSCURRENT",
          $metadata: {},
        });
      return ok;
    });
    const { logger, lines } = recordingLogger();
    const handler = lazyHandler(logger, init);

    // Act
    const first = await handler(event, buildContext('t'), { signal: AbortSignal.timeout(1_000) });
    filled = true;
    const second = await handler(event, buildContext('t'), { signal: AbortSignal.timeout(1_000) });

    // Assess
    expect(first).toMatchObject({
      statusCode: 500,
      body: JSON.stringify({ error: 'Internal Server Error' }),
    });
    expect(second.statusCode).toBe(200);
    expect(lines).toEqual([expect.stringContaining('"errorName":"ResourceNotFoundException"')]);
    expect(init).toHaveBeenCalledTimes(2);
  });
});

describe('onFirstUse', () => {
  it('loads the adapter on the first call of any method, once for concurrent calls, and again after a failed load', async () => {
    // Prepare
    let loads = 0;
    const sent: string[] = [];
    const port = onFirstUse(
      async () => {
        loads += 1;
        if (loads === 1) throw new Error('the module failed to load');
        return {
          send: async (job: string) => void sent.push(job),
          dead: async (job: string) => void sent.push(`dead ${job}`),
        };
      },
      { send: true, dead: true },
    );
    const loadsBeforeUse = loads;

    // Act
    const failed = port.send('a');
    await expect(failed).rejects.toThrow('the module failed to load');
    await Promise.all([port.send('b'), port.dead('c')]);
    await port.send('d');

    // Assess
    expect(loadsBeforeUse).toBe(0);
    expect(loads).toBe(2);
    expect(sent).toEqual(['b', 'dead c', 'd']);
  });
});
