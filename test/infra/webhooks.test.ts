import { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAwsEnv } from '../../functions/aws-env';
import {
  groupNeeds,
  queuesWebhooks,
  webhookSenderNeeds,
  type TableGroup,
} from '../../infra/aws/group-needs';
import { webhookMaxReceives } from '../../infra/aws/webhook-deliveries';
import { keyFamilies } from '../../shared/store/keys';
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
let senderId: string;
let queueId: string;
let dlqId: string;

beforeAll(() => {
  synth = synthesise({
    props: {
      env: { account: '111122223333', region: 'eu-west-1' },
      webhookAllowedPrivate: ['10.20.0.0/16'],
    },
  });
  template = stackTemplate(synth);
  const stack = Stack.of(synth.stack);
  senderId = stack.getLogicalId(synth.stack.webhooks.fn.node.defaultChild as CfnFunction);
  queueId = stack.getLogicalId(synth.stack.webhooks.queue.node.defaultChild as CfnQueue);
  dlqId = stack.getLogicalId(synth.stack.webhooks.deadLetters.node.defaultChild as CfnQueue);
});
afterAll(() => synth?.cleanup());

const statementsOfRole = (roleId: string) =>
  template
    .ofType('AWS::IAM::Policy')
    .filter(([, policy]) =>
      policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
const senderStatements = () =>
  statementsOfRole(template.resources[senderId]!.Properties.Role['Fn::GetAtt'][0] as string);
const sqsStatements = (statements: Statement[]) =>
  statements.filter((statement) =>
    [statement.Action].flat().some((action) => action.startsWith('sqs:')),
  );
const on = (statement: Statement, id: string) => JSON.stringify(statement.Resource).includes(id);
const groups = Object.keys(groupNeeds) as TableGroup[];

describe('webhook deliveries on AWS', () => {
  it('has a queue, encrypted and TLS-only, whose messages go to a dead-letter queue after a few receives', () => {
    const queue = template.resources[queueId]!;
    expect(queue.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
      maxReceiveCount: webhookMaxReceives,
    });
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    expect(template.resources[dlqId]!.Properties.MessageRetentionPeriod).toBe(14 * 86_400);
    const policies = template
      .ofType('AWS::SQS::QueuePolicy')
      .map(([, policy]) => JSON.stringify(policy.Properties));
    expect(
      policies.filter(
        (policy) =>
          (policy.includes(queueId) || policy.includes(dlqId)) &&
          policy.includes('aws:SecureTransport'),
      ),
    ).toHaveLength(2);
  });

  it('alarms when the dead-letter queue holds a message, to the alarm topic', () => {
    // The index queue's dead-letter queue has its own alarm (test/infra/indexing.test.ts).
    const alarms = template
      .ofType('AWS::CloudWatch::Alarm')
      .filter(
        ([, alarm]) =>
          alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(alarm.Properties.Dimensions).includes(dlqId),
      );
    expect(alarms).toHaveLength(1);
    const [, alarm] = alarms[0]!;
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(JSON.stringify(alarm.Properties.Dimensions)).toContain(dlqId);
    expect(alarm.Properties.AlarmActions).toHaveLength(1);
  });

  it('has the sender consume the queue outside the HTTP API, reporting failed items', () => {
    // The indexer consumes the index queue (test/infra/indexing.test.ts).
    const mappings = template
      .ofType('AWS::Lambda::EventSourceMapping')
      .filter(([, mapping]) => JSON.stringify(mapping.Properties.EventSourceArn).includes(queueId));
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0]!;
    expect(JSON.stringify(mapping.Properties.EventSourceArn)).toContain(queueId);
    expect(mapping.Properties.FunctionName).toEqual({ Ref: senderId });
    expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const integrations = template
      .ofType('AWS::ApiGatewayV2::Integration')
      .map(([, integration]) => renderedText(integration.Properties.IntegrationUri));
    expect(integrations.some((uri) => uri.includes(senderId))).toBe(false);
  });

  it('lets only the sender receive and delete, and send to the dead-letter queue', () => {
    const sender = sqsStatements(senderStatements());
    const receiving = sender.find((statement) =>
      [statement.Action].flat().includes('sqs:ReceiveMessage'),
    )!;
    expect(on(receiving, queueId)).toBe(true);
    expect([receiving.Action].flat()).toContain('sqs:DeleteMessage');
    expect(
      sender
        .filter((statement) => on(statement, dlqId))
        .flatMap((statement) => [statement.Action].flat()),
    ).toEqual(['sqs:SendMessage']);
    for (const group of groups) {
      const actions = template.actionsOf(group).filter((action) => action.startsWith('sqs:'));
      expect(
        actions.filter((action) => action !== 'sqs:SendMessage'),
        group,
      ).toEqual([]);
      for (const statement of sqsStatements(template.policyStatementsOf(group) as Statement[]))
        expect(on(statement, dlqId), group).toBe(false);
    }
  });

  it('lets exactly the groups that write the audit log (and the scheduler) send to the queue, with its URL', () => {
    for (const group of groups) {
      const sends = sqsStatements(template.policyStatementsOf(group) as Statement[]).some(
        (statement) => on(statement, queueId),
      );
      expect(sends, group).toBe(queuesWebhooks(groupNeeds[group]));
      const variables = template.functionOf(group).Properties.Environment.Variables as Record<
        string,
        unknown
      >;
      expect('WEBHOOK_QUEUE_URL' in variables, group).toBe(sends);
      if (sends) expect(renderedText(variables.WEBHOOK_QUEUE_URL)).toContain(queueId);
    }
    expect(groups.filter((group) => queuesWebhooks(groupNeeds[group]))).toEqual(
      expect.arrayContaining(['content', 'pulls', 'media', 'schedules', 'webhooks']),
    );
    expect(groups.filter((group) => !queuesWebhooks(groupNeeds[group])).sort()).toEqual([
      'device',
      'health',
    ]);
    const scheduler = statementsOfRole(
      template.resources[
        Stack.of(synth.stack).getLogicalId(synth.stack.scheduler.node.defaultChild as CfnFunction)
      ]!.Properties.Role['Fn::GetAtt'][0] as string,
    );
    expect(sqsStatements(scheduler).flatMap((statement) => [statement.Action].flat())).toEqual([
      'sqs:SendMessage',
    ]);
  });

  it('gives the sender its table family and the webhook-secret purpose only, and the allowed private ranges in settings its handler accepts', () => {
    const statements = senderStatements();
    const table = statements.find((statement) =>
      [statement.Action].flat().includes('dynamodb:PutItem'),
    )!;
    expect(table.Condition?.['ForAllValues:StringLike']).toEqual({
      'dynamodb:LeadingKeys': webhookSenderNeeds.items.flatMap((family) => keyFamilies[family]),
    });
    const kms = statements.find((statement) => [statement.Action].flat().includes('kms:Decrypt'))!;
    expect(JSON.stringify(kms.Condition)).toContain('webhook-secret');
    expect(JSON.stringify(kms.Condition)).not.toContain('provider-token');
    const variables = template.resources[senderId]!.Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    expect(Object.keys(variables)).not.toContain('GITHUB_APP_SECRET_ARN');
    expect(Object.keys(variables)).not.toContain('TOKEN_HMAC_SECRET_ARN');
    expect(variables.WEBHOOK_ALLOWED_PRIVATE).toBe('10.20.0.0/16');
    expect(
      parseAwsEnv({ WEBHOOK_ALLOWED_PRIVATE: '10.20.0.0/16' }, ['WEBHOOK_ALLOWED_PRIVATE']),
    ).toEqual({ WEBHOOK_ALLOWED_PRIVATE: ['10.20.0.0/16'] });
    expect(
      (template.functionOf('webhooks').Properties.Environment.Variables as Record<string, unknown>)
        .WEBHOOK_ALLOWED_PRIVATE,
    ).toBe('10.20.0.0/16');
  });
});
