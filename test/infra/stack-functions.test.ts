import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsEnvKeys } from '../../functions/aws-env';
import { scheduleActions } from '../../infra/aws/scheduler';
import { tableActions, uploadActions } from '../../infra/aws/cms-function';
import { groupNeeds, type GroupNeeds, type TableGroup } from '../../infra/aws/group-needs';
import { defaultRouteGroup, planHttpRoutes, routeKey } from '../../infra/aws/http-routes';
import { functionTimeoutMs, httpApiIntegrationTimeoutMs } from '../../shared/http/aws-limits';
import { matchRoute } from '../../shared/http/route-match';
import type { RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import { samplePath, selectRoute } from './support/http-api-router';
import { stackTemplate, type Resource, type StackTemplate } from './support/stack-template';
import { projectRoot, synthesise, type Synthesised } from './support/synth';

/** The stack's functions: one per endpoint group, the HTTP API routes to them, and what each may read and do. */

const groups = [...new Set(routes.map((route) => route.group))];
const needsOf = (group: TableGroup): GroupNeeds => groupNeeds[group];

let synth: Synthesised;
let ofType: StackTemplate['ofType'];
let functionOf: StackTemplate['functionOf'];
let roleOf: StackTemplate['roleOf'];
let policyStatementsOf: StackTemplate['policyStatementsOf'];
let actionsOf: StackTemplate['actionsOf'];
let templateRoutes: StackTemplate['templateRoutes'];

beforeAll(() => {
  synth = synthesise();
  ({ ofType, functionOf, roleOf, policyStatementsOf, actionsOf, templateRoutes } =
    stackTemplate(synth));
});
afterAll(() => synth?.cleanup());

describe("the CDK stack's functions, routes and grants", () => {
  it('has one function per endpoint group of the route table: Node.js 22, arm64, ESM entry', () => {
    // Act
    const functions = ofType('AWS::Lambda::Function').filter(([id]) => synth.groupOf(id));

    // Assess
    expect(functions.map(([id]) => synth.groupOf(id)).sort()).toEqual([...groups].sort());
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        Timeout: 29,
      });
      expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
    }
  });

  it('lets API Gateway wait 30 s for every function, whose own deadline comes a second earlier', () => {
    // Act
    const integrations = ofType('AWS::ApiGatewayV2::Integration');
    const functions = ofType('AWS::Lambda::Function').filter(([id]) => synth.groupOf(id));

    // Assess: the function answers (and stops its work) before API Gateway gives up on it.
    expect(integrations.map(([, integration]) => integration.Properties.TimeoutInMillis)).toEqual(
      integrations.map(() => httpApiIntegrationTimeoutMs),
    );
    expect(httpApiIntegrationTimeoutMs).toBe(30_000);
    for (const [, fn] of functions) expect(fn.Properties.Timeout * 1000).toBe(functionTimeoutMs);
    expect(functionTimeoutMs).toBeLessThan(httpApiIntegrationTimeoutMs);
  });

  it('routes exactly what the route table demands: one exact route per row without {repo}', () => {
    // Act
    const actual = templateRoutes()
      .map((route) => `${route.routeKey} → ${route.target}`)
      .sort();

    // Assess
    const planned = planHttpRoutes(routes as readonly RouteDef[]).map(
      (route) => `${routeKey(route)} → ${route.group}`,
    );
    expect(actual).toEqual([...planned, `$default → ${defaultRouteGroup}`].sort());
    expect(actual).toContain('GET /api/docs → health');
    const exactRows = routes.filter((route) => !route.path.includes('{repo}'));
    expect(
      actual.filter((route) => !route.startsWith('ANY ') && !route.startsWith('$default')),
    ).toHaveLength(exactRows.length);
    expect(ofType('AWS::ApiGatewayV2::Integration')).toHaveLength(groups.length);
  });

  it("sends what no route takes ($default) to the health function, which answers the API's 404/405", () => {
    // Act
    const deployed = templateRoutes();

    // Assess
    expect(deployed.filter((route) => route.routeKey === '$default')).toEqual([
      { routeKey: '$default', target: 'health' },
    ]);
    expect(selectRoute(deployed, 'GET', '/api/no-such-route')).toBe('health');
    expect(selectRoute(deployed, 'DELETE', '/api/auth/me')).toBe('health');
  });

  it("brings every row of the route table to its group's function, the repo %2F-encoded or decoded", () => {
    // Prepare
    const deployed = templateRoutes();
    const misses: string[] = [];

    // Act
    for (const row of routes as readonly RouteDef[]) {
      for (const form of ['encoded', 'decoded'] as const) {
        const requestPath = samplePath(row.path, 'octo-org/site', form);
        const group = selectRoute(deployed, row.method, requestPath);
        const match = matchRoute(
          routes.filter((other) => other.group === row.group) as RouteDef[],
          row.method,
          decodeURIComponent(requestPath),
        );
        if (group !== row.group || match.kind !== 'match' || match.match.route.id !== row.id)
          misses.push(`${row.method} ${requestPath} → ${group}`);
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
        ...(needs.armsSchedules
          ? ['SCHEDULE_GROUP', 'SCHEDULER_FUNCTION_ARN', 'SCHEDULER_ROLE_ARN']
          : []),
        ...(needs.items?.includes('activity')
          ? ['ACTIVITY_RETENTION_DAYS', 'WEBHOOK_QUEUE_URL']
          : []),
        ...(needs.sendsWebhooks ? ['WEBHOOK_ALLOWED_PRIVATE'] : []),
        ...(needs.queuesIndexBuilds ? ['INDEX_QUEUE_URL'] : []),
      ].sort();
      expect(variables, group).toEqual(expected);
      expect(
        variables
          .filter((name) => name !== 'NODE_OPTIONS')
          .every((name) => (awsEnvKeys as string[]).includes(name)),
      ).toBe(true);
    }
    expect(functionOf('health').Properties.Environment.Variables).not.toHaveProperty(
      'GITHUB_WEB_URL',
    );
    expect(functionOf('session').Properties.Environment.Variables).toMatchObject({
      GITHUB_WEB_URL: 'https://github.com',
      GITHUB_API_URL: 'https://api.github.com',
    });
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
        ...(needs.uploads ? [...uploadActions, 's3:ListBucket'] : []),
        ...(needs.armsSchedules ? [...scheduleActions, 'iam:PassRole'] : []),
        ...(needs.items?.includes('activity') ? ['sqs:SendMessage'] : []),
        ...(needs.queuesIndexBuilds ? ['sqs:SendMessage'] : []),
      ].sort();
      expect(actions, group).toEqual(expected);
      // X-Ray has no resource-level permissions: its two actions are the only ones on "*".
      const tracing = (statement: { Action: string | string[] }) =>
        [statement.Action].flat().every((action) => action.startsWith('xray:'));
      for (const statement of policyStatementsOf(group).filter((statement) => !tracing(statement)))
        expect(JSON.stringify(statement.Resource), group).not.toMatch(/"\*"|:\*"/);
    }
    expect(
      actionsOf('health').some(
        (action) => action.startsWith('kms:') || action.startsWith('dynamodb:'),
      ),
    ).toBe(false);
    const healthSecrets = policyStatementsOf('health').filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')),
    );
    const resources = healthSecrets.map((statement) => JSON.stringify(statement.Resource));
    expect(resources).toHaveLength(2);
    expect(resources.filter((resource) => resource.includes('GitHubAppSecret'))).toHaveLength(1);
  });

  it('lets a function use the KMS key only for its own purposes, in its policy and in the key policy', () => {
    // Prepare
    const [[keyId, key]] = ofType('AWS::KMS::Key') as [[string, Resource]];
    const keyStatements = key.Properties.KeyPolicy.Statement as {
      Sid: string;
      Action: string[];
      Principal: { AWS: unknown };
      Condition?: Record<string, Record<string, unknown>>;
    }[];

    for (const group of groups) {
      // Act
      const kms = policyStatementsOf(group).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('kms:')),
      );
      const inKeyPolicy = keyStatements.filter(
        (statement) =>
          JSON.stringify(statement.Principal) ===
          JSON.stringify({ AWS: { 'Fn::GetAtt': [roleOf(group), 'Arn'] } }),
      );

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
      expect(kms, group).toEqual([
        expect.objectContaining({
          Condition: condition,
          Resource: { 'Fn::GetAtt': [keyId, 'Arn'] },
        }),
      ]);
      expect(inKeyPolicy, group).toEqual([
        expect.objectContaining({
          Condition: condition,
          Action: ['kms:GenerateDataKey', 'kms:Decrypt'],
        }),
      ]);
    }
    const cryptographic = /^kms:(Decrypt|Encrypt|GenerateDataKey|ReEncrypt)/;
    const unconditioned = keyStatements
      .filter((statement) => !statement.Condition)
      .flatMap((statement) => statement.Action);
    expect(
      unconditioned.filter(
        (action) =>
          cryptographic.test(action) || action === 'kms:*' || action.startsWith('kms:Create'),
      ),
    ).toEqual(['kms:CreateAlias']);
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
  });

  it('grants every envelope purpose the domain code seals under to some group', async () => {
    // Prepare: the purposes written in shared/ (`purpose: '...'`).
    const { readFile } = await import('node:fs/promises');
    const files = readdirSync(path.join(projectRoot, 'shared'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((file) => file.endsWith('.ts'));
    const sealed = new Set<string>();
    for (const file of files)
      for (const [, purpose] of (
        await readFile(path.join(projectRoot, 'shared', file), 'utf8')
      ).matchAll(/purpose: '([a-z-]+)'/g))
        sealed.add(purpose!);

    // Act
    const granted = new Set(groups.flatMap((group) => needsOf(group).keyPurposes ?? []));

    // Assess
    expect([...sealed].filter((purpose) => !granted.has(purpose))).toEqual([]);
  });

  it('grants the DynamoDB actions the store adapter sends, and no others', async () => {
    // Prepare
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(
      path.join(projectRoot, 'shared/adapters/dynamodb/dynamodb-store.ts'),
      'utf8',
    );

    // Act: the operation each of lib-dynamodb's document commands sends.
    const operationOf: Record<string, string> = {
      Get: 'GetItem',
      Put: 'PutItem',
      Update: 'UpdateItem',
      Delete: 'DeleteItem',
      Query: 'Query',
      Scan: 'Scan',
      BatchGet: 'BatchGetItem',
      BatchWrite: 'BatchWriteItem',
      TransactGet: 'TransactGetItems',
      TransactWrite: 'TransactWriteItems',
    };
    const sent = [...source.matchAll(/client\.send\(\s*new (\w+)Command\(/g)].map(
      ([, command]) => `dynamodb:${operationOf[command!] ?? command}`,
    );

    // Assess
    expect([...new Set(sent)].sort()).toEqual([...tableActions.readWrite].sort());
  });
});
