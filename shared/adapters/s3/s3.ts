import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { sdkDefaults } from '../sdk-defaults';

/**
 * The S3 client of a container (s3-staging.ts). Checksums are sent only where S3 requires them:
 * by default the SDK adds a CRC32 of the request body to PutObject, and a presigned PUT, signed
 * before there is a body, would carry the checksum of an empty one, which S3 then holds the
 * browser's upload to. SigV4 still signs the payload hash of the requests the function sends.
 */
export const createS3Client = (config: S3ClientConfig = {}): S3Client =>
  new S3Client({ ...sdkDefaults, requestChecksumCalculation: 'WHEN_REQUIRED', ...config });
