import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsNamespace, routeMetrics, serviceMetrics } from '../../shared/http/access-log';
import { routes } from '../../shared/routes';
import { synthesise, type Synthesised } from './support/synth';

type Resource = { Type: string; Properties: Record<string, any> };

const groups = [...new Set(routes.map((route) => route.group))];
let synth: Synthesised;
let resources: Record<string, Resource>;

beforeAll(() => {
  synth = synthesise({ props: { alarmEmail: 'ops@example.org' } });
  resources = synth.template.toJSON().Resources as Record<string, Resource>;
});
afterAll(() => synth?.cleanup());

const ofType = (type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);
const alarmTopic = () => ofType('AWS::SNS::Topic')[0]!;
const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
/** The alarms whose metric (or one of its math expression's metrics) is `namespace`/`name`. */
const alarmsOn = (namespace: string, name: string) =>
  alarms().filter((alarm) => {
    const metrics = alarm.Metrics
      ? (
          alarm.Metrics as { MetricStat?: { Metric: { Namespace: string; MetricName: string } } }[]
        ).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []))
      : [{ Namespace: alarm.Namespace, MetricName: alarm.MetricName }];
    return metrics.some((metric) => metric.Namespace === namespace && metric.MetricName === name);
  });
const dimensionRefs = (alarm: Record<string, any>) =>
  JSON.stringify(alarm.Dimensions ?? alarm.Metrics);

describe('monitoring', () => {
  it('publishes alarms to one KMS-encrypted, TLS-only SNS topic, with the e-mail given subscribed', () => {
    // Act
    const [id, resource] = alarmTopic();
    const subscriptions = ofType('AWS::SNS::Subscription').map(
      ([, subscription]) => subscription.Properties,
    );
    const topicPolicy = JSON.stringify(
      ofType('AWS::SNS::TopicPolicy').map(([, policy]) => policy.Properties),
    );

    // Assess
    expect(ofType('AWS::SNS::Topic')).toHaveLength(1);
    expect(resource.Properties.KmsMasterKeyId).toBeDefined();
    expect(topicPolicy).toContain('aws:SecureTransport');
    expect(subscriptions).toEqual([
      { Protocol: 'email', Endpoint: 'ops@example.org', TopicArn: { Ref: id } },
    ]);
    const key = resources[resource.Properties.KmsMasterKeyId['Fn::GetAtt'][0]]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
  });

  it('sends every alarm, and its recovery, to the topic', () => {
    // Act
    const [id] = alarmTopic();

    // Assess
    expect(alarms().length).toBeGreaterThan(0);
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions, alarm.AlarmDescription).toEqual([{ Ref: id }]);
      expect(alarm.OKActions, alarm.AlarmDescription).toEqual([{ Ref: id }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
      expect(alarm.AlarmDescription).toContain('docs/deploy-aws.md');
    }
  });

  it("alarms on the API's 5xx rate and p99 latency", () => {
    // Act
    const rate = alarmsOn('AWS/ApiGateway', '5xx');
    const latency = alarmsOn('AWS/ApiGateway', 'Latency');

    // Assess
    expect(rate).toHaveLength(1);
    expect(alarmsOn('AWS/ApiGateway', 'Count')).toEqual(rate);
    expect(JSON.stringify(rate[0]!.Metrics)).toContain('100 * errors / requests');
    expect(latency).toHaveLength(1);
    expect(latency[0]!.ExtendedStatistic).toBe('p99');
  });

  it("alarms on each function's errors and throttles", () => {
    for (const group of groups) {
      // Act
      const functionRef = `"Ref":"${synth.logicalIdOf(group)}"`;
      const errors = alarmsOn('AWS/Lambda', 'Errors').filter((alarm) =>
        dimensionRefs(alarm).includes(functionRef),
      );
      const throttles = alarmsOn('AWS/Lambda', 'Throttles').filter((alarm) =>
        dimensionRefs(alarm).includes(functionRef),
      );

      // Assess
      expect({ group, errors: errors.length, throttles: throttles.length }).toEqual({
        group,
        errors: 1,
        throttles: 1,
      });
    }
  });

  it('alarms on DynamoDB throttles and on KMS failures', () => {
    // Act
    const throttles = alarmsOn('AWS/DynamoDB', 'ThrottledRequests');
    const kms = alarmsOn(metricsNamespace, 'kmsFailures');

    // Assess
    expect(throttles).toHaveLength(1);
    for (const operation of [
      'GetItem',
      'BatchGetItem',
      'Query',
      'PutItem',
      'UpdateItem',
      'DeleteItem',
      'BatchWriteItem',
    ])
      expect(JSON.stringify(throttles[0]!.Metrics)).toContain(`"${operation}"`);
    expect(kms).toHaveLength(1);
    expect(kms[0]!.Threshold).toBe(1);
  });

  it('has one dashboard with the per-route metrics of the request log lines', () => {
    // Act
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboards[0]?.[1].Properties.DashboardBody);

    // Assess
    expect(dashboards).toHaveLength(1);
    for (const name of [...Object.keys(routeMetrics), ...Object.keys(serviceMetrics)])
      expect(body).toContain(name);
    expect(body).toContain(`{${metricsNamespace},service,route}`);
    expect(body).toContain('AWS/ApiGateway');
    expect(body).toContain('AWS/DynamoDB');
  });

  it('keeps every log group for a set time, and every function logs into one of them', () => {
    // Act
    const logGroups = ofType('AWS::Logs::LogGroup');
    const functions = ofType('AWS::Lambda::Function');

    // Assess
    for (const [id, group] of logGroups)
      expect(group.Properties.RetentionInDays, id).toBeGreaterThan(0);
    for (const [id, fn] of functions)
      expect(resources[fn.Properties.LoggingConfig?.LogGroup?.Ref]?.Type, id).toBe(
        'AWS::Logs::LogGroup',
      );
  });

  it("traces every group's function with X-Ray", () => {
    for (const group of groups)
      expect(resources[synth.logicalIdOf(group)]!.Properties.TracingConfig, group).toEqual({
        Mode: 'Active',
      });
  });

  it("writes API access logs with both request ids and the client's address", () => {
    // Act
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format as string) as Record<
      string,
      string
    >;

    // Assess
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      lambdaRequestId: '$context.awsEndpointRequestId',
      sourceIp: '$context.identity.sourceIp',
    });
    expect(
      Object.values(format).some(
        (value) => value.includes('querystring') || value.includes('$request'),
      ),
    ).toBe(false);
  });
});

describe('monitoring without an alarm e-mail', () => {
  it('creates the topic with no subscription (subscribe later)', () => {
    // Act
    const bare = synthesise();
    try {
      const template = bare.template.toJSON().Resources as Record<string, Resource>;

      // Assess
      expect(
        Object.values(template).filter((resource) => resource.Type === 'AWS::SNS::Topic'),
      ).toHaveLength(1);
      expect(
        Object.values(template).filter((resource) => resource.Type === 'AWS::SNS::Subscription'),
      ).toHaveLength(0);
    } finally {
      bare.cleanup();
    }
  });
});
