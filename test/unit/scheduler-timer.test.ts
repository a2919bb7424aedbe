import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSchedulerClient } from '../../shared/adapters/scheduler/scheduler';
import {
  atExpression,
  createEventBridgeTimer,
} from '../../shared/adapters/scheduler/scheduler-timer';

const scheduler = createSchedulerClient({
  region: 'eu-west-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
});
const mock = mockClient(scheduler);
const timer = createEventBridgeTimer({
  scheduler,
  groupName: 'Cms-cms',
  targetArn: 'arn:aws:lambda:eu-west-1:111122223333:function:scheduler',
  roleArn: 'arn:aws:iam::111122223333:role/invoke',
});
/** An error as the client throws it for an error answer of that type. */
const refusal = <T>(Type: new (options: never) => T, message: string) =>
  new Type({ message, Message: message, $metadata: {} } as never);

describe('the EventBridge Scheduler timer', () => {
  beforeEach(() => mock.reset());

  it('writes a UTC at() expression without offset or fraction', () => {
    expect(atExpression('2026-12-01T09:30:15.500+01:00')).toBe('at(2026-12-01T08:30:15)');
  });

  it('creates a one-time schedule that invokes the scheduler function with the id, through the role, then deletes itself', async () => {
    // Prepare
    mock.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });

    // Act
    await timer.arm({ id: 'abc_DEF-123', at: '2026-12-01T08:00:00.000Z' });

    // Assess
    expect(mock.calls()).toHaveLength(1);
    expect(mock.commandCalls(CreateScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'cms-abc_DEF-123',
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

  it('moves a schedule that exists already (ConflictException) with an update of the whole definition', async () => {
    // Prepare
    mock.on(CreateScheduleCommand).rejects(refusal(ConflictException, 'exists'));
    mock.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn' });

    // Act
    await timer.arm({ id: 'x1', at: '2026-12-02T08:00:00Z' });

    // Assess
    expect(mock.calls().map((call) => call.args[0].constructor.name)).toEqual([
      'CreateScheduleCommand',
      'UpdateScheduleCommand',
    ]);
    expect(mock.commandCalls(UpdateScheduleCommand)[0]!.args[0].input).toMatchObject({
      Name: 'cms-x1',
      GroupName: 'Cms-cms',
      ScheduleExpression: 'at(2026-12-02T08:00:00)',
      Target: { Input: '{"scheduleId":"x1"}' },
    });
  });

  it('deletes a schedule by name in its group, and takes one already gone as done', async () => {
    // Prepare
    mock.on(DeleteScheduleCommand).rejects(refusal(ResourceNotFoundException, 'gone'));

    // Act
    await timer.disarm('x1');

    // Assess
    expect(mock.commandCalls(DeleteScheduleCommand).map((call) => call.args[0].input)).toEqual([
      { Name: 'cms-x1', GroupName: 'Cms-cms' },
    ]);
  });

  it("passes other refusals on, an update's included", async () => {
    // Prepare
    mock
      .on(CreateScheduleCommand)
      .rejectsOnce(refusal(ValidationException, 'bad expression'))
      .rejectsOnce(refusal(ConflictException, 'exists'));
    mock.on(UpdateScheduleCommand).rejects(refusal(ValidationException, 'bad target'));
    mock.on(DeleteScheduleCommand).rejects(refusal(ValidationException, 'bad name'));

    // Act
    const creating = timer.arm({ id: 'x1', at: '2026-12-02T08:00:00Z' });
    await expect(creating).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'bad expression',
    });
    const updating = timer.arm({ id: 'x1', at: '2026-12-02T08:00:00Z' });
    const deleting = timer.disarm('x1');

    // Assess
    await expect(updating).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'bad target',
    });
    await expect(deleting).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'bad name',
    });
  });
});
