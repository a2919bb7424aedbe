import { AwsServiceError, endpointOf, environmentCredentials, errorOf, httpTransport, type Transport } from './aws-json-client';
import { signRequest, type AwsCredentials } from './sigv4';
import type { ScheduleTimer } from '../schedules/schedule-timer';

/**
 * The schedule timer on AWS: one EventBridge Scheduler one-time schedule per schedule, named
 * `cms-<id>` in the stack's schedule group, that invokes the scheduler function with
 * `{"scheduleId": id}` through the role the stack made for it, then deletes itself. EventBridge
 * Scheduler speaks REST-JSON (POST/PUT/DELETE /schedules/{Name}), so this is a signed request in
 * the manner of aws-json-client.ts rather than an SDK client.
 */
export interface EventBridgeTimerOptions {
  groupName: string;
  /** The scheduler function's ARN. */
  targetArn: string;
  /** The role EventBridge Scheduler assumes to invoke it. */
  roleArn: string;
  region?: string;
  endpoint?: string;
  credentials?: AwsCredentials;
  transport?: Transport;
}

/** `at()` takes a local time without offset or fraction; the schedule says its zone is UTC. */
export const atExpression = (iso: string): string => `at(${new Date(iso).toISOString().slice(0, 19)})`;

export const scheduleName = (id: string): string => `cms-${id}`;

export function createEventBridgeTimer(options: EventBridgeTimerOptions): ScheduleTimer {
  const env = process.env;
  const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const base = new URL(options.endpoint ?? endpointOf('scheduler', region, env));
  const transport = options.transport ?? httpTransport;

  async function send(method: string, path: string, query: Record<string, string>, input?: object): Promise<void> {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const body = input ? JSON.stringify(input) : '';
    const headers = await signRequest({
      method,
      url,
      headers: input ? { 'content-type': 'application/json' } : {},
      body,
      service: 'scheduler',
      region,
      credentials: options.credentials ?? environmentCredentials(env),
      date: new Date(),
    });
    const answer = await transport({ method, url, headers, body, timeoutMs: 10_000 });
    if (answer.status < 200 || answer.status >= 300) throw errorOf(answer.status, answer.headers, answer.body);
  }

  const definition = (id: string, at: string) => ({
    GroupName: options.groupName,
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: options.targetArn,
      RoleArn: options.roleArn,
      Input: JSON.stringify({ scheduleId: id }),
      RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
    },
  });

  return {
    async arm({ id, at }) {
      const path = `/schedules/${scheduleName(id)}`;
      try {
        await send('POST', path, {}, definition(id, at));
      } catch (error) {
        // Already armed: UpdateSchedule replaces the whole definition.
        if (!(error instanceof AwsServiceError && error.name === 'ConflictException')) throw error;
        await send('PUT', path, {}, definition(id, at));
      }
    },
    async disarm(id) {
      try {
        await send('DELETE', `/schedules/${scheduleName(id)}`, { groupName: options.groupName });
      } catch (error) {
        if (!(error instanceof AwsServiceError && error.name === 'ResourceNotFoundException')) throw error;
      }
    },
  };
}
