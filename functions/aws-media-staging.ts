import type { UploadStaging } from '../shared/ports/upload-staging';
import type { AwsEnv } from './aws-env';
import { onFirstUse } from './aws-on-first-use';

/**
 * The media staging of an AWS function: the uploads bucket named by `UPLOADS_BUCKET` (set with
 * its grant by `CmsFunction.useUploads`), through the container's S3 client, loaded with the first
 * upload or large read (listing and reading media need none). Presigned URLs are signed with the
 * role's temporary credentials, so a URL stops working when they expire, whichever comes first
 * (Lambda renews them well within a container's life; tickets last 15 minutes, reads 5).
 */
export function createS3Staging(env: Pick<AwsEnv, 'UPLOADS_BUCKET'>): UploadStaging {
  return onFirstUse<UploadStaging>(
    async () => {
      const [{ createS3Client }, { createS3UploadStaging }] = await Promise.all([
        import('../shared/adapters/s3/s3'),
        import('../shared/adapters/s3/s3-staging'),
      ]);
      return createS3UploadStaging({ s3: createS3Client(), bucket: env.UPLOADS_BUCKET });
    },
    { begin: true, take: true, discard: true, readUrl: true },
  );
}
