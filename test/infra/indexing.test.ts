import { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  indexerConcurrency,
  indexerTimeout,
  indexMaxReceives,
} from '../../infra/aws/collection-indexing';
import { groupNeeds, indexerNeeds, type TableGroup } from '../../infra/aws/group-needs';
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
let indexerId: string;
let queueId: string;
let dlqId: string;

beforeAll(() => {
  synth = synthesise({ props: { env: { account: '111122223333', region: 'eu-west-1' } } });
  template = stackTemplate(synth);
  const stack = Stack.of(synth.stack);
  indexerId = stack.getLogicalId(synth.stack.indexing.fn.node.defaultChild as CfnFunction);
  queueId = stack.getLogicalId(synth.stack.indexing.queue.node.defaultChild as CfnQueue);
  dlqId = stack.getLogicalId(synth.stack.indexing.deadLetters.node.defaultChild as CfnQueue);
});
afterAll(() => synth?.cleanup());

const indexerStatements = () => {
  const roleId = template.resources[indexerId]!.Properties.Role['Fn::GetAtt'][0] as string;
  return template
    .ofType('AWS::IAM::Policy')
    .filter(([, policy]) =>
      policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    )
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
};
const actions = (statements: Statement[]) =>
  statements.flatMap((statement) => [statement.Action].flat());
const on = (statement: Statement, id: string) => JSON.stringify(statement.Resource).includes(id);
const groups = Object.keys(groupNeeds) as TableGroup[];

describe('collection indexes on AWS', () => {
  it('have a queue, encrypted and TLS-only, whose jobs go to a dead-letter queue after a few receives, visible again only after six indexer timeouts', () => {
    const queue = template.resources[queueId]!;
    expect(queue.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
      maxReceiveCount: indexMaxReceives,
    });
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    expect(queue.Properties.VisibilityTimeout).toBe(indexerTimeout.toSeconds() * 6);
    const policies = template
      .ofType('AWS::SQS::QueuePolicy')
      .map(([, policy]) => JSON.stringify(policy.Properties));
    expect(
      policies.filter(
        (policy) => policy.includes(queueId) && policy.includes('aws:SecureTransport'),
      ),
    ).toHaveLength(1);
    expect(
      policies.filter((policy) => policy.includes(dlqId) && policy.includes('aws:SecureTransport')),
    ).toHaveLength(1);
  });

  it('are built by the indexer, fed one job at a time by the queue at bounded concurrency, outside the HTTP API', () => {
    const mappings = template
      .ofType('AWS::Lambda::EventSourceMapping')
      .filter(([, mapping]) => JSON.stringify(mapping.Properties.EventSourceArn).includes(queueId));
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0]!;
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: indexerId },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: indexerConcurrency },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(template.resources[indexerId]!.Properties.Timeout).toBe(indexerTimeout.toSeconds());
    const integrations = template
      .ofType('AWS::ApiGatewayV2::Integration')
      .map(([, integration]) => renderedText(integration.Properties.IntegrationUri));
    expect(integrations.some((uri) => uri.includes(indexerId))).toBe(false);
  });

  it('alarm when the dead-letter queue holds a job, to the alarm topic, and when the indexer fails', () => {
    const alarms = template
      .ofType('AWS::CloudWatch::Alarm')
      .filter(
        ([, alarm]) =>
          alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(alarm.Properties.Dimensions).includes(dlqId),
      );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(alarms[0]![1].Properties.AlarmActions).toHaveLength(1);
    const errors = template
      .ofType('AWS::CloudWatch::Alarm')
      .filter(
        ([, alarm]) =>
          alarm.Properties.MetricName === 'Errors' &&
          JSON.stringify(alarm.Properties.Dimensions).includes(indexerId),
      );
    expect(errors).toHaveLength(1);
  });

  it('give the indexer its item families, the GitHub App, the queue to continue on, and nothing else', () => {
    const statements = indexerStatements();
    const table = statements.find((statement) =>
      actions([statement]).includes('dynamodb:PutItem'),
    )!;
    expect(table.Condition?.['ForAllValues:StringLike']).toEqual({
      'dynamodb:LeadingKeys': indexerNeeds.items.flatMap((family) => keyFamilies[family]),
    });
    expect(indexerNeeds.items.flatMap((family) => keyFamilies[family]).sort()).toEqual(
      ['BLOB#*', 'IDX#*', 'IDXC#*', 'IDXS#*', 'REPO#*', 'REPOS'].sort(),
    );
    const sqs = statements.filter((statement) =>
      actions([statement]).some((action) => action.startsWith('sqs:')),
    );
    expect(
      sqs
        .filter((statement) => on(statement, queueId))
        .flatMap((statement) => actions([statement]))
        .sort(),
    ).toEqual(
      [
        'sqs:ChangeMessageVisibility',
        'sqs:DeleteMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:ReceiveMessage',
        'sqs:SendMessage',
      ].sort(),
    );
    expect(actions(statements).some((action) => action.startsWith('kms:'))).toBe(false);
    const variables = template.resources[indexerId]!.Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    expect(Object.keys(variables).sort()).toEqual(
      [
        'GITHUB_API_URL',
        'GITHUB_APP_SECRET_ARN',
        'GITHUB_WEB_URL',
        'INDEX_QUEUE_URL',
        'NODE_OPTIONS',
        'TABLE_NAME',
      ].sort(),
    );
  });

  it('are asked for by exactly the lists, the connections and the push webhooks, which may send and nothing more', () => {
    for (const group of groups) {
      const statements = template.policyStatementsOf(group) as Statement[];
      const sends = statements.some((statement) => on(statement, queueId));
      expect(sends, group).toBe(groupNeeds[group].queuesIndexBuilds === true);
      const variables = template.functionOf(group).Properties.Environment.Variables as Record<
        string,
        unknown
      >;
      expect('INDEX_QUEUE_URL' in variables, group).toBe(sends);
      if (sends)
        expect(
          statements
            .filter((statement) => on(statement, queueId))
            .flatMap((statement) => actions([statement])),
        ).toEqual(['sqs:SendMessage']);
      expect(
        statements.some((statement) => on(statement, dlqId)),
        group,
      ).toBe(false);
    }
    expect(groups.filter((group) => groupNeeds[group].queuesIndexBuilds).sort()).toEqual([
      'content',
      'repos',
      'webhooks',
    ]);
  });
});
