import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { ScheduleTimer } from '../../ports/schedule-timer';

/**
 * The schedule timer on AWS: one EventBridge Scheduler one-time schedule per schedule, named
 * `cms-<id>` in the stack's schedule group, that invokes the scheduler function with
 * `{"scheduleId": id}` through the role the stack made for it, then deletes itself.
 */
export interface EventBridgeTimerOptions {
  /** The container's EventBridge Scheduler client (scheduler.ts). */
  scheduler: Pick<SchedulerClient, 'send'>;
  groupName: string;
  /** The scheduler function's ARN. */
  targetArn: string;
  /** The role EventBridge Scheduler assumes to invoke it. */
  roleArn: string;
}

/** `at()` takes a local time without offset or fraction; the schedule says its zone is UTC. */
export const atExpression = (iso: string): string =>
  `at(${new Date(iso).toISOString().slice(0, 19)})`;

export const scheduleName = (id: string): string => `cms-${id}`;

export function createEventBridgeTimer({
  scheduler,
  groupName,
  targetArn,
  roleArn,
}: EventBridgeTimerOptions): ScheduleTimer {
  const definition = (id: string, at: string): CreateScheduleCommandInput => ({
    Name: scheduleName(id),
    GroupName: groupName,
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: targetArn,
      RoleArn: roleArn,
      Input: JSON.stringify({ scheduleId: id }),
      RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
    },
  });

  return {
    async arm({ id, at }) {
      try {
        await scheduler.send(new CreateScheduleCommand(definition(id, at)));
      } catch (error) {
        // Already armed: UpdateSchedule replaces the whole definition.
        if (!(error instanceof ConflictException)) throw error;
        await scheduler.send(new UpdateScheduleCommand(definition(id, at)));
      }
    },
    async disarm(id) {
      try {
        await scheduler.send(
          new DeleteScheduleCommand({ Name: scheduleName(id), GroupName: groupName }),
        );
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}
