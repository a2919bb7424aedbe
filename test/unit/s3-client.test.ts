import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AwsServiceError } from '../../shared/aws/aws-json-client';
import { createS3Client, encodeKey, ObjectTooLargeError, type S3Client } from '../../shared/aws/s3-client';
import { startFakeS3, type FakeS3 } from '../fakes/s3-server';

/** AWS's own example (S3 API reference, "Authenticating Requests: Using Query Parameters"). */
const example = {
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  date: new Date('2013-05-24T00:00:00Z'),
  signature: 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
};

describe('S3 presigned URLs', () => {
  it("reproduce AWS's published example for examplebucket/test.txt", async () => {
    // Prepare
    const s3 = createS3Client({ bucket: 'examplebucket', region: 'us-east-1', endpoint: 'https://s3.amazonaws.com', credentials: example.credentials, now: () => example.date });

    // Act
    const url = new URL(await s3.presign({ method: 'GET', key: 'test.txt', expiresInSeconds: 86400 }));

    // Assess
    expect(url.origin + url.pathname).toBe('https://examplebucket.s3.amazonaws.com/test.txt');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': example.signature,
    });
  });

  it('sign the length and type of a PUT and carry a session token', async () => {
    // Prepare
    const credentials = { ...example.credentials, sessionToken: 'token/with+chars=' };
    const s3 = createS3Client({ bucket: 'uploads-1', region: 'eu-west-1', credentials, now: () => example.date });

    // Act
    const url = new URL(await s3.presign({ method: 'PUT', key: 'uploads/ab/cd', expiresInSeconds: 900, headers: { 'Content-Length': '42', 'Content-Type': 'image/png' } }));

    // Assess
    expect(url.host).toBe('uploads-1.s3.eu-west-1.amazonaws.com');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('token/with+chars=');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.has('X-Amz-Content-Sha256')).toBe(false);
  });

  it('encode keys as S3 does and refuse dot segments', () => {
    // Act / Assess
    expect(encodeKey("reads/o w/n(1)*!'.png")).toBe('reads/o%20w/n%281%29%2A%21%27.png');
    expect(() => encodeKey('reads/../uploads/x')).toThrow(/dot segment|\.\. segment/);
  });
});

describe('S3 object client against an S3 endpoint that checks signatures', () => {
  const keys = { accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake/secret+key' };
  let clock = new Date('2026-11-25T12:00:00Z');
  let fake: FakeS3;
  let s3: S3Client;
  let waits: number[];
  beforeEach(async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    fake = await startFakeS3({ bucket: 'uploads', ...keys, now: () => clock });
    waits = [];
    s3 = createS3Client({ bucket: 'uploads', region: 'eu-west-1', endpoint: fake.endpoint, pathStyle: true, credentials: keys, now: () => clock, wait: async (ms) => void waits.push(ms) });
  });
  afterEach(() => fake.close());

  it('puts, heads, gets and deletes an object with signed requests', async () => {
    // Prepare
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);

    // Act
    await s3.putObject('reads/o/r/sha 1', bytes, { contentType: 'image/png' });
    const head = await s3.headObject('reads/o/r/sha 1');
    const got = await s3.getObject('reads/o/r/sha 1');
    await s3.deleteObject('reads/o/r/sha 1');

    // Assess
    expect(head).toEqual({ size: 8 });
    expect([...got!]).toEqual([...bytes]);
    expect(fake.objects.size).toBe(0);
    expect(fake.log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      'PUT /uploads/reads/o/r/sha%201 200',
      'HEAD /uploads/reads/o/r/sha%201 200',
      'GET /uploads/reads/o/r/sha%201 200',
      'DELETE /uploads/reads/o/r/sha%201 204',
    ]);
    expect(s3.requestCount()).toBe(4);
  });

  it('answers null for an absent object and deletes one quietly', async () => {
    // Act
    const got = await s3.getObject('uploads/none');
    const head = await s3.headObject('uploads/none');
    await s3.deleteObject('uploads/none');

    // Assess
    expect(got).toBeNull();
    expect(head).toBeNull();
  });

  it('answers null for a missing key when S3 says AccessDenied, as it does to a role without s3:ListBucket', async () => {
    // Prepare
    await fake.close();
    fake = await startFakeS3({ bucket: 'uploads', ...keys, now: () => clock, missingKey: 403 });
    s3 = createS3Client({ bucket: 'uploads', region: 'eu-west-1', endpoint: fake.endpoint, pathStyle: true, credentials: keys, now: () => clock });
    const wrongKey = createS3Client({ bucket: 'uploads', region: 'eu-west-1', endpoint: fake.endpoint, pathStyle: true, credentials: { ...keys, secretAccessKey: 'other' }, now: () => clock });

    // Act
    const got = await s3.getObject('uploads/none');
    const head = await s3.headObject('reads/none');
    const refused = wrongKey.getObject('uploads/none');

    // Assess
    expect([got, head]).toEqual([null, null]);
    await expect(refused).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('refuses an object longer than asked for without reading it', async () => {
    // Prepare
    fake.objects.set('uploads/big', { body: Buffer.alloc(2048) });

    // Act
    const attempt = s3.getObject('uploads/big', { maxBytes: 1024 });

    // Assess
    await expect(attempt).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(fake.log).toHaveLength(1);
  });

  it('retries 5xx answers, then gives S3 error as an AwsServiceError', async () => {
    // Prepare
    fake.failNext(2);

    // Act
    await s3.putObject('uploads/a', new Uint8Array([1]));
    fake.failNext(3);
    const failed = s3.getObject('uploads/a');

    // Assess
    await expect(failed).rejects.toMatchObject({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } });
    await expect(failed).rejects.toBeInstanceOf(AwsServiceError);
    expect(fake.log.map((entry) => entry.status)).toEqual([503, 503, 200, 503, 503, 503]);
    expect(waits).toHaveLength(4);
  });

  it('names the error S3 answers with, wrong credentials being refused', async () => {
    // Prepare
    const wrong = createS3Client({ bucket: 'uploads', region: 'eu-west-1', endpoint: fake.endpoint, pathStyle: true, credentials: { ...keys, secretAccessKey: 'other' }, now: () => clock });

    // Act
    const attempt = wrong.putObject('uploads/a', new Uint8Array([1]));

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $fault: 'client', $metadata: { httpStatusCode: 403, requestId: 'fake-request' } });
    expect(fake.objects.size).toBe(0);
  });

  it('gives a presigned PUT that S3 takes with the signed length only, until it expires', async () => {
    // Prepare
    const url = await s3.presign({ method: 'PUT', key: 'uploads/u/1', expiresInSeconds: 900, headers: { 'content-length': '3', 'content-type': 'image/png' } });
    const put = (body: Uint8Array<ArrayBuffer>, contentType = 'image/png') => fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });

    // Act
    const longer = await put(new Uint8Array([1, 2, 3, 4]));
    const otherType = await put(new Uint8Array([1, 2, 3]), 'text/html');
    const exact = await put(new Uint8Array([1, 2, 3]));
    clock = new Date(clock.getTime() + 901_000);
    const late = await put(new Uint8Array([1, 2, 3]));

    // Assess
    expect([longer.status, otherType.status, exact.status, late.status]).toEqual([403, 403, 200, 403]);
    expect([...fake.objects.get('uploads/u/1')!.body]).toEqual([1, 2, 3]);
  });

  it('gives a presigned GET whose response headers are the signed overrides', async () => {
    // Prepare
    await s3.putObject('reads/x', new Uint8Array([7, 7]));
    const url = await s3.presign({ method: 'GET', key: 'reads/x', expiresInSeconds: 300, query: { 'response-content-type': 'image/svg+xml' } });

    // Act
    const answer = await fetch(url);
    const tampered = await fetch(url.replace('image%2Fsvg%2Bxml', 'text%2Fhtml'));

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(tampered.status).toBe(403);
  });
});
