import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DecryptCommand } from '@aws-sdk/client-kms';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { ListQueuesCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKmsClient } from '../../../shared/adapters/kms/kms';
import { createS3Client } from '../../../shared/adapters/s3/s3';
import { createSchedulerClient } from '../../../shared/adapters/scheduler/scheduler';
import { createSecretsManagerClient } from '../../../shared/adapters/secrets-manager/secrets-manager';
import { createSqsClient } from '../../../shared/adapters/sqs/sqs';
import { createDocumentClient } from '../../../shared/adapters/dynamodb/dynamodb-client';

/**
 * Every AWS SDK client the service makes, through its factory (shared/adapters/<service>/<service>.ts,
 * shared/adapters/dynamodb/dynamodb-client.ts), at the HTTP seam: a request handler that records each signed
 * request and answers it. What an operator sets in a function's environment (FIPS, dual-stack,
 * credentials) must reach each client, and each retries as the SDK's standard mode does.
 */
interface Seen {
  hostname: string;
  authorization: string;
}
type Answer = { statusCode: number; body: string };
const recording = (answers: Answer[] = []) => {
  const seen: Seen[] = [];
  const requestHandler = {
    handle: async (request: { hostname: string; headers: Record<string, string> }) => {
      seen.push({ hostname: request.hostname, authorization: request.headers.authorization ?? '' });
      const answer = answers.shift() ?? { statusCode: 200, body: '{}' };
      return {
        response: {
          statusCode: answer.statusCode,
          headers: { 'content-type': 'application/json' },
          body: new Uint8Array(Buffer.from(answer.body)),
        },
      };
    },
    updateHttpClientConfig: () => {},
    httpHandlerConfigs: () => ({}),
    destroy: () => {},
  };
  return { seen, requestHandler };
};

/** One call of each client, made through its factory with the given request handler. */
const clients: Record<
  string,
  (requestHandler: ReturnType<typeof recording>['requestHandler']) => Promise<unknown>
> = {
  dynamodb: (requestHandler) =>
    createDocumentClient({ requestHandler }).doc.send(
      new GetCommand({ TableName: 'cms', Key: { pk: 'a', sk: 'b' } }),
    ),
  kms: (requestHandler) =>
    createKmsClient({ requestHandler }).send(
      new DecryptCommand({ CiphertextBlob: new Uint8Array([1]) }),
    ),
  'secrets-manager': (requestHandler) =>
    createSecretsManagerClient({ requestHandler }).send(
      new GetSecretValueCommand({ SecretId: 'app' }),
    ),
  sqs: (requestHandler) => createSqsClient({ requestHandler }).send(new ListQueuesCommand({})),
  s3: (requestHandler) =>
    createS3Client({ requestHandler }).send(
      new HeadObjectCommand({ Bucket: 'cms-uploads', Key: 'reads/a' }),
    ),
  scheduler: (requestHandler) =>
    createSchedulerClient({ requestHandler }).send(
      new DeleteScheduleCommand({ Name: 'cms-1', GroupName: 'cms' }),
    ),
};

const hostOf = async (call: (typeof clients)[string]) => {
  const { seen, requestHandler } = recording();
  await call(requestHandler).catch(() => undefined);
  return seen[0]?.hostname;
};

const saved = { ...process.env };
beforeEach(() => {
  for (const name of Object.keys(process.env)) if (/^AWS_/.test(name)) delete process.env[name];
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDENV',
    AWS_SECRET_ACCESS_KEY: 'env-secret',
    AWS_EC2_METADATA_DISABLED: 'true',
  });
});
afterEach(() => {
  process.env = { ...saved };
});

describe('the endpoint settings of a function reach every SDK client', () => {
  it('sends to the regional endpoints by default', async () => {
    // Act
    const hosts = Object.fromEntries(
      await Promise.all(
        Object.entries(clients).map(async ([name, call]) => [name, await hostOf(call)]),
      ),
    );

    // Assess
    expect(hosts).toEqual({
      dynamodb: 'dynamodb.us-east-1.amazonaws.com',
      kms: 'kms.us-east-1.amazonaws.com',
      'secrets-manager': 'secretsmanager.us-east-1.amazonaws.com',
      sqs: 'sqs.us-east-1.amazonaws.com',
      s3: 'cms-uploads.s3.us-east-1.amazonaws.com',
      scheduler: 'scheduler.us-east-1.amazonaws.com',
    });
  });

  it('sends to the FIPS endpoints with AWS_USE_FIPS_ENDPOINT=true', async () => {
    // Prepare
    process.env.AWS_USE_FIPS_ENDPOINT = 'true';

    // Act
    const hosts = Object.fromEntries(
      await Promise.all(
        Object.entries(clients).map(async ([name, call]) => [name, await hostOf(call)]),
      ),
    );

    // Assess
    expect(hosts).toEqual({
      dynamodb: 'dynamodb-fips.us-east-1.amazonaws.com',
      kms: 'kms-fips.us-east-1.amazonaws.com',
      'secrets-manager': 'secretsmanager-fips.us-east-1.amazonaws.com',
      sqs: 'sqs-fips.us-east-1.amazonaws.com',
      s3: 'cms-uploads.s3-fips.us-east-1.amazonaws.com',
      scheduler: 'scheduler-fips.us-east-1.amazonaws.com',
    });
  });

  it('sends to the dual-stack (IPv6) endpoints with AWS_USE_DUALSTACK_ENDPOINT=true', async () => {
    // Prepare
    process.env.AWS_USE_DUALSTACK_ENDPOINT = 'true';

    // Act
    const hosts = Object.fromEntries(
      await Promise.all(
        Object.entries(clients).map(async ([name, call]) => [name, await hostOf(call)]),
      ),
    );

    // Assess
    expect(hosts).toEqual({
      dynamodb: 'dynamodb.us-east-1.api.aws',
      kms: 'kms.us-east-1.api.aws',
      // Secrets Manager's regional endpoint answers over IPv6 itself.
      'secrets-manager': 'secretsmanager.us-east-1.amazonaws.com',
      sqs: 'sqs.us-east-1.api.aws',
      s3: 'cms-uploads.s3.dualstack.us-east-1.amazonaws.com',
      scheduler: 'scheduler.us-east-1.api.aws',
    });
  });
});

describe('every SDK client', () => {
  // The standard mode's attempts: 3, and 4 for DynamoDB (the SDK's own default for it).
  const attempts: Record<string, number> = {
    dynamodb: 4,
    kms: 3,
    'secrets-manager': 3,
    sqs: 3,
    s3: 3,
    scheduler: 3,
  };

  /** An error answer in the client's protocol (S3's is XML). */
  const refusal = (name: string, statusCode: number, code: string): Answer => ({
    statusCode,
    body:
      name === 's3'
        ? `<Error><Code>${code}</Code><Message>${code}</Message></Error>`
        : JSON.stringify({ __type: code, message: code }),
  });

  it.each(Object.keys(clients))(
    '%s retries a 503 in the standard mode, then gives the error',
    async (name) => {
      // Prepare
      const once = recording([refusal(name, 503, 'ServiceUnavailable')]);
      const always = recording(
        Array.from({ length: 5 }, () => refusal(name, 503, 'ServiceUnavailable')),
      );

      // Act
      await clients[name]!(once.requestHandler);
      const failing = clients[name]!(always.requestHandler);

      // Assess
      await expect(failing).rejects.toMatchObject({
        $fault: 'server',
        $metadata: { httpStatusCode: 503, attempts: attempts[name] },
      });
      expect(once.seen).toHaveLength(2);
      expect(always.seen).toHaveLength(attempts[name]!);
    },
  );

  it.each(Object.keys(clients))('%s does not retry a client error', async (name) => {
    // Prepare
    const refused = recording([refusal(name, 400, 'ValidationException')]);

    // Act
    const failing = clients[name]!(refused.requestHandler);

    // Assess
    await expect(failing).rejects.toMatchObject({
      $fault: 'client',
      $metadata: { httpStatusCode: 400, attempts: 1 },
    });
    expect(refused.seen).toHaveLength(1);
  });

  it.each(Object.keys(clients))(
    "%s signs with credentials from the SDK's chain, a shared credentials file too, not the environment only",
    async (name) => {
      // Prepare: no keys in the environment; a profile in a credentials file.
      const dir = mkdtempSync(path.join(tmpdir(), 'cms-aws-profile-'));
      try {
        writeFileSync(
          path.join(dir, 'credentials'),
          '[default]\naws_access_key_id = AKIDFROMFILE\naws_secret_access_key = file-secret\n',
        );
        writeFileSync(path.join(dir, 'config'), '');
        delete process.env.AWS_ACCESS_KEY_ID;
        delete process.env.AWS_SECRET_ACCESS_KEY;
        Object.assign(process.env, {
          AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'credentials'),
          AWS_CONFIG_FILE: path.join(dir, 'config'),
        });
        const { seen, requestHandler } = recording();

        // Act
        await clients[name]!(requestHandler);

        // Assess
        expect(seen[0]!.authorization).toMatch(
          /^AWS4-HMAC-SHA256 Credential=AKIDFROMFILE\/\d{8}\/us-east-1\//,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
