import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createS3Staging } from '../../functions/aws-media-staging';
import { createS3Client } from '../../shared/adapters/s3/s3';
import { createS3UploadStaging, userPartOf } from '../../shared/adapters/s3/s3-staging';
import { InvalidInputError } from '../../shared/errors';
import { maxUploadBytes, type UploadStaging } from '../../shared/ports/upload-staging';
import { startFakeS3, type FakeS3 } from '../fakes/s3-server';

const keys = { accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake/secret+key' };
const png: Uint8Array<ArrayBuffer> = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3,
]);

/** The SDK's S3 client pointed at the fake, path style (the fake has no bucket host names). */
const clientFor = (fake: FakeS3, credentials = keys) =>
  createS3Client({
    region: 'eu-west-1',
    endpoint: fake.endpoint,
    forcePathStyle: true,
    credentials,
  });

describe('UploadStaging in S3, against an S3 endpoint that checks signatures', () => {
  let clock: Date;
  let fake: FakeS3;
  let staging: UploadStaging;
  beforeEach(async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    fake = await startFakeS3({ bucket: 'uploads', ...keys, now: () => clock });
    staging = createS3UploadStaging({ s3: clientFor(fake), bucket: 'uploads', now: () => clock });
  });
  afterEach(() => fake.close());

  const upload = async (
    ticket: { url: string; headers: Record<string, string> },
    body: Uint8Array<ArrayBuffer>,
  ) => (await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body })).status;

  it('issues a ticket for one PUT of the exact size, which only its user can take', async () => {
    // Act
    const ticket = await staging.begin({
      userId: 'user-1',
      size: png.length,
      contentType: 'image/png',
    });
    const shorter = await upload(ticket, png.subarray(1));
    const exact = await upload(ticket, png);
    const other = await staging.take({ uploadId: ticket.uploadId, userId: 'user-2' });
    const taken = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });
    const again = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });

    // Assess
    expect(ticket).toMatchObject({
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      expiresAt: '2026-11-25T12:15:00.000Z',
    });
    expect(new URL(ticket.url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect([shorter, exact]).toEqual([403, 200]);
    expect([...fake.objects.keys()]).toEqual([
      `uploads/${userPartOf('user-1')}/${ticket.uploadId.split('.')[1]}`,
    ]);
    expect(other).toBeNull();
    expect([...taken!]).toEqual([...png]);
    expect([...again!]).toEqual([...png]);
  });

  it('discards a staged upload, after which there is nothing to take', async () => {
    // Prepare
    const ticket = await staging.begin({
      userId: 'user-1',
      size: png.length,
      contentType: 'image/png',
    });
    await upload(ticket, png);

    // Act
    await staging.discard(ticket.uploadId);
    const taken = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });

    // Assess
    expect(fake.objects.size).toBe(0);
    expect(taken).toBeNull();
  });

  it('answers null for an upload never put, and for an id it never issued without asking S3', async () => {
    // Prepare
    const ticket = await staging.begin({ userId: 'user-1', size: 3, contentType: 'image/png' });

    // Act
    const notPut = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });
    const forged = await Promise.all(
      ['../x', `${userPartOf('user-1')}/../../reads/a`, '', 'a.b'].map((uploadId) =>
        staging.take({ uploadId, userId: 'user-1' }),
      ),
    );
    await staging.discard('../reads/x');

    // Assess
    expect(notPut).toBeNull();
    expect(forged).toEqual([null, null, null, null]);
    expect(fake.log.map((entry) => entry.method)).toEqual(['GET']);
  });

  it('refuses a size beyond the limit and a content type no header can carry', async () => {
    // Act
    const attempts = [
      staging.begin({ userId: 'u', size: maxUploadBytes + 1, contentType: 'image/png' }),
      staging.begin({ userId: 'u', size: 1.5, contentType: 'image/png' }),
      staging.begin({ userId: 'u', size: 10, contentType: 'image/png\r\nx-evil: 1' }),
    ];

    // Assess
    for (const attempt of attempts) await expect(attempt).rejects.toBeInstanceOf(InvalidInputError);
    await expect(attempts[0]).rejects.toThrow(/size must be .* 26214400/);
    expect(fake.log).toHaveLength(0);
  });

  it('stores a read once and serves it through short-lived URLs with the chosen headers', async () => {
    // Prepare
    let produced = 0;
    const bytes = async () => {
      produced += 1;
      return png;
    };
    const headers = {
      contentType: 'image/png',
      contentDisposition: 'inline; filename="cover.png"',
      cacheControl: 'private, max-age=300',
    };

    // Act
    const first = await staging.readUrl({ key: 'octo/blog/0123abcd', bytes, headers });
    const second = await staging.readUrl({ key: 'octo/blog/0123abcd', bytes, headers });
    const answer = await fetch(second);
    const body = new Uint8Array(await answer.arrayBuffer());
    clock = new Date(clock.getTime() + 301_000);
    const late = await fetch(first);

    // Assess
    expect(produced).toBe(1);
    expect([...fake.objects.keys()]).toEqual(['reads/octo/blog/0123abcd']);
    expect(new URL(first).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(answer.status).toBe(200);
    expect([...body]).toEqual([...png]);
    expect({
      type: answer.headers.get('content-type'),
      disposition: answer.headers.get('content-disposition'),
      cache: answer.headers.get('cache-control'),
    }).toEqual({
      type: 'image/png',
      disposition: 'inline; filename="cover.png"',
      cache: 'private, max-age=300',
    });
    expect(late.status).toBe(403);
  });
});

describe('UploadStaging in S3: what S3 answers', () => {
  it('takes a 403 on a missing key for the credential or policy error it is, not for "nothing staged"', async () => {
    // Prepare: S3 answers 403 AccessDenied for a missing key to a caller it may not tell (no s3:ListBucket on the prefix).
    const clock = new Date('2026-11-25T12:00:00Z');
    const fake = await startFakeS3({
      bucket: 'uploads',
      ...keys,
      now: () => clock,
      missingKey: 403,
    });
    const staging = createS3UploadStaging({
      s3: clientFor(fake),
      bucket: 'uploads',
      now: () => clock,
    });
    const ticket = await staging.begin({
      userId: 'user-1',
      size: png.length,
      contentType: 'image/png',
    });
    let produced = 0;

    try {
      // Act
      const [taking, reading] = await Promise.allSettled([
        staging.take({ uploadId: ticket.uploadId, userId: 'user-1' }),
        staging.readUrl({
          key: 'octo/blog/0123abcd',
          bytes: async () => ((produced += 1), png),
          headers: {
            contentType: 'image/png',
            contentDisposition: 'inline',
            cacheControl: 'private',
          },
        }),
      ]);

      // Assess
      expect(taking).toMatchObject({
        status: 'rejected',
        reason: { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } },
      });
      expect(reading).toMatchObject({
        status: 'rejected',
        reason: { $metadata: { httpStatusCode: 403 } },
      });
      expect(produced).toBe(0);
      expect(fake.objects.size).toBe(0);
    } finally {
      await fake.close();
    }
  });

  it('refuses wrong credentials with the error S3 names, and stores nothing', async () => {
    // Prepare
    const clock = new Date('2026-11-25T12:00:00Z');
    const fake = await startFakeS3({ bucket: 'uploads', ...keys, now: () => clock });
    const staging = createS3UploadStaging({
      s3: clientFor(fake, { ...keys, secretAccessKey: 'other' }),
      bucket: 'uploads',
      now: () => clock,
    });

    try {
      // Act
      const reading = staging.readUrl({
        key: 'octo/blog/0123abcd',
        bytes: async () => png,
        headers: {
          contentType: 'image/png',
          contentDisposition: 'inline',
          cacheControl: 'private',
        },
      });

      // Assess
      await expect(reading).rejects.toBeInstanceOf(S3ServiceException);
      await expect(reading).rejects.toMatchObject({
        $fault: 'client',
        $metadata: { httpStatusCode: 403 },
      });
      expect(fake.objects.size).toBe(0);
    } finally {
      await fake.close();
    }
  });

  it('refuses a key with a dot segment, which a URL would resolve to another key', async () => {
    // Prepare
    const s3 = createS3Client({ region: 'eu-west-1', credentials: keys });
    const mock = mockClient(s3);
    const staging = createS3UploadStaging({ s3, bucket: 'uploads' });

    // Act
    const reading = staging.readUrl({
      key: 'octo/../uploads/x',
      bytes: async () => png,
      headers: { contentType: 'image/png', contentDisposition: 'inline', cacheControl: 'private' },
    });

    // Assess
    await expect(reading).rejects.toThrow(/\. or \.\. segment/);
    expect(mock.calls()).toHaveLength(0);
  });
});

describe('UploadStaging in S3 at the SDK seam', () => {
  const s3 = createS3Client({ region: 'eu-west-1', credentials: keys });
  const mock = mockClient(s3);
  const staging = createS3UploadStaging({
    s3,
    bucket: 'uploads',
    random: () => Buffer.alloc(16, 7),
  });
  const uploadId = `${userPartOf('user-1')}.${Buffer.alloc(16, 7).toString('base64url')}`;
  const s3Error = (name: string, status: number) =>
    new S3ServiceException({
      name,
      message: name,
      $fault: status >= 500 ? 'server' : 'client',
      $metadata: { httpStatusCode: status },
    });
  beforeEach(() => mock.reset());

  it('answers nothing staged for a 404, and passes other failures on (a 5xx the SDK retried included)', async () => {
    // Prepare
    mock
      .on(GetObjectCommand)
      .rejectsOnce(s3Error('NoSuchKey', 404))
      .rejectsOnce(s3Error('InternalError', 500))
      .rejectsOnce(s3Error('AccessDenied', 403));

    // Act
    const missing = await staging.take({ uploadId, userId: 'user-1' });
    const failed = staging.take({ uploadId, userId: 'user-1' });
    await expect(failed).rejects.toMatchObject({ name: 'InternalError' });
    const denied = staging.take({ uploadId, userId: 'user-1' });

    // Assess
    expect(missing).toBeNull();
    await expect(denied).rejects.toMatchObject({ name: 'AccessDenied' });
    expect(mock.commandCalls(GetObjectCommand).map((call) => call.args[0].input)).toEqual(
      Array(3).fill({
        Bucket: 'uploads',
        Key: `uploads/${userPartOf('user-1')}/${Buffer.alloc(16, 7).toString('base64url')}`,
      }),
    );
  });

  it('refuses an object longer than the upload limit without reading it', async () => {
    // Prepare: a body that would fail if read.
    let destroyed = false;
    const body = {
      destroy: () => void (destroyed = true),
      transformToByteArray: () => Promise.reject(new Error('read')),
    };
    mock.on(GetObjectCommand).resolves({ ContentLength: maxUploadBytes + 1, Body: body as never });

    // Act
    const taken = await staging.take({ uploadId, userId: 'user-1' });

    // Assess
    expect(taken).toBeNull();
    expect(destroyed).toBe(true);
  });

  it('stores a read only when HeadObject says 404', async () => {
    // Prepare
    mock.on(HeadObjectCommand).rejectsOnce(s3Error('NotFound', 404)).resolves({ ContentLength: 3 });
    mock.on(PutObjectCommand).resolves({});
    const headers = {
      contentType: 'image/png',
      contentDisposition: 'inline',
      cacheControl: 'private',
    };

    // Act
    await staging.readUrl({ key: 'octo/blog/0123abcd', bytes: async () => png, headers });
    await staging.readUrl({ key: 'octo/blog/0123abcd', bytes: async () => png, headers });

    // Assess
    expect(mock.commandCalls(PutObjectCommand).map((call) => call.args[0].input)).toEqual([
      { Bucket: 'uploads', Key: 'reads/octo/blog/0123abcd', Body: png, ContentType: 'image/png' },
    ]);
  });
});

describe("an AWS function's media staging (createS3Staging)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('loads its client on first use and signs for the bucket in UPLOADS_BUCKET, in the region and with the credentials of the environment', async () => {
    // Prepare
    Object.assign(process.env, {
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'ASIAROLE',
      AWS_SECRET_ACCESS_KEY: 'role-secret',
      AWS_SESSION_TOKEN: 'role-token',
    });
    delete process.env.AWS_ENDPOINT_URL;
    delete process.env.AWS_ENDPOINT_URL_S3;
    const staging = createS3Staging({
      UPLOADS_BUCKET: 'cms-uploads-1a2b3c4d-111122223333-eu-central-1',
    });

    // Act
    const ticket = await staging.begin({ userId: 'user-1', size: 10, contentType: 'image/jpeg' });

    // Assess
    const url = new URL(ticket.url);
    expect(url.host).toBe(
      'cms-uploads-1a2b3c4d-111122223333-eu-central-1.s3.eu-central-1.amazonaws.com',
    );
    expect(url.pathname).toBe(`/uploads/${userPartOf('user-1')}/${ticket.uploadId.split('.')[1]}`);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^ASIAROLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('role-token');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });
});
