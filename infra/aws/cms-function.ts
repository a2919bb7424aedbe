import path from 'node:path';
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { AwsEnvKey } from '../../functions/aws-env';
import { tableDefinition } from '../../shared/store/table';

/**
 * Bundled CommonJS dependencies call `require` for Node built-ins; an ESM bundle has none, so
 * without this banner they fail at load with `Dynamic require of "node:https" is not supported`.
 */
export const esmRequireBanner = "import{createRequire}from'module';const require=createRequire(import.meta.url);";

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
  readWrite: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
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
}

/**
 * One endpoint group's Lambda: ESM, minified, source maps, arm64, Node.js 22, its own role and
 * log group. The bundles hold no AWS SDK client: DynamoDB, KMS and Secrets Manager are called
 * through shared/aws/aws-json-client.ts (signed JSON over HTTPS, the role's credentials from the
 * environment), which keeps every group under 350 KB and ~40 ms of module load (docs/deploy-aws.md,
 * "Cold start"). `bundleAwsSDK` stays on, so the one SDK package still used
 * (`@aws-sdk/util-dynamodb`, 5 KB) is the version pinned in package-lock.json, not the runtime's. Environment and
 * permissions come in pairs through `use*`, so a function never has a variable without the grant
 * that makes it usable, nor a grant it has no variable for.
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
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: props.logRetention ?? RetentionDays.THREE_MONTHS, removalPolicy: props.removalPolicy });
    super(scope, id, {
      entry: path.join(props.projectRoot, 'functions', props.group, 'handler.ts'),
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      // HTTP APIs wait at most 30 s; provider calls are bounded to fit inside 29 (see github-client.ts).
      timeout: props.timeout ?? Duration.seconds(29),
      role,
      logGroup,
      description: `Content editing service: the ${props.group} endpoint group`,
      environment: { NODE_OPTIONS: '--enable-source-maps' },
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
        metafile: true,
        banner: esmRequireBanner,
        forceDockerBundling: false,
        logLevel: LogLevel.WARNING,
        esbuildArgs: Object.fromEntries(Object.entries(esModuleAliases).map(([name, file]) => [`--alias:${name}`, file])),
      },
    });
    this.group = props.group;
    this.executionRole = role;
    logGroup.grantWrite(role);
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'nodejs22.x is the runtime the service is built, bundled (target node22) and tested for; moving to a newer runtime is a deliberate, tested change.',
    });
  }

  /** `TABLE_NAME` and the Store's actions on the table and its gsi1 index, nothing else. */
  useTable(table: ITableV2, access: keyof typeof tableActions): this {
    this.setVariable('TABLE_NAME', table.tableName);
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...tableActions[access]],
        resources: [table.tableArn, `${table.tableArn}/index/${tableDefinition.gsi1.name}`],
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
    const grant = { actions: ['kms:GenerateDataKey', 'kms:Decrypt'], conditions: encryptionContextConditions(purposes) };
    this.executionRole.addToPrincipalPolicy(new PolicyStatement({ ...grant, resources: [key.keyArn] }));
    key.addToResourcePolicy(new PolicyStatement({ ...grant, principals: [this.executionRole], resources: ['*'], sid: `EnvelopeKeysFor${this.node.id}` }));
    return this;
  }

  /** The secret's ARN in `variable`, and GetSecretValue on that secret. */
  useSecret(secret: ISecret, variable: Extract<AwsEnvKey, `${string}_SECRET_ARN`>): this {
    this.setVariable(variable, secret.secretArn);
    this.executionRole.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
    return this;
  }

  /** A plain setting: no permission goes with it. */
  useSetting(variable: Extract<AwsEnvKey, 'PUBLIC_URL' | 'GITHUB_WEB_URL' | 'GITHUB_API_URL'>, value: string): this {
    return this.setVariable(variable, value);
  }

  private setVariable(variable: AwsEnvKey, value: string): this {
    this.addEnvironment(variable, value);
    return this;
  }
}

export const encryptionContextConditions = (purposes: readonly string[]) => ({
  StringEquals: { 'kms:EncryptionContext:purpose': [...purposes] },
  Null: { 'kms:EncryptionContext:owner': 'false' },
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['purpose', 'owner'] },
});
