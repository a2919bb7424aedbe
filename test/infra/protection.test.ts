import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  credentialRouteKeys,
  defaultProtection,
  originGenerationHeader,
} from '../../infra/aws/api-protection';
import { defaultReservedConcurrency } from '../../infra/aws/config';
import { groupNeeds, type TableGroup } from '../../infra/aws/group-needs';
import { planHttpRoutes } from '../../infra/aws/http-routes';
import { originHeader } from '../../shared/http/origin-check';
import type { RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import { keyFamilies, keys } from '../../shared/store/keys';
import { synthesise, type Synthesised } from './support/synth';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

const groups = [...new Set(routes.map((route) => route.group))];
let synth: Synthesised;
let resources: Record<string, Resource>;

beforeAll(() => {
  synth = synthesise();
  resources = synth.template.toJSON().Resources as Record<string, Resource>;
});
afterAll(() => synth?.cleanup());

const ofType = (type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);
const routeIds = () =>
  ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey as string);
const functionOf = (group: TableGroup) => resources[synth.logicalIdOf(group)]!;
const statementsOf = (group: TableGroup) => {
  const roleId = functionOf(group).Properties.Role['Fn::GetAtt'][0] as string;
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) =>
      policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )
    .flatMap(
      ([, policy]) =>
        policy.Properties.PolicyDocument.Statement as {
          Action: string | string[];
          Resource: unknown;
          Condition?: Record<string, Record<string, string[]>>;
        }[],
    );
};

describe('the API behind CloudFront, by default', () => {
  it('throttles the stage, and each route of the credential class (sign-in, device flow, token creation) more tightly, after the routes exist', () => {
    // Act
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const routeIds = Object.fromEntries(
      ofType('AWS::ApiGatewayV2::Route').map(([id, route]) => [
        route.Properties.RouteKey as string,
        id,
      ]),
    );

    // Assess
    const { throttling } = defaultProtection;
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: throttling.rateLimit,
      ThrottlingBurstLimit: throttling.burstLimit,
    });
    const tight = credentialRouteKeys(planHttpRoutes(routes as readonly RouteDef[])).sort();
    expect(tight).toEqual([
      'GET /auth/callback',
      'GET /auth/device/review',
      'GET /auth/login',
      'POST /api/tokens',
      'POST /auth/device',
      'POST /auth/device/token',
    ]);
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(tight);
    for (const key of tight) {
      expect(stage.Properties.RouteSettings[key], key).toEqual({
        ThrottlingRateLimit: throttling.authRateLimit,
        ThrottlingBurstLimit: throttling.authBurstLimit,
      });
      expect(stage.DependsOn, key).toContain(routeIds[key]);
    }
    expect(throttling.authRateLimit).toBeLessThan(throttling.rateLimit);
  });

  it('leaves what an office opening the editor at 9:00 calls (the session check, lists, sign-out, revoking a token) on the stage limit', () => {
    // Act
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];

    // Assess
    for (const key of [
      'GET /api/auth/me',
      'POST /auth/logout',
      'DELETE /api/auth/token',
      'GET /api/repos',
      'GET /api/tokens',
      'ANY /api/repos/{owner}/{name}/content/{proxy+}',
      'POST /api/github/webhook',
    ]) {
      expect(routeIds()).toContain(key);
      expect(stage.Properties.RouteSettings[key], key).toBeUndefined();
    }
  });

  it('reserves concurrency for every group', () => {
    for (const group of groups)
      expect(functionOf(group).Properties.ReservedConcurrentExecutions, group).toBe(
        defaultReservedConcurrency[group],
      );
  });

  it('has CloudFront send the origin secret to the API, and every function check it', () => {
    // Prepare
    const [[secretId, secret]] = ofType('AWS::SecretsManager::Secret').filter(([, s]) =>
      JSON.stringify(s.Properties.GenerateSecretString ?? {}).includes('current'),
    ) as [[string, Resource]];
    const [[, distribution]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];

    // Act
    const apiOrigin = distribution.Properties.DistributionConfig.Origins.find(
      (origin: { CustomOriginConfig?: unknown }) => origin.CustomOriginConfig,
    );
    const headers = Object.fromEntries(
      (apiOrigin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[]).map(
        (header) => [header.HeaderName, JSON.stringify(header.HeaderValue)],
      ),
    );

    // Assess: a deploy-time reference to the secret's "current" field, never the value itself.
    expect(secret.Properties.GenerateSecretString).toMatchObject({
      GenerateStringKey: 'current',
      SecretStringTemplate: '{}',
    });
    expect(headers[originHeader]).toContain('{{resolve:secretsmanager:');
    expect(headers[originHeader]).toContain(secretId);
    expect(headers[originHeader]).toContain(':SecretString:current::}}');
    expect(headers[originGenerationHeader]).toBe('"1"');
    for (const group of groups) {
      expect(functionOf(group).Properties.Environment.Variables.ORIGIN_SECRET_ARN, group).toEqual({
        Ref: secretId,
      });
      expect(statementsOf(group), group).toContainEqual(
        expect.objectContaining({
          Action: 'secretsmanager:GetSecretValue',
          Resource: { Ref: secretId },
        }),
      );
    }
    expect(ofType('AWS::WAFv2::WebACL')).toEqual([]);
  });

  it('limits each group to the partition keys of the item families it uses (dynamodb:LeadingKeys)', () => {
    for (const group of groups) {
      // Act
      const dynamo = statementsOf(group).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('dynamodb:')),
      );

      // Assess
      const needs = groupNeeds[group];
      if (!needs.table) {
        expect(dynamo, group).toEqual([]);
        continue;
      }
      const patterns = needs.items!.flatMap((family) => keyFamilies[family]);
      expect(dynamo, group).toEqual([
        expect.objectContaining({
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': patterns } },
        }),
      ]);
    }
    const leading = (group: TableGroup) =>
      statementsOf(group).flatMap(
        (statement) =>
          statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? [],
      );
    expect(leading('tokens')).not.toContain('USER#*');
    expect(leading('device')).not.toContain('SESSION#*');
    expect(leading('content')).toContain('BLOB#*');
    expect(leading('session')).not.toContain('BLOB#*');
  });
});

describe('the item families of the table', () => {
  const like = (pattern: string, value: string) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(value);

  it('cover every partition key the store writes, each under its own family', () => {
    // Prepare: every key maker, with the family it belongs to.
    const samples: [keyof typeof keyFamilies, string][] = [
      ['session', keys.session('s').pk],
      ['oauthState', keys.oauthState('o').pk],
      ['user', keys.user('u').pk],
      ['user', keys.repoReach('u').pk],
      ['apiToken', keys.apiToken('t').pk],
      ['apiToken', keys.userTokens('u')],
      ['device', keys.deviceCode('d').pk],
      ['device', keys.deviceReview('abcd-efgh').pk],
      ['connection', keys.connection('Octo/Site').pk],
      ['connection', keys.connections],
      ['parsedBlob', keys.parsedBlob('0123abcd').pk],
      ['parsedBlob', keys.translationStatus('0123abcd', '4567cdef').pk],
      ['schedule', keys.schedule('s1').pk],
      ['schedule', keys.repoSchedules('Octo/Site')],
      ['activity', keys.repoActivity('Octo/Site').pk],
      ['activity', keys.userActivity('u').pk],
      ['webhook', keys.repoWebhooks('Octo/Site')],
      ['webhook', keys.webhook('Octo/Site', 'h1').pk],
      ['webhook', keys.webhookDeliveries('h1')],
      ['freshness', keys.repoHead('Octo/Site').pk],
      ['freshness', keys.collectionTrees('Octo/Site')],
      ['freshness', keys.collectionTree('Octo/Site', 'posts').pk],
      ['freshness', keys.repoSeen('Octo/Site', 'u').pk],
      ['freshness', keys.githubDelivery('72d3162e-cc78-11e3-81ab-4c9367dc0958').pk],
      ['indexState', keys.collectionIndex('Octo/Site', 'posts').pk],
      ['indexChunks', keys.indexChunk('Zm9v').pk],
      ['indexChunks', keys.indexSummary('Zm9v').pk],
      ['presence', keys.presence('Octo/Site')],
      ['presence', keys.presenceOf('Octo/Site', 'posts', 'hello', 'u').pk],
    ];

    for (const [family, key] of samples) {
      // Act
      const owners = (Object.keys(keyFamilies) as (keyof typeof keyFamilies)[]).filter((name) =>
        keyFamilies[name].some((pattern) => like(pattern, key)),
      );

      // Assess: USER#…#TOKENS also matches USER#*, and REPO#…#SCHEDULES REPO#*, which only widens groups that have both.
      expect(owners, key).toContain(family);
      const widens = (name: string) =>
        (family === 'apiToken' && name === 'user') ||
        (family === 'schedule' && name === 'connection');
      expect(
        owners.filter((name) => name !== family && !widens(name)),
        key,
      ).toEqual([]);
    }
    expect(Object.keys(keys).length).toBe(samples.length);
  });
});
