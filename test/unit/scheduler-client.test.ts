import { describe, expect, it } from 'vitest';
import type { SignedRequest } from '../../shared/aws/aws-json-client';
import { atExpression, createEventBridgeTimer } from '../../shared/aws/scheduler-client';

type Answer = { status: number; body?: object };

/** A stand-in for EventBridge Scheduler's REST API: records each signed request, answers in turn. */
function fakeScheduler(answers: Answer[]) {
  const sent: (SignedRequest & { json?: Record<string, any> })[] = [];
  const transport = async (request: SignedRequest) => {
    sent.push({ ...request, ...(request.body ? { json: JSON.parse(request.body) } : {}) });
    const answer = answers.shift() ?? { status: 200, body: {} };
    return { status: answer.status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer.body ?? {}) };
  };
  const timer = createEventBridgeTimer({
    groupName: 'Cms-cms',
    targetArn: 'arn:aws:lambda:eu-west-1:111122223333:function:scheduler',
    roleArn: 'arn:aws:iam::111122223333:role/invoke',
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    transport,
  });
  return { timer, sent };
}

describe('the EventBridge Scheduler timer', () => {
  it('writes a UTC at() expression without offset or fraction', () => {
    expect(atExpression('2026-12-01T09:30:15.500+01:00')).toBe('at(2026-12-01T08:30:15)');
  });

  it('creates a one-time schedule that invokes the scheduler function with the id, through the role, then deletes itself', async () => {
    const { timer, sent } = fakeScheduler([{ status: 200, body: { ScheduleArn: 'arn' } }]);
    await timer.arm({ id: 'abc_DEF-123', at: '2026-12-01T08:00:00.000Z' });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.method).toBe('POST');
    expect(request!.url.href).toBe('https://scheduler.eu-west-1.amazonaws.com/schedules/cms-abc_DEF-123');
    expect(request!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/scheduler\/aws4_request/);
    expect(request!.json).toEqual({
      GroupName: 'Cms-cms',
      ScheduleExpression: 'at(2026-12-01T08:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: {
        Arn: 'arn:aws:lambda:eu-west-1:111122223333:function:scheduler',
        RoleArn: 'arn:aws:iam::111122223333:role/invoke',
        Input: '{"scheduleId":"abc_DEF-123"}',
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      },
    });
  });

  it('moves a schedule that exists already (ConflictException) with an update', async () => {
    const { timer, sent } = fakeScheduler([{ status: 409, body: { __type: 'ConflictException', Message: 'exists' } }, { status: 200 }]);
    await timer.arm({ id: 'x1', at: '2026-12-02T08:00:00Z' });
    expect(sent.map((request) => request.method)).toEqual(['POST', 'PUT']);
    expect(sent[1]!.json?.ScheduleExpression).toBe('at(2026-12-02T08:00:00)');
  });

  it('deletes a schedule by name in its group, and takes one already gone as done', async () => {
    const { timer, sent } = fakeScheduler([{ status: 404, body: { __type: 'ResourceNotFoundException', Message: 'gone' } }]);
    await timer.disarm('x1');
    expect(sent[0]!.method).toBe('DELETE');
    expect(sent[0]!.url.href).toBe('https://scheduler.eu-west-1.amazonaws.com/schedules/cms-x1?groupName=Cms-cms');
  });

  it('passes other refusals on', async () => {
    const { timer } = fakeScheduler([{ status: 400, body: { __type: 'ValidationException', Message: 'bad expression' } }]);
    await expect(timer.arm({ id: 'x1', at: '2026-12-02T08:00:00Z' })).rejects.toMatchObject({ name: 'ValidationException', message: 'bad expression' });
  });
});
