import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { AwsServiceError, createAwsJsonClient, type SignedRequest, type Transport } from '../../shared/aws/aws-json-client';
import { signRequest } from '../../shared/aws/sigv4';

const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === 'string' ? Buffer.from(data) : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** node:crypto as the signer's hash, as the SDK's Node build does. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' };

function scripted(answers: ({ status: number; body: unknown } | Error)[]) {
  const sent: SignedRequest[] = [];
  const waits: number[] = [];
  const transport: Transport = async (request) => {
    sent.push(request);
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (answer instanceof Error) throw answer;
    return { status: answer.status, headers: { 'x-amzn-requestid': 'req-1' }, body: JSON.stringify(answer.body) };
  };
  const client = createAwsJsonClient({ service: 'kms', targetPrefix: 'TrentService', jsonVersion: '1.1', region: 'eu-west-1', credentials, transport, wait: async (ms) => void waits.push(ms) });
  return { client, sent, waits };
}

describe('AWS JSON protocol client', () => {
  it('signs exactly as the AWS SDK\'s SigV4 signer does', async () => {
    // Prepare
    const date = new Date('2026-11-25T12:34:56.000Z');
    const url = new URL('https://dynamodb.eu-west-1.amazonaws.com/');
    const body = JSON.stringify({ TableName: 'cms', Key: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' } } });
    const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem' };
    const sdk = new SignatureV4({ service: 'dynamodb', region: 'eu-west-1', credentials, sha256: Sha256, applyChecksum: false });

    // Act
    const ours = await signRequest({ method: 'POST', url, headers, body, service: 'dynamodb', region: 'eu-west-1', credentials, date });
    const theirs = await sdk.sign({ method: 'POST', protocol: 'https:', hostname: url.hostname, path: '/', headers: { ...headers, host: url.host }, body, query: {} }, { signingDate: date });

    // Assess
    expect(ours.authorization).toBe(theirs.headers.authorization);
    expect(ours['x-amz-security-token']).toBe('session-token');
  });

  it('posts the operation to its target and answers the JSON', async () => {
    // Prepare
    const { client, sent } = scripted([{ status: 200, body: { KeyId: 'k', Plaintext: 'AAAA' } }]);

    // Act
    const answer = await client.call('Decrypt', { KeyId: 'k' });

    // Assess
    expect(answer).toEqual({ KeyId: 'k', Plaintext: 'AAAA' });
    expect(sent.map((request) => [request.url.href, request.headers['x-amz-target'], request.headers['content-type'], request.body])).toEqual([
      ['https://kms.eu-west-1.amazonaws.com/', 'TrentService.Decrypt', 'application/x-amz-json-1.1', '{"KeyId":"k"}'],
    ]);
    expect(client.requestCount()).toBe(1);
  });

  it('throws an error named by AWS\'s error type, with the answer\'s fields, and does not retry a client error', async () => {
    // Prepare
    const { client, sent } = scripted([{ status: 400, body: { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed', Item: { pk: { S: 'A' } } } }]);

    // Act
    const calling = client.call('PutItem', {});

    // Assess
    await expect(calling).rejects.toBeInstanceOf(AwsServiceError);
    await expect(calling).rejects.toMatchObject({ name: 'ConditionalCheckFailedException', message: 'The conditional request failed', Item: { pk: { S: 'A' } }, $metadata: { httpStatusCode: 400, requestId: 'req-1' } });
    expect(sent).toHaveLength(1);
  });

  it('retries throttling, 5xx and connection errors with backoff, at most 3 attempts in all', async () => {
    // Prepare
    const throttled = scripted([{ status: 400, body: { __type: 'ThrottlingException', message: 'Rate exceeded' } }, Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), { status: 200, body: { ok: true } }]);
    const failing = scripted([{ status: 500, body: { __type: 'InternalFailure' } }, { status: 503, body: {} }, { status: 500, body: { __type: 'InternalFailure' } }, { status: 200, body: {} }]);

    // Act
    const answer = await throttled.client.call('Decrypt', {});
    const failure = failing.client.call('Decrypt', {});

    // Assess
    expect(answer).toEqual({ ok: true });
    expect(throttled.sent).toHaveLength(3);
    expect(throttled.waits).toHaveLength(2);
    expect(throttled.waits.every((ms) => ms >= 0 && ms <= 800)).toBe(true);
    await expect(failure).rejects.toMatchObject({ name: 'InternalFailure', $fault: 'server' });
    expect(failing.sent).toHaveLength(3);
    expect(throttled.client.requestCount()).toBe(1);
  });

  it('takes the endpoint from AWS_ENDPOINT_URL_<SERVICE> or AWS_ENDPOINT_URL, as the SDK does', async () => {
    // Prepare
    const saved = { ...process.env };
    const sent: string[] = [];
    const transport: Transport = async (request) => {
      sent.push(request.url.href);
      return { status: 200, headers: {}, body: '{}' };
    };
    try {
      Object.assign(process.env, { AWS_ENDPOINT_URL: 'http://127.0.0.1:4566', AWS_ENDPOINT_URL_SECRETSMANAGER: 'http://127.0.0.1:4567' });

      // Act
      await createAwsJsonClient({ service: 'secretsmanager', targetPrefix: 'secretsmanager', jsonVersion: '1.1', credentials, transport }).call('GetSecretValue', {});
      await createAwsJsonClient({ service: 'kms', targetPrefix: 'TrentService', jsonVersion: '1.1', credentials, transport }).call('Decrypt', {});
    } finally {
      process.env = saved;
    }

    // Assess
    expect(sent).toEqual(['http://127.0.0.1:4567/', 'http://127.0.0.1:4566/']);
  });
});
