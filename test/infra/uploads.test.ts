import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsEnvKeys, parseAwsEnv } from '../../functions/aws-env';
import { editorCspFor } from '../../shared/http/editor-headers';
import { defaultPreviewFrameOrigins } from '../../shared/pulls/preview-origins';
import { renderedText, synthesise, uploadsOriginOf, type Synthesised } from './support/synth';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
  Principal?: unknown;
};

let synth: Synthesised;
let resources: Record<string, Resource>;
let nagFindings: string[];

beforeAll(() => {
  synth = synthesise({
    props: { env: { account: '111122223333', region: 'eu-west-1' } },
    beforeSynth: (app) => {
      nagFindings = new AwsSolutionsChecks()
        .validateScope(app)
        .violations.flatMap((v) =>
          v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`),
        );
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    },
  });
  resources = synth.template.toJSON().Resources as Record<string, Resource>;
});
afterAll(() => synth?.cleanup());

const ofType = (type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);
const uploadsBucket = () => {
  const found = ofType('AWS::S3::Bucket').filter(([, bucket]) =>
    renderedText(bucket.Properties.BucketName ?? '').startsWith('cms-uploads-'),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};
const statementsOfRole = (roleId: string) =>
  ofType('AWS::IAM::Policy')
    .filter(([, policy]) =>
      policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
const functionOf = (group: 'media' | 'content') => resources[synth.logicalIdOf(group)]!;

describe('the uploads bucket', () => {
  it('is private, TLS only, S3-encrypted, named for the stack, account and region, and kept by default', () => {
    // Act
    const [id, bucket] = uploadsBucket();
    const policy = ofType('AWS::S3::BucketPolicy').find(
      ([, candidate]) => candidate.Properties.Bucket.Ref === id,
    )![1];

    // Assess
    expect(bucket.Properties.BucketName).toMatch(
      /^cms-uploads-[0-9a-f]{8}-111122223333-eu-west-1$/,
    );
    expect(
      parseAwsEnv({ UPLOADS_BUCKET: bucket.Properties.BucketName }, ['UPLOADS_BUCKET'])
        .UPLOADS_BUCKET,
    ).toBe(bucket.Properties.BucketName);
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [
        { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      ],
    });
    expect(bucket.Properties.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
    });
    expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('expires staged uploads and reads, and incomplete multipart uploads, after a day', () => {
    // Act
    const [, bucket] = uploadsBucket();

    // Assess
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: 'Expire-uploads',
          Prefix: 'uploads/',
          Status: 'Enabled',
          ExpirationInDays: 1,
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        },
        {
          Id: 'Expire-reads',
          Prefix: 'reads/',
          Status: 'Enabled',
          ExpirationInDays: 1,
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        },
      ],
    });
  });

  it("lets only the editor's origin PUT and GET, with the one header a ticket signs", () => {
    // Act
    const [, bucket] = uploadsBucket();
    const [distributionId] = ofType('AWS::CloudFront::Distribution')[0]!;
    const rules = bucket.Properties.CorsConfiguration.CorsRules as Record<string, unknown>[];

    // Assess
    expect(rules).toHaveLength(1);
    expect({
      ...rules[0],
      AllowedOrigins: (rules[0]!.AllowedOrigins as unknown[]).map(renderedText),
    }).toEqual({
      AllowedOrigins: [`https://\${${distributionId}.DomainName}`],
      AllowedMethods: ['PUT', 'GET'],
      AllowedHeaders: ['content-type'],
      ExposedHeaders: ['etag'],
      MaxAge: 3600,
    });
  });

  it("opens the editor's connect-src and img-src to the bucket's regional origin, and nothing else changes", () => {
    // Act
    const [, bucket] = uploadsBucket();
    const [, policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const csp = renderedText(
      policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    );
    const origin = `https://${bucket.Properties.BucketName}.s3.eu-west-1.amazonaws.com`;

    // Assess
    expect(uploadsOriginOf(synth)).toBe(origin);
    expect(csp.split('; ')).toContain(`connect-src 'self' ${origin}`);
    expect(csp.split('; ')).toContain(`img-src 'self' data: https: ${origin}`);
    expect(csp).toBe(editorCspFor(defaultPreviewFrameOrigins, [origin]));
  });
});

describe('the media group, which stages uploads and large reads', () => {
  it('gets the bucket name in UPLOADS_BUCKET; others do not', () => {
    // Act
    const [id] = uploadsBucket();

    // Assess
    expect(functionOf('media').Properties.Environment.Variables.UPLOADS_BUCKET).toEqual({
      Ref: id,
    });
    expect(functionOf('content').Properties.Environment.Variables).not.toHaveProperty(
      'UPLOADS_BUCKET',
    );
    expect(awsEnvKeys).toContain('UPLOADS_BUCKET');
  });

  it('may only get, put and delete objects under uploads/ and reads/, and list those prefixes (so a missing key is a 404), nothing else in the bucket', () => {
    // Act
    const [id] = uploadsBucket();
    const roleOf = (group: 'media') => functionOf(group).Properties.Role['Fn::GetAtt'][0] as string;
    const touchesBucket = (statement: Statement) =>
      JSON.stringify(statement.Resource).includes(`"${id}"`);
    const media = statementsOfRole(roleOf('media')).filter(touchesBucket);
    const others = ofType('AWS::IAM::Policy')
      .filter(
        ([, policy]) =>
          !policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleOf('media')),
      )
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter(touchesBucket);

    // Assess
    expect(
      media.map((statement) => ({
        ...statement,
        Resource: [statement.Resource].flat().map(renderedText),
      })),
    ).toEqual([
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        Resource: [`\${${id}.Arn}/uploads/*`, `\${${id}.Arn}/reads/*`],
      },
      {
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: [`\${${id}.Arn}`],
        Condition: { StringLike: { 's3:prefix': ['uploads/*', 'reads/*'] } },
      },
    ]);
    expect(others).toEqual([]);
  });

  it('passes the AwsSolutions checks with its prefix-scoped grant acknowledged', () => {
    // Assess
    expect(nagFindings).toEqual([]);
  });
});
