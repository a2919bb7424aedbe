import { createS3Client, type S3ClientOptions } from '../shared/aws/s3-client';
import { createS3UploadStaging } from '../shared/aws/s3-staging';
import type { UploadStaging } from '../shared/media/upload-staging';
import type { AwsEnv } from './aws-env';

/**
 * The media staging of an AWS function: the uploads bucket named by `UPLOADS_BUCKET` (set with
 * its grant by `CmsFunction.useUploads`), in the function's region, signed with the role's
 * credentials from the environment. Presigned URLs are signed with those temporary credentials,
 * so a URL stops working when they expire, whichever comes first (Lambda renews them well within
 * a container's life; tickets last 15 minutes, reads 5).
 */
export function createS3Staging(env: Pick<AwsEnv, 'UPLOADS_BUCKET'>, options: Omit<S3ClientOptions, 'bucket'> = {}): UploadStaging {
  return createS3UploadStaging({ s3: createS3Client({ ...options, bucket: env.UPLOADS_BUCKET }), ...(options.now ? { now: options.now } : {}) });
}
