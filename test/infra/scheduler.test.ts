import { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAwsEnv } from '../../functions/aws-env';
import { scheduleActions } from '../../infra/aws/scheduler';
import { keyFamilies } from '../../shared/store/keys';
import { schedulerNeeds } from '../../infra/aws/group-needs';
import { stackTemplate, type StackTemplate } from './support/stack-template';
import { renderedText, synthesise, type Synthesised } from './support/synth';

type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
};

let synth: Synthesised;
let template: StackTemplate;
let schedulerId: string;

beforeAll(() => {
  synth = synthesise({ props: { env: { account: '111122223333', region: 'eu-west-1' } } });
  template = stackTemplate(synth);
  schedulerId = Stack.of(synth.stack).getLogicalId(
    synth.stack.scheduler.node.defaultChild as CfnFunction,
  );
});
afterAll(() => synth?.cleanup());

const statementsOfRole = (roleId: string) =>
  template
    .ofType('AWS::IAM::Policy')
    .filter(([, policy]) =>
      policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
const actions = (statements: Statement[]) =>
  statements.flatMap((statement) => [statement.Action].flat()).sort();
const invokeRole = () => {
  const found = template
    .ofType('AWS::IAM::Role')
    .filter(([, role]) =>
      role.Properties.AssumeRolePolicyDocument.Statement.some(
        (s: { Principal?: { Service?: string } }) =>
          s.Principal?.Service === 'scheduler.amazonaws.com',
      ),
    );
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('scheduled publishing on AWS', () => {
  it('has one schedule group, and a scheduler function outside the HTTP API', () => {
    const groups = template.ofType('AWS::Scheduler::ScheduleGroup');
    expect(groups.map(([, group]) => group.Properties.Name)).toEqual(['Cms-cms']);
    const scheduler = template.resources[schedulerId]!;
    expect(scheduler.Properties.Timeout).toBe(120);
    const integrations = template
      .ofType('AWS::ApiGatewayV2::Integration')
      .map(([, integration]) => renderedText(integration.Properties.IntegrationUri));
    expect(integrations.some((uri) => uri.includes(schedulerId))).toBe(false);
  });

  it('lets EventBridge Scheduler of this account invoke the scheduler function, and nothing else', () => {
    const [roleId, role] = invokeRole();
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'sts:AssumeRole',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': '111122223333' } },
      }),
    ]);
    const statements = statementsOfRole(roleId);
    expect(actions(statements)).toEqual(['lambda:InvokeFunction']);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(schedulerId);
    expect(JSON.stringify(statements[0]!.Resource)).not.toContain('*');
  });

  it("gives the schedules group the scheduler actions on this stack's cms-* schedules only, and PassRole on the invoke role to the scheduler service only", () => {
    const statements = template.policyStatementsOf('schedules') as Statement[];
    const scheduling = statements.find((statement) =>
      [statement.Action].flat().includes('scheduler:CreateSchedule'),
    )!;
    expect([scheduling.Action].flat().sort()).toEqual([...scheduleActions].sort());
    expect(renderedText(scheduling.Resource)).toBe(
      'arn:${AWS::Partition}:scheduler:eu-west-1:111122223333:schedule/Cms-cms/cms-*',
    );
    const pass = statements.find((statement) =>
      [statement.Action].flat().includes('iam:PassRole'),
    )!;
    expect(JSON.stringify(pass.Resource)).toContain(invokeRole()[0]);
    expect(pass.Condition).toEqual({
      StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
    });
    // No other group may arm schedules or pass roles.
    for (const group of ['content', 'pulls', 'media', 'repos'] as const) {
      expect(
        template
          .actionsOf(group)
          .filter((action) => action.startsWith('scheduler:') || action === 'iam:PassRole'),
        group,
      ).toEqual([]);
    }
  });

  it('tells the schedules group where to arm, in settings its handler accepts', () => {
    const variables = template.functionOf('schedules').Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    const rendered = Object.fromEntries(
      ['SCHEDULE_GROUP', 'SCHEDULER_FUNCTION_ARN', 'SCHEDULER_ROLE_ARN'].map((name) => [
        name,
        renderedText(variables[name]),
      ]),
    );
    expect(rendered.SCHEDULE_GROUP).toBe('Cms-cms');
    expect(rendered.SCHEDULER_FUNCTION_ARN).toBe(`\${${schedulerId}.Arn}`);
    expect(() =>
      parseAwsEnv(
        {
          SCHEDULE_GROUP: 'Cms-cms',
          SCHEDULER_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:111122223333:function:x',
          SCHEDULER_ROLE_ARN: 'arn:aws:iam::111122223333:role/x',
        },
        ['SCHEDULE_GROUP', 'SCHEDULER_FUNCTION_ARN', 'SCHEDULER_ROLE_ARN'],
      ),
    ).not.toThrow();
  });

  it('gives the scheduler function its table families, the provider-token key and GitHub, but no API-token key, uploads or scheduling', () => {
    const roleId = template.resources[schedulerId]!.Properties.Role['Fn::GetAtt'][0] as string;
    const statements = statementsOfRole(roleId);
    const table = statements.find((statement) =>
      [statement.Action].flat().includes('dynamodb:PutItem'),
    )!;
    expect(table.Condition?.['ForAllValues:StringLike']).toEqual({
      'dynamodb:LeadingKeys': schedulerNeeds.items.flatMap((family) => keyFamilies[family]),
    });
    const all = actions(statements);
    expect(all.some((action) => action.startsWith('scheduler:') || action.startsWith('s3:'))).toBe(
      false,
    );
    const variables = Object.keys(
      template.resources[schedulerId]!.Properties.Environment.Variables as object,
    );
    expect(variables).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'KMS_KEY_ID',
        'GITHUB_APP_SECRET_ARN',
        'GITHUB_API_URL',
      ]),
    );
    expect(variables).not.toContain('TOKEN_HMAC_SECRET_ARN');
  });
});
