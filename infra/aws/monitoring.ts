import { CfnOutput, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import {
  metricsNamespace,
  routeMetrics,
  serviceMetrics,
  serviceName,
} from '../../shared/http/access-log';

/** When each alarm fires; docs/deploy-aws.md (Monitoring) says what to do about each. */
export const alarmThresholds = {
  /** Percent of API requests answered 5xx in five minutes, counted once there are ten requests. */
  serverErrorPercent: 5,
  /** API Gateway's p99 latency over five minutes, three periods running (functions stop at 29 s). */
  latencyP99Ms: 10_000,
} as const;

export interface MonitoringProps {
  api: IHttpApi;
  /** Group → its function. */
  functions: ReadonlyMap<string, IFunction>;
  table: ITableV2;
  /** Subscribed to the alarm topic (the address confirms by e-mail); without one, subscribe later. */
  alarmEmail?: string;
  removalPolicy: RemovalPolicy;
}

const period = Duration.minutes(5);

/**
 * The service's alarms (each to one SNS topic, alarm and recovery), and one dashboard: API Gateway's
 * requests, errors and latency; per route the metrics each request's log line carries (see
 * shared/http/access-log.ts); each function's errors, throttles and duration; the table's throttles.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', {
      description: 'Content editing service: encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
      pendingWindow: Duration.days(30),
    });
    // CloudWatch publishes alarms to the encrypted topic, so it must use the key.
    key.grant(
      new ServicePrincipal('cloudwatch.amazonaws.com'),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );
    this.topic = new Topic(this, 'Alarms', {
      displayName: 'Content editing service alarms',
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    new CfnOutput(scope, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'Alarms are published here: subscribe e-mail, chat or paging',
    });

    const api = { period, statistic: 'Sum' };
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.api.metricServerError(api),
        requests: props.api.metricCount(api),
      },
      period,
      label: '5xx, % of requests',
    });
    this.alarm(
      'Api5xxRate',
      serverErrorRate,
      alarmThresholds.serverErrorPercent,
      '5% or more of API requests answered 5xx (with at least 10 requests in 5 minutes), in 2 of 3 periods',
      3,
      2,
    );
    const p99 = props.api.metricLatency({ period, statistic: 'p99' });
    this.alarm(
      'ApiLatencyP99',
      p99,
      alarmThresholds.latencyP99Ms,
      'API p99 latency at 10 s or more for 15 minutes',
      3,
      3,
    );
    for (const [group, fn] of props.functions) {
      this.alarm(
        `${group}Errors`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        1,
        `The ${group} function failed an invocation (timeout, crash or out of memory)`,
      );
      this.alarm(
        `${group}Throttles`,
        fn.metricThrottles({ period, statistic: 'Sum' }),
        1,
        `Lambda throttled the ${group} function (concurrency limit reached)`,
      );
    }
    const tableThrottles = props.table.metricThrottledRequestsForOperations({
      operations: tableOperations,
      period,
    });
    this.alarm('TableThrottles', tableThrottles, 1, 'DynamoDB throttled requests to the table');
    const kmsFailures = serviceMetric('kmsFailures', 'Sum');
    this.alarm(
      'KmsFailures',
      kmsFailures,
      1,
      'KMS calls failed: the envelope key is disabled, pending deletion, denied or throttled, or a ciphertext was refused',
    );

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          "# Content editing service\nAlarms and what to do: docs/deploy-aws.md, Monitoring. Per-route figures come from each request's log line.",
        width: 24,
        height: 2,
      }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    );
    this.dashboard.addWidgets(
      graph('API requests and errors', [
        props.api.metricCount(api),
        props.api.metricClientError(api),
        props.api.metricServerError(api),
      ]),
      graph('API latency (ms)', [
        props.api.metricLatency({ period, statistic: 'p50' }),
        p99,
        props.api.metricIntegrationLatency({ period, statistic: 'p99' }),
      ]),
      graph('5xx rate (%)', [serverErrorRate]),
    );
    this.dashboard.addWidgets(
      graph('Latency p99 by route (ms)', [byRoute('latencyMs', 'p99')]),
      graph('4xx by route', [byRoute('clientErrors', 'Sum')]),
      graph('5xx by route', [byRoute('serverErrors', 'Sum')]),
    );
    this.dashboard.addWidgets(
      graph('GitHub round trips per request, by route', [byRoute('githubRoundTrips', 'Average')]),
      graph('DynamoDB requests per request, by route', [byRoute('storeRequests', 'Average')]),
      graph('KMS failures', [kmsFailures]),
    );
    const functions = [...props.functions];
    const label = (group: string) => ({ period, label: group });
    this.dashboard.addWidgets(
      graph(
        'Function errors',
        functions.map(([group, fn]) => fn.metricErrors({ ...label(group), statistic: 'Sum' })),
      ),
      graph(
        'Function throttles',
        functions.map(([group, fn]) => fn.metricThrottles({ ...label(group), statistic: 'Sum' })),
      ),
      graph(
        'Function duration p99 (ms)',
        functions.map(([group, fn]) => fn.metricDuration({ ...label(group), statistic: 'p99' })),
      ),
    );
    this.dashboard.addWidgets(
      graph('DynamoDB throttled requests', [tableThrottles]),
      graph('DynamoDB consumed capacity', [
        props.table.metricConsumedReadCapacityUnits({ period, statistic: 'Sum' }),
        props.table.metricConsumedWriteCapacityUnits({ period, statistic: 'Sum' }),
      ]),
      graph(
        'Function concurrent executions',
        functions.map(([group, fn]) =>
          fn.metric('ConcurrentExecutions', { ...label(group), statistic: 'Maximum' }),
        ),
      ),
    );
  }

  private alarm(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    evaluationPeriods = 1,
    datapointsToAlarm = evaluationPeriods,
  ): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods,
      datapointsToAlarm,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No traffic is no trouble.
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `${description}. What to do: docs/deploy-aws.md, Monitoring.`,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}

/** What the store sends (tableActions.readWrite), for the throttled-requests metric. */
const tableOperations = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
];

const serviceMetric = (name: keyof typeof serviceMetrics, statistic: string) =>
  new Metric({
    namespace: metricsNamespace,
    metricName: name,
    dimensionsMap: { service: serviceName },
    period,
    statistic,
  });

/** One line per route that has sent the metric (a dashboard search, so new routes appear by themselves). */
const byRoute = (name: keyof typeof routeMetrics, statistic: string) =>
  new MathExpression({
    expression: `SEARCH('{${metricsNamespace},service,route} MetricName="${name}" service="${serviceName}"', '${statistic}', ${period.toSeconds()})`,
    usingMetrics: {},
    period,
    label: '',
  });

const graph = (title: string, metrics: IMetric[]) =>
  new GraphWidget({ title, left: metrics, width: 8, height: 6 });
