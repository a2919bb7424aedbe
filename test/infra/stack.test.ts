import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsEnvKeys } from '../../functions/aws-env';
import { tableActions, uploadActions } from '../../infra/aws/cms-function';
import { groupNeeds, type GroupNeeds, type TableGroup } from '../../infra/aws/group-needs';
import { defaultRouteGroup, planHttpRoutes, routeKey } from '../../infra/aws/http-routes';
import { matchRoute } from '../../shared/http/route-match';
import type { RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import { editorCspFor, editorHeadersFor } from '../../shared/http/editor-headers';
import { defaultPreviewFrameOrigins } from '../../shared/pulls/preview-origins';
import { createTableInput } from '../../shared/store/table';
import { samplePath, selectRoute } from './support/http-api-router';
import { projectRoot, renderedText, synthesise, uploadsOriginOf, type Synthesised } from './support/synth';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; Metadata?: Record<string, string> };

const groups = [...new Set(routes.map((route) => route.group))];
const needsOf = (group: TableGroup): GroupNeeds => groupNeeds[group];

let synth: Synthesised;
let resources: Record<string, Resource>;
let nagFindings: string[];

beforeAll(() => {
  synth = synthesise({
    cloudFormationValidation: true,
    beforeSynth: (app) => {
      nagFindings = new AwsSolutionsChecks().validateScope(app).violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
      // As in infra/aws/app.ts: with findings left, synthesis itself fails.
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    },
  });
  resources = synth.template.toJSON().Resources as Record<string, Resource>;
});
afterAll(() => synth?.cleanup());

const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const functionOf = (group: TableGroup) => resources[synth.logicalIdOf(group)]!;
const roleOf = (group: TableGroup) => functionOf(group).Properties.Role['Fn::GetAtt'][0] as string;
const policyStatementsOf = (group: TableGroup) => {
  const roleId = roleOf(group);
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[]);
};
const actionsOf = (group: TableGroup) => policyStatementsOf(group).flatMap((statement) => [statement.Action].flat()).sort();

/** Routes as the template has them: route key → the group of the function its integration calls. */
function templateRoutes() {
  return ofType('AWS::ApiGatewayV2::Route').map(([, route]) => {
    const integrationId = (route.Properties.Target['Fn::Join'][1] as unknown[])[1] as { Ref: string };
    const uri = resources[integrationId.Ref]!.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] };
    return { routeKey: route.Properties.RouteKey as string, target: synth.groupOf(uri['Fn::GetAtt'][0]) };
  });
}

describe('the CDK stack', () => {
  it('has one function per endpoint group of the route table: Node.js 22, arm64, ESM entry', () => {
    // Act
    const functions = ofType('AWS::Lambda::Function').filter(([id]) => synth.groupOf(id));

    // Assess
    expect(functions.map(([id]) => synth.groupOf(id)).sort()).toEqual([...groups].sort());
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', MemorySize: 512, Timeout: 29 });
      expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
    }
  });

  it('routes exactly what the route table demands: one exact route per row without {repo}', () => {
    // Act
    const actual = templateRoutes().map((route) => `${route.routeKey} → ${route.target}`).sort();

    // Assess
    const planned = planHttpRoutes(routes as readonly RouteDef[]).map((route) => `${routeKey(route)} → ${route.group}`);
    expect(actual).toEqual([...planned, `$default → ${defaultRouteGroup}`].sort());
    const exactRows = routes.filter((route) => !route.path.includes('{repo}'));
    expect(actual.filter((route) => !route.startsWith('ANY ') && !route.startsWith('$default'))).toHaveLength(exactRows.length);
    expect(ofType('AWS::ApiGatewayV2::Integration')).toHaveLength(groups.length);
  });

  it('sends what no route takes ($default) to the health function, which answers the API\'s 404/405', () => {
    // Act
    const deployed = templateRoutes();

    // Assess
    expect(deployed.filter((route) => route.routeKey === '$default')).toEqual([{ routeKey: '$default', target: 'health' }]);
    expect(selectRoute(deployed, 'GET', '/api/no-such-route')).toBe('health');
    expect(selectRoute(deployed, 'DELETE', '/api/auth/me')).toBe('health');
  });

  it('brings every row of the route table to its group\'s function, the repo %2F-encoded or decoded', () => {
    // Prepare
    const deployed = templateRoutes();
    const misses: string[] = [];

    // Act
    for (const row of routes as readonly RouteDef[]) {
      for (const form of ['encoded', 'decoded'] as const) {
        const requestPath = samplePath(row.path, 'octo-org/site', form);
        const group = selectRoute(deployed, row.method, requestPath);
        const match = matchRoute(routes.filter((other) => other.group === row.group) as RouteDef[], row.method, decodeURIComponent(requestPath));
        if (group !== row.group || match.kind !== 'match' || match.match.route.id !== row.id) misses.push(`${row.method} ${requestPath} → ${group}`);
      }
    }

    // Assess
    expect(misses).toEqual([]);
  });

  it('gives each function exactly the environment its group needs', () => {
    for (const group of groups) {
      // Act
      const variables = Object.keys(functionOf(group).Properties.Environment.Variables).sort();

      // Assess
      const needs = needsOf(group);
      const expected = [
        'NODE_OPTIONS',
        'PUBLIC_URL',
        'ORIGIN_SECRET_ARN',
        ...(needs.table ? ['TABLE_NAME'] : []),
        ...(needs.keyPurposes ? ['KMS_KEY_ID'] : []),
        ...(needs.tokenHmacKey ? ['TOKEN_HMAC_SECRET_ARN'] : []),
        ...(needs.github ? ['GITHUB_APP_SECRET_ARN', 'GITHUB_WEB_URL', 'GITHUB_API_URL'] : []),
        ...(needs.checksGitHubApp ? ['GITHUB_APP_SECRET_ARN'] : []),
        ...(needs.uploads ? ['UPLOADS_BUCKET'] : []),
      ].sort();
      expect(variables, group).toEqual(expected);
      expect(variables.filter((name) => name !== 'NODE_OPTIONS').every((name) => (awsEnvKeys as string[]).includes(name))).toBe(true);
    }
    expect(functionOf('health').Properties.Environment.Variables).not.toHaveProperty('GITHUB_WEB_URL');
    expect(functionOf('session').Properties.Environment.Variables).toMatchObject({ GITHUB_WEB_URL: 'https://github.com', GITHUB_API_URL: 'https://api.github.com' });
  });

  it('grants each function only what its group needs (health: logs, the origin secret, and reading the GitHub App secret to report readiness)', () => {
    for (const group of groups) {
      // Act
      const actions = actionsOf(group);

      // Assess
      const needs = needsOf(group);
      const expected = [
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
        'secretsmanager:GetSecretValue',
        ...(needs.table ? tableActions[needs.table] : []),
        ...(needs.keyPurposes ? ['kms:Decrypt', 'kms:GenerateDataKey'] : []),
        ...(needs.tokenHmacKey ? ['secretsmanager:GetSecretValue'] : []),
        ...(needs.github || needs.checksGitHubApp ? ['secretsmanager:GetSecretValue'] : []),
        ...(needs.uploads ? uploadActions : []),
      ].sort();
      expect(actions, group).toEqual(expected);
      // X-Ray has no resource-level permissions: its two actions are the only ones on "*".
      const tracing = (statement: { Action: string | string[] }) => [statement.Action].flat().every((action) => action.startsWith('xray:'));
      for (const statement of policyStatementsOf(group).filter((statement) => !tracing(statement))) expect(JSON.stringify(statement.Resource), group).not.toMatch(/"\*"|:\*"/);
    }
    expect(actionsOf('health').some((action) => action.startsWith('kms:') || action.startsWith('dynamodb:'))).toBe(false);
    const healthSecrets = policyStatementsOf('health').filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')));
    const resources = healthSecrets.map((statement) => JSON.stringify(statement.Resource));
    expect(resources).toHaveLength(2);
    expect(resources.filter((resource) => resource.includes('GitHubAppSecret'))).toHaveLength(1);
  });

  it('lets a function use the KMS key only for its own purposes, in its policy and in the key policy', () => {
    // Prepare
    const [[keyId, key]] = ofType('AWS::KMS::Key') as [[string, Resource]];
    const keyStatements = key.Properties.KeyPolicy.Statement as { Sid: string; Action: string[]; Principal: { AWS: unknown }; Condition?: Record<string, Record<string, unknown>> }[];

    for (const group of groups) {
      // Act
      const kms = policyStatementsOf(group).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('kms:')));
      const inKeyPolicy = keyStatements.filter((statement) => JSON.stringify(statement.Principal) === JSON.stringify({ AWS: { 'Fn::GetAtt': [roleOf(group), 'Arn'] } }));

      // Assess
      const purposes = needsOf(group).keyPurposes;
      if (!purposes) {
        expect(kms, group).toEqual([]);
        expect(inKeyPolicy, group).toEqual([]);
        continue;
      }
      const condition = {
        StringEquals: { 'kms:EncryptionContext:purpose': [...purposes] },
        Null: { 'kms:EncryptionContext:owner': 'false' },
        'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['purpose', 'owner'] },
      };
      expect(kms, group).toEqual([expect.objectContaining({ Condition: condition, Resource: { 'Fn::GetAtt': [keyId, 'Arn'] } })]);
      expect(inKeyPolicy, group).toEqual([expect.objectContaining({ Condition: condition, Action: ['kms:GenerateDataKey', 'kms:Decrypt'] })]);
    }
    const cryptographic = /^kms:(Decrypt|Encrypt|GenerateDataKey|ReEncrypt)/;
    const unconditioned = keyStatements.filter((statement) => !statement.Condition).flatMap((statement) => statement.Action);
    expect(unconditioned.filter((action) => cryptographic.test(action) || action === 'kms:*' || action.startsWith('kms:Create'))).toEqual(['kms:CreateAlias']);
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
  });

  it('grants every envelope purpose the domain code seals under to some group', async () => {
    // Prepare: the purposes written in shared/ (`purpose: '...'`).
    const { readFile } = await import('node:fs/promises');
    const files = readdirSync(path.join(projectRoot, 'shared'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const sealed = new Set<string>();
    for (const file of files) for (const [, purpose] of (await readFile(path.join(projectRoot, 'shared', file), 'utf8')).matchAll(/purpose: '([a-z-]+)'/g)) sealed.add(purpose!);

    // Act
    const granted = new Set(groups.flatMap((group) => needsOf(group).keyPurposes ?? []));

    // Assess
    expect([...sealed].filter((purpose) => !granted.has(purpose))).toEqual([]);
  });

  it('grants the DynamoDB actions the store adapter sends, and no others', async () => {
    // Prepare
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(path.join(projectRoot, 'shared/store/dynamodb-store.ts'), 'utf8');

    // Act
    const sent = [...source.matchAll(/client\.call<\w+>\('(\w+)'/g)].map(([, operation]) => `dynamodb:${operation}`);

    // Assess
    expect([...new Set(sent)].sort()).toEqual([...tableActions.readWrite].sort());
  });

  it('builds the table from the shared table definition: keys, gsi1, TTL, on demand, PITR, retained', () => {
    // Act
    const [[, table]] = ofType('AWS::DynamoDB::GlobalTable') as [[string, Resource]];

    // Assess
    const local = createTableInput('cms');
    expect(table.Properties.KeySchema).toEqual(local.KeySchema);
    expect(table.Properties.AttributeDefinitions).toEqual(expect.arrayContaining(local.AttributeDefinitions));
    expect(table.Properties.AttributeDefinitions).toHaveLength(local.AttributeDefinitions.length);
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes.map((index) => expect.objectContaining({ IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection })));
    expect(table.Properties).toMatchObject({ BillingMode: 'PAY_PER_REQUEST', TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true } });
    expect(table.Properties.Replicas[0]).toMatchObject({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: true });
    expect(table.DeletionPolicy).toBe('Retain');
  });

  it('creates the GitHub App secret empty and generates the token HMAC key', () => {
    // Act
    const secrets = ofType('AWS::SecretsManager::Secret').map(([, secret]) => secret.Properties);

    // Assess
    expect(secrets).toContainEqual(expect.objectContaining({ SecretString: JSON.stringify({ appId: '', clientId: '', clientSecret: '', privateKey: '' }), Description: expect.stringContaining('docs/deploy-aws.md') }));
    expect(secrets).toContainEqual(expect.objectContaining({ GenerateSecretString: expect.objectContaining({ PasswordLength: 64, ExcludePunctuation: true }) }));
  });

  it('keeps the editor bucket private, TLS-only and versioned', () => {
    // Act + Assess
    synth.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    synth.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    synth.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('serves the editor from S3 and sends /api/* and /auth/* to the HTTP API uncached, all viewer headers but Host', () => {
    // Act
    const [[, distribution]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = distribution.Properties.DistributionConfig;

    // Assess
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })] });
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(config.CacheBehaviors.map((behavior: { PathPattern: string }) => behavior.PathPattern).sort()).toEqual(['/api/*', '/auth/*']);
    for (const behavior of config.CacheBehaviors) {
      expect(behavior).toMatchObject({
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      });
      expect(behavior.ResponseHeadersPolicyId).toBeUndefined();
    }
    const apiOrigin = config.Origins.find((origin: { CustomOriginConfig?: unknown }) => origin.CustomOriginConfig);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(config.Origins.find((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig).OriginAccessControlId).toBeDefined();
  });

  it('sets a strict Content-Security-Policy on the editor', () => {
    // Act
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

    // Assess
    const csp = renderedText(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toBe(editorCspFor(defaultPreviewFrameOrigins, [uploadsOriginOf(synth)]));
    expect(csp).not.toContain('unsafe');
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
  });

  it('sends exactly the editor headers the local gateway sends, from the one definition, each overriding the origin', () => {
    // Act
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    const security = config.SecurityHeadersConfig;
    const custom = config.CustomHeadersConfig.Items as { Header: string; Value: string; Override: boolean }[];
    // The headers a browser receives from this policy, rendered as CloudFront renders them.
    const sent: Record<string, string> = {
      'Content-Security-Policy': renderedText(security.ContentSecurityPolicy.ContentSecurityPolicy),
      'Strict-Transport-Security': `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}${security.StrictTransportSecurity.IncludeSubdomains ? '; includeSubDomains' : ''}${security.StrictTransportSecurity.Preload ? '; preload' : ''}`,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': security.FrameOptions.FrameOption,
      'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
      ...Object.fromEntries(custom.map((item) => [item.Header, item.Value])),
    };

    // Assess
    expect(Object.keys(security).sort()).toEqual(['ContentSecurityPolicy', 'ContentTypeOptions', 'FrameOptions', 'ReferrerPolicy', 'StrictTransportSecurity']);
    expect(sent).toEqual(editorHeadersFor(defaultPreviewFrameOrigins, [uploadsOriginOf(synth)]));
    for (const header of Object.values(security) as { Override: boolean }[]) expect(header.Override).toBe(true);
    for (const item of custom) expect(item.Override).toBe(true);
  });

  it('deploys the editor under app/: hashed assets immutable, pages revalidated, no source maps', () => {
    // Act
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, deployment]) => deployment.Properties);
    const staged = readdirSync(synth.outdir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name.startsWith('asset.')).map((entry) => entry.name);
    const stagedFiles = staged.flatMap((dir) => readdirSync(path.join(synth.outdir, dir), { recursive: true, encoding: 'utf8' }));

    // Assess
    expect(deployments.map((deployment) => [deployment.DestinationBucketKeyPrefix, deployment.SystemMetadata?.['cache-control']]).sort()).toEqual([
      ['app/', 'no-cache'],
      ['app/assets/', 'public, max-age=31536000, immutable'],
    ]);
    expect(stagedFiles).toContain('index.html');
    expect(stagedFiles).toContain('index-abc.js');
    expect(stagedFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('outputs the site URL and the OAuth callback URL to register in the GitHub App', () => {
    // Act
    const outputs = synth.template.toJSON().Outputs as Record<string, { Value: unknown }>;

    // Assess
    expect(JSON.stringify(outputs.SiteUrl!.Value)).toMatch(/https:\/\/.*DomainName/);
    expect(JSON.stringify(outputs.OAuthCallbackUrl!.Value)).toContain('/auth/callback');
    expect(outputs.GitHubAppSecretArn).toBeDefined();
  });

  it('leaves no cdk-nag AwsSolutions finding unacknowledged', () => {
    expect(nagFindings).toEqual([]);
  });

  it('passes CDK\'s CloudFormation schema validation without a warning', () => {
    // Act
    const report = JSON.parse(readFileSync(path.join(synth.outdir, 'validation-report.json'), 'utf8')) as { pluginReports: { violations?: unknown[] }[] };

    // Assess
    expect(report.pluginReports.flatMap((plugin) => plugin.violations ?? [])).toEqual([]);
  });

  it('acknowledges each finding with a specific reason', () => {
    // Act
    const acknowledgements = synth.app.node
      .findAll()
      .flatMap((construct) => construct.node.metadata.filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>));

    // Assess
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) expect(reason.length, id).toBeGreaterThan(60);
  });
});
