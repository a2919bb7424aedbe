import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createS3Staging } from '../../functions/aws-media-staging';
import { createS3Client } from '../../shared/aws/s3-client';
import { createS3UploadStaging, userPartOf } from '../../shared/aws/s3-staging';
import { InvalidInputError } from '../../shared/errors';
import { maxUploadBytes, type UploadStaging } from '../../shared/media/upload-staging';
import { startFakeS3, type FakeS3 } from '../fakes/s3-server';

const keys = { accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake/secret+key' };
const png: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('UploadStaging in S3', () => {
  let clock: Date;
  let fake: FakeS3;
  let staging: UploadStaging;
  beforeEach(async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    fake = await startFakeS3({ bucket: 'uploads', ...keys, now: () => clock });
    const s3 = createS3Client({ bucket: 'uploads', region: 'eu-west-1', endpoint: fake.endpoint, pathStyle: true, credentials: keys, now: () => clock });
    staging = createS3UploadStaging({ s3, now: () => clock });
  });
  afterEach(() => fake.close());

  const upload = async (ticket: { url: string; headers: Record<string, string> }, body: Uint8Array<ArrayBuffer>) => (await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body })).status;

  it('issues a ticket for one PUT of the exact size, which only its user can take', async () => {
    // Act
    const ticket = await staging.begin({ userId: 'user-1', size: png.length, contentType: 'image/png' });
    const shorter = await upload(ticket, png.subarray(1));
    const exact = await upload(ticket, png);
    const other = await staging.take({ uploadId: ticket.uploadId, userId: 'user-2' });
    const taken = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });
    const again = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });

    // Assess
    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' }, expiresAt: '2026-11-25T12:15:00.000Z' });
    expect(new URL(ticket.url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect([shorter, exact]).toEqual([403, 200]);
    expect([...fake.objects.keys()]).toEqual([`uploads/${userPartOf('user-1')}/${ticket.uploadId.split('.')[1]}`]);
    expect(other).toBeNull();
    expect([...taken!]).toEqual([...png]);
    expect([...again!]).toEqual([...png]);
  });

  it('discards a staged upload, after which there is nothing to take', async () => {
    // Prepare
    const ticket = await staging.begin({ userId: 'user-1', size: png.length, contentType: 'image/png' });
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
    const forged = await Promise.all(['../x', `${userPartOf('user-1')}/../../reads/a`, '', 'a.b'].map((uploadId) => staging.take({ uploadId, userId: 'user-1' })));
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
    const headers = { contentType: 'image/png', contentDisposition: 'inline; filename="cover.png"', cacheControl: 'private, max-age=300' };

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
    expect({ type: answer.headers.get('content-type'), disposition: answer.headers.get('content-disposition'), cache: answer.headers.get('cache-control') }).toEqual({
      type: 'image/png',
      disposition: 'inline; filename="cover.png"',
      cache: 'private, max-age=300',
    });
    expect(late.status).toBe(403);
  });
});

describe("an AWS function's media staging (createS3Staging)", () => {
  it('signs for the bucket in UPLOADS_BUCKET, in the region and with the credentials of the environment', async () => {
    // Prepare
    const environment = { AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'ASIAROLE', AWS_SECRET_ACCESS_KEY: 'role-secret', AWS_SESSION_TOKEN: 'role-token' };
    const staging = createS3Staging({ UPLOADS_BUCKET: 'cms-uploads-1a2b3c4d-111122223333-eu-central-1' }, { environment, now: () => new Date('2026-11-25T12:00:00Z') });

    // Act
    const ticket = await staging.begin({ userId: 'user-1', size: 10, contentType: 'image/jpeg' });

    // Assess
    const url = new URL(ticket.url);
    expect(url.host).toBe('cms-uploads-1a2b3c4d-111122223333-eu-central-1.s3.eu-central-1.amazonaws.com');
    expect(url.pathname).toBe(`/uploads/${userPartOf('user-1')}/${ticket.uploadId.split('.')[1]}`);
    expect(url.searchParams.get('X-Amz-Credential')).toBe('ASIAROLE/20261125/eu-central-1/s3/aws4_request');
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('role-token');
  });

  it('takes what was PUT through its ticket', async () => {
    // Prepare
    const clock = new Date('2026-11-25T12:00:00Z');
    const fake = await startFakeS3({ bucket: 'uploads', ...keys, now: () => clock, missingKey: 403 });
    const staging = createS3Staging({ UPLOADS_BUCKET: 'uploads' }, { endpoint: fake.endpoint, pathStyle: true, credentials: keys, region: 'eu-west-1', now: () => clock });

    // Act
    const ticket = await staging.begin({ userId: 'user-1', size: png.length, contentType: 'image/png' });
    const before = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });
    const status = (await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: png })).status;
    const taken = await staging.take({ uploadId: ticket.uploadId, userId: 'user-1' });
    await fake.close();

    // Assess
    expect(before).toBeNull();
    expect(status).toBe(200);
    expect([...taken!]).toEqual([...png]);
  });
});
