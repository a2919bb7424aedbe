import path from 'node:path';
import { Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ISecurityGroup, IVpc, SubnetSelection } from 'aws-cdk-lib/aws-ec2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import {
  LogLevel,
  NodejsFunction,
  OutputFormat,
  SourceMapMode,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { AwsEnvKey } from '../../functions/aws-env';
import { functionTimeoutMs } from '../../shared/http/aws-limits';
import { tableDefinition } from '../../shared/adapters/dynamodb/table';
import { uploadPrefixes } from './uploads-bucket';

/**
 * Bundled CommonJS dependencies call `require` for Node built-ins; an ESM bundle has none, so
 * without this banner they fail at load with `Dynamic require of "node:https" is not supported`.
 */
export const esmRequireBanner =
  "import{createRequire}from'module';const require=createRequire(import.meta.url);";

/**
 * Packages bundled from their ES module build. `yaml` sends Node to its CommonJS build (the
 * `node` export condition): 72 modules wrapped in closures, not tree-shaken. Its ES module build
 * (the `default` condition) is the same code; only `!!binary` values (which the frontmatter
 * schema does not resolve) and warnings (console instead of process.emitWarning) differ. 18 KB
 * less and ~7 ms less CPU at module load for content and pulls.
 */
export const esModuleAliases = { yaml: './node_modules/yaml/browser/index.js' } as const;

/** What the DynamoDB store adapter sends: GetItem, BatchGetItem and Query to read; the rest to write. */
export const tableActions = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
} as const;

export interface CmsFunctionProps {
  /** The endpoint group; its entry is `functions/<group>/handler.ts`. */
  group: string;
  /** The repository root (package.json, package-lock.json, functions/, shared/). */
  projectRoot: string;
  removalPolicy: RemovalPolicy;
  memorySize?: number;
  timeout?: Duration;
  logRetention?: RetentionDays;
  /** Reserved concurrency; none when undefined. */
  reservedConcurrency?: number;
  /** Private subnets to run in (GitHub Enterprise Server on a private network). */
  network?: { vpc: IVpc; subnets: SubnetSelection; securityGroups: ISecurityGroup[] };
  /** A PEM file under projectRoot, copied into the bundle and trusted through NODE_EXTRA_CA_CERTS. */
  caBundle?: string;
}

/** Where the CA bundle lands in the function (Lambda unpacks the asset in /var/task). */
export const caBundleInFunction = '/var/task/ca-bundle.pem';

/**
 * One endpoint group's Lambda: ESM, minified, source maps, arm64, Node.js 22, its own role and
 * log group. AWS is called through the AWS SDK v3 clients (shared/adapters/), bundled from their ES
 * module builds (`bundleAwsSDK`): the versions pinned in package-lock.json and tested with the
 * code, not the runtime's; a group bundles only the clients it uses, and loads the rarely used
 * ones on first use (docs/deploy-aws.md, "Cold start"). Environment and permissions come in pairs
 * through `use*`, so a function never has a variable without the grant that makes it usable, nor
 * a grant it has no variable for.
 */
export class CmsFunction extends NodejsFunction {
  readonly group: string;
  private readonly executionRole: Role;

  constructor(scope: Construct, id: string, props: CmsFunctionProps) {
    // A role of our own: the managed AWSLambdaBasicExecutionRole would allow writing to any log group.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Content editing service, ${props.group} endpoints`,
    });
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.THREE_MONTHS,
      removalPolicy: props.removalPolicy,
    });
    super(scope, id, {
      entry: path.join(props.projectRoot, 'functions', props.group, 'handler.ts'),
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      // A second under the HTTP API's 30 s (shared/http/aws-limits.ts): the function's own deadline
      // comes first, its work stops there (request-deadline.ts) and the client gets its answer.
      timeout: props.timeout ?? Duration.millis(functionTimeoutMs),
      role,
      logGroup,
      // Lambda's own segments (init, invocation) in X-Ray; the trace id is in each request's log line.
      tracing: Tracing.ACTIVE,
      description: `Content editing service: the ${props.group} endpoint group`,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        ...(props.caBundle ? { NODE_EXTRA_CA_CERTS: caBundleInFunction } : {}),
      },
      reservedConcurrentExecutions: props.reservedConcurrency,
      ...(props.network
        ? {
            vpc: props.network.vpc,
            vpcSubnets: props.network.subnets,
            securityGroups: props.network.securityGroups,
          }
        : {}),
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        platform: 'node',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        bundleAwsSDK: true,
        // The metafile feeds the bundle report; the hook below takes it out of the asset.
        metafile: true,
        commandHooks: afterBundling(props),
        banner: esmRequireBanner,
        forceDockerBundling: false,
        logLevel: LogLevel.WARNING,
        esbuildArgs: Object.fromEntries(
          Object.entries(esModuleAliases).map(([name, file]) => [`--alias:${name}`, file]),
        ),
      },
    });
    this.group = props.group;
    this.executionRole = role;
    logGroup.grantWrite(role);
    if (props.network) {
      role.addManagedPolicy(
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaVPCAccessExecutionRole'),
      );
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole]',
        reason:
          'A function in a VPC must create, describe and delete its network interfaces, which have no ARN beforehand; this AWS-managed policy is exactly those EC2 actions plus log writes.',
      });
    }
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the service is built, bundled (target node22) and tested for; moving to a newer runtime is a deliberate, tested change.',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which X-Ray only grants on "*" (no resource-level permissions); every other statement names its resource.',
    });
  }

  /**
   * `TABLE_NAME` and the Store's actions on the table and its gsi1 index, nothing else; limited to
   * items whose partition key (table or gsi1) matches one of `leadingKeys` when given.
   */
  useTable(
    table: ITableV2,
    access: keyof typeof tableActions,
    leadingKeys?: readonly string[],
  ): this {
    this.setVariable('TABLE_NAME', table.tableName);
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...tableActions[access]],
        resources: [table.tableArn, `${table.tableArn}/index/${tableDefinition.gsi1.name}`],
        ...(leadingKeys ? { conditions: leadingKeysCondition(leadingKeys) } : {}),
      }),
    );
    return this;
  }

  /**
   * `KMS_KEY_ID`, and GenerateDataKey/Decrypt only under an encryption context whose `purpose` is
   * one of the given ones and that names an owner; stated in the role's policy and in the key
   * policy, which grants nothing cryptographic to anyone else.
   */
  useKey(key: IKey, purposes: readonly string[]): this {
    this.setVariable('KMS_KEY_ID', key.keyArn);
    const grant = {
      actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
      conditions: encryptionContextConditions(purposes),
    };
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({ ...grant, resources: [key.keyArn] }),
    );
    key.addToResourcePolicy(
      new PolicyStatement({
        ...grant,
        principals: [this.executionRole],
        resources: ['*'],
        sid: `EnvelopeKeysFor${this.node.id}`,
      }),
    );
    return this;
  }

  /** The secret's ARN in `variable`, and GetSecretValue on that secret. */
  useSecret(secret: ISecret, variable: Extract<AwsEnvKey, `${string}_SECRET_ARN`>): this {
    this.setVariable(variable, secret.secretArn);
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [secret.secretArn],
      }),
    );
    return this;
  }

  /**
   * `UPLOADS_BUCKET`, and reading, writing and deleting objects under the staging prefixes only
   * (shared/adapters/s3/s3-staging.ts), and listing those prefixes only: S3 answers a missing key with 404
   * only to a caller that may list it (it takes the key as the `s3:prefix`), and 403 otherwise, which
   * the staging must be able to tell from a credential or policy error. Presigned URLs carry these
   * same permissions, and each names one object and method.
   */
  useUploads(bucket: IBucket): this {
    this.setVariable('UPLOADS_BUCKET', bucket.bucketName);
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...uploadActions],
        resources: uploadPrefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': uploadPrefixes.map((prefix) => `${prefix}*`) } },
      }),
    );
    Validations.of(this.executionRole).acknowledge(
      ...uploadPrefixes.map((prefix) => ({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>/${prefix}*]`,
        reason:
          'Staged uploads and reads have random or per-blob keys under their prefix; the grant is limited to the prefix, and to get, put and delete.',
      })),
    );
    return this;
  }

  /** The schedule group and what its schedules invoke; the scheduler actions themselves are granted by ScheduledRuns.allowArming. */
  useScheduler(settings: { groupName: string; functionArn: string; roleArn: string }): this {
    return this.setVariable('SCHEDULE_GROUP', settings.groupName)
      .setVariable('SCHEDULER_FUNCTION_ARN', settings.functionArn)
      .setVariable('SCHEDULER_ROLE_ARN', settings.roleArn);
  }

  /** `WEBHOOK_QUEUE_URL`, and SendMessage on that queue only (queuing deliveries of recorded writes). */
  useWebhookQueue(queue: { queueUrl: string; queueArn: string }): this {
    this.setVariable('WEBHOOK_QUEUE_URL', queue.queueUrl);
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
    );
    return this;
  }

  /** `INDEX_QUEUE_URL`, and SendMessage on that queue only (asking for collection index builds). */
  useIndexQueue(queue: { queueUrl: string; queueArn: string }): this {
    this.setVariable('INDEX_QUEUE_URL', queue.queueUrl);
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
    );
    return this;
  }

  /** A plain setting: no permission goes with it. */
  useSetting(
    variable: Extract<
      AwsEnvKey,
      | 'PUBLIC_URL'
      | 'GITHUB_WEB_URL'
      | 'GITHUB_API_URL'
      | 'ACTIVITY_RETENTION_DAYS'
      | 'WEBHOOK_ALLOWED_PRIVATE'
      | 'WEBHOOK_DLQ_URL'
    >,
    value: string,
  ): this {
    return this.setVariable(variable, value);
  }

  private setVariable(variable: AwsEnvKey, value: string): this {
    this.addEnvironment(variable, value);
    return this;
  }
}

/** What the media staging sends to S3: GetObject (and HeadObject, which it authorises), PutObject, DeleteObject; ListBucket is granted apart, on the bucket. */
export const uploadActions = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] as const;

/** Every key of a request (GetItem, each key of a batch, a Query's partition) must match a pattern. */
export const leadingKeysCondition = (patterns: readonly string[]) => ({
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] },
});

/**
 * After esbuild: the source map and metafile lose the paths of this checkout
 * (infra/aws/bundle-postprocess.mjs), so the asset hash, computed from the output, is the same
 * from any checkout; then the CA bundle, if any, is copied in.
 */
function afterBundling(props: Pick<CmsFunctionProps, 'group' | 'caBundle'>) {
  const quote = (value: string) => `"${value.replace(/(["\\$`])/g, '\\$1')}"`;
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      `node ${quote(path.join(inputDir, 'infra', 'aws', 'bundle-postprocess.mjs'))} ${quote(inputDir)} ${quote(outputDir)} ${props.group}`,
      ...(props.caBundle
        ? [
            `cp ${quote(path.join(inputDir, props.caBundle))} ${quote(path.join(outputDir, path.basename(caBundleInFunction)))}`,
          ]
        : []),
    ],
  };
}

export const encryptionContextConditions = (purposes: readonly string[]) => ({
  StringEquals: { 'kms:EncryptionContext:purpose': [...purposes] },
  Null: { 'kms:EncryptionContext:owner': 'false' },
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['purpose', 'owner'] },
});
