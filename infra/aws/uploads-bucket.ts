import { createHash } from 'node:crypto';
import { Aws, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** The prefixes the media staging writes under (shared/adapters/s3/s3-staging.ts); nothing else is granted. */
export const uploadPrefixes = ['uploads/', 'reads/'] as const;

/** How long a staged upload or read is kept: S3 expires it at the first midnight UTC after a day. */
export const stagingLifetime = Duration.days(1);

export interface UploadsBucketProps {
  removalPolicy: RemovalPolicy;
}

/**
 * Where media waits between the browser and the commit, and where large reads are served from
 * (shared/ports/upload-staging.ts): private, TLS only, S3-managed encryption, every object gone
 * after a day. Browsers reach it only through presigned URLs the media function signs.
 *
 * Its name is chosen here, not by CloudFormation: the editor's Content-Security-Policy (on the
 * CloudFront distribution) names the bucket's origin and the bucket's CORS rule names the
 * distribution's, and a generated name would make each wait for the other. The name holds the
 * account, the region and a hash of the stack, so two stacks never share one.
 */
export class UploadsBucket extends Construct {
  readonly bucket: Bucket;
  /** The bucket's name as the template spells it (no reference to the bucket: see above). */
  readonly bucketName: string;
  /** `https://<bucket>.s3.<region>.amazonaws.com`: where the browser PUTs and reads are redirected. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: UploadsBucketProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const stackHash = createHash('sha256')
      .update(`${stack.stackName}/${this.node.path}`)
      .digest('hex')
      .slice(0, 8);
    // Concrete when the stack names its environment (as infra/aws/app.ts does): the policy is then plain text.
    const { account, region } = stack;
    const suffix = Token.isUnresolved(region)
      ? Aws.URL_SUFFIX
      : region.startsWith('cn-')
        ? 'amazonaws.com.cn'
        : 'amazonaws.com';
    this.bucketName = `cms-uploads-${stackHash}-${account}-${region}`;
    this.origin = `https://${this.bucketName}.s3.${region}.${suffix}`;
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: this.bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.removalPolicy === RemovalPolicy.DESTROY,
      lifecycleRules: uploadPrefixes.map((prefix) => ({
        id: `Expire-${prefix.replace('/', '')}`,
        prefix,
        expiration: stagingLifetime,
        abortIncompleteMultipartUploadAfter: stagingLifetime,
      })),
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Staged uploads and reads live a day; each is requested through the media function, whose log line names the caller, the upload and the commit. S3 access logs would add a second bucket to audit copies of what is committed to git.',
    });
  }

  /**
   * Lets the editor at `origin` PUT an upload (with the Content-Type its ticket signs) and GET a
   * staged read; no other origin, method or header.
   */
  allowEditor(origin: string): void {
    this.bucket.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
      allowedHeaders: ['content-type'],
      exposedHeaders: ['etag'],
      maxAge: 3600,
    });
  }
}
