import { createHash, randomBytes } from 'node:crypto';
import { InvalidInputError } from '../errors';
import { maxUploadBytes, readUrlSeconds, uploadTicketSeconds, type UploadStaging, type UploadTicket } from '../media/upload-staging';
import { ObjectTooLargeError, type S3Client } from './s3-client';

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
 */
export interface S3StagingOptions {
  s3: S3Client;
  now?: () => Date;
  /** 16 random bytes per upload; tests may fix them. */
  random?: () => Buffer;
}

const uploadIdPattern = /^([0-9a-f]{32})\.([0-9A-Za-z_-]{22})$/;

/** The user's part of an upload's key: not the id itself (ids are not for object listings). */
export const userPartOf = (userId: string) => createHash('sha256').update(`cms-upload-user:${userId}`).digest('hex').slice(0, 32);

/** The key an uploadId names, or undefined when it is not one this staging issues. */
export function uploadKeyOf(uploadId: string): { key: string; userPart: string } | undefined {
  const match = uploadIdPattern.exec(uploadId);
  if (!match) return undefined;
  return { key: `uploads/${match[1]}/${match[2]}`, userPart: match[1]! };
}

/** A header value a signature can carry: visible ASCII and spaces, no line breaks. */
const headerValue = /^[\x20-\x7e]{1,255}$/;

export function createS3UploadStaging({ s3, now = () => new Date(), random = () => randomBytes(16) }: S3StagingOptions): UploadStaging {
  return {
    async begin({ userId, size, contentType }) {
      if (!Number.isSafeInteger(size) || size < 0 || size > maxUploadBytes) throw new InvalidInputError(`size must be a whole number of bytes from 0 to ${maxUploadBytes}, not ${size}`);
      if (!headerValue.test(contentType)) throw new InvalidInputError('contentType must be a media type such as image/png');
      const uploadId = `${userPartOf(userId)}.${random().toString('base64url')}`;
      const { key } = uploadKeyOf(uploadId)!;
      const url = await s3.presign({ method: 'PUT', key, expiresInSeconds: uploadTicketSeconds, headers: { 'content-length': String(size), 'content-type': contentType } });
      // The browser sets Content-Length from the body itself (it may not be set by script).
      const ticket: UploadTicket = { uploadId, url, method: 'PUT', headers: { 'content-type': contentType }, expiresAt: new Date(now().getTime() + uploadTicketSeconds * 1000).toISOString() };
      return ticket;
    },

    async take({ uploadId, userId }) {
      const upload = uploadKeyOf(uploadId);
      if (!upload || upload.userPart !== userPartOf(userId)) return null;
      try {
        return await s3.getObject(upload.key, { maxBytes: maxUploadBytes });
      } catch (error) {
        // Not possible through a ticket (its length is signed); treated as nothing staged.
        if (error instanceof ObjectTooLargeError) return null;
        throw error;
      }
    },

    async discard(uploadId) {
      const upload = uploadKeyOf(uploadId);
      if (upload) await s3.deleteObject(upload.key);
    },

    async readUrl({ key, bytes, headers }) {
      const objectKey = `reads/${key}`;
      if (!(await s3.headObject(objectKey))) await s3.putObject(objectKey, await bytes(), { contentType: headers.contentType });
      return s3.presign({
        method: 'GET',
        key: objectKey,
        expiresInSeconds: readUrlSeconds,
        query: { 'response-content-type': headers.contentType, 'response-content-disposition': headers.contentDisposition, 'response-cache-control': headers.cacheControl },
      });
    },
  };
}
