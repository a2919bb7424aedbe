import { createHash, randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { InvalidInputError } from '../../errors';
import {
  maxUploadBytes,
  readUrlSeconds,
  uploadTicketSeconds,
  type UploadStaging,
  type UploadTicket,
} from '../../ports/upload-staging';

/**
 * UploadStaging in an S3 bucket (infra/aws/uploads-bucket.ts: private, one-day lifecycle on
 * `uploads/` and `reads/`, CORS for the editor's origin).
 *
 * An upload is `uploads/<user>/<random>`, where `<user>` is a hash of the user id and `<random>`
 * 128 random bits; the uploadId is `<user>.<random>`, so `take` finds nothing under another
 * user's id (the key it computes is a different one), and `discard` needs no lookup. The ticket is
 * a presigned PUT with the length and the type signed: S3 refuses any other length or type.
 * Staged reads are `reads/<key>`, put once and then served by presigned GETs whose
 * `response-content-*` parameters set the headers the service chose.
 *
 * Only a 404 means "no such object": the functions may list their staging prefixes
 * (`CmsFunction.useUploads`), so S3 answers 404 for a missing key, and a 403 is a credential or
 * policy error that must not pass for an empty staging.
 */
export interface S3StagingOptions {
  /** The container's S3 client (s3.ts). */
  s3: S3Client;
  bucket: string;
  now?: () => Date;
  /** 16 random bytes per upload; tests may fix them. */
  random?: () => Buffer;
}

const uploadIdPattern = /^([0-9a-f]{32})\.([0-9A-Za-z_-]{22})$/;

/** The user's part of an upload's key: not the id itself (ids are not for object listings). */
export const userPartOf = (userId: string) =>
  createHash('sha256').update(`cms-upload-user:${userId}`).digest('hex').slice(0, 32);

/** The key an uploadId names, or undefined when it is not one this staging issues. */
export function uploadKeyOf(uploadId: string): { key: string; userPart: string } | undefined {
  const match = uploadIdPattern.exec(uploadId);
  if (!match) return undefined;
  return { key: `uploads/${match[1]}/${match[2]}`, userPart: match[1]! };
}

/** A header value a signature can carry: visible ASCII and spaces, no line breaks. */
const headerValue = /^[\x20-\x7e]{1,255}$/;

/** A URL would resolve `.` and `..` segments (even encoded), naming another key than the one signed. */
function checkedKey(key: string): string {
  if (key.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new Error(`An S3 key with a . or .. segment: ${key}`);
  return key;
}

const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function createS3UploadStaging({
  s3,
  bucket,
  now = () => new Date(),
  random = () => randomBytes(16),
}: S3StagingOptions): UploadStaging {
  const Bucket = bucket;

  /** The object's bytes, or null when there is none; null too, without reading it, for one longer than `maxBytes`. */
  async function getObject(key: string, maxBytes: number): Promise<Uint8Array | null> {
    let answer;
    try {
      answer = await s3.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // Not possible through a ticket (its length is signed); treated as nothing staged.
    if ((answer.ContentLength ?? 0) > maxBytes) {
      // Unread: on Node the body is the response stream, closed here.
      if (answer.Body && 'destroy' in answer.Body) answer.Body.destroy();
      return null;
    }
    const bytes = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
    return bytes.byteLength > maxBytes ? null : bytes;
  }

  async function exists(key: string): Promise<boolean> {
    try {
      await s3.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    async begin({ userId, size, contentType }) {
      if (!Number.isSafeInteger(size) || size < 0 || size > maxUploadBytes)
        throw new InvalidInputError(
          `size must be a whole number of bytes from 0 to ${maxUploadBytes}, not ${size}`,
        );
      if (!headerValue.test(contentType))
        throw new InvalidInputError('contentType must be a media type such as image/png');
      const uploadId = `${userPartOf(userId)}.${random().toString('base64url')}`;
      const { key } = uploadKeyOf(uploadId)!;
      // Both headers signed (the presigner leaves Content-Type unsigned unless told): S3 refuses a PUT of another length or type.
      const url = await getSignedUrl(
        s3,
        new PutObjectCommand({ Bucket, Key: key, ContentLength: size, ContentType: contentType }),
        {
          expiresIn: uploadTicketSeconds,
          signingDate: now(),
          signableHeaders: new Set(['content-length', 'content-type']),
        },
      );
      // The browser sets Content-Length from the body itself (it may not be set by script).
      const ticket: UploadTicket = {
        uploadId,
        url,
        method: 'PUT',
        headers: { 'content-type': contentType },
        expiresAt: new Date(now().getTime() + uploadTicketSeconds * 1000).toISOString(),
      };
      return ticket;
    },

    async take({ uploadId, userId }) {
      const upload = uploadKeyOf(uploadId);
      if (!upload || upload.userPart !== userPartOf(userId)) return null;
      return getObject(upload.key, maxUploadBytes);
    },

    async discard(uploadId) {
      const upload = uploadKeyOf(uploadId);
      // Deleting an absent object succeeds (S3 answers 204).
      if (upload) await s3.send(new DeleteObjectCommand({ Bucket, Key: upload.key }));
    },

    async readUrl({ key, bytes, headers }) {
      const objectKey = checkedKey(`reads/${key}`);
      if (!(await exists(objectKey)))
        await s3.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey,
            Body: await bytes(),
            ContentType: headers.contentType,
          }),
        );
      const read = new GetObjectCommand({
        Bucket,
        Key: objectKey,
        ResponseContentType: headers.contentType,
        ResponseContentDisposition: headers.contentDisposition,
        ResponseCacheControl: headers.cacheControl,
      });
      return getSignedUrl(s3, read, { expiresIn: readUrlSeconds, signingDate: now() });
    },
  };
}
