import type { ScheduleTimer } from '../shared/ports/schedule-timer';
import type { AwsEnv } from './aws-env';
import { onFirstUse } from './aws-on-first-use';

/**
 * The schedule timer of the schedules group: EventBridge Scheduler one-time schedules in
 * `SCHEDULE_GROUP` that invoke `SCHEDULER_FUNCTION_ARN` through `SCHEDULER_ROLE_ARN` (set with
 * their grants by `CmsFunction.useScheduler`). Its client loads when a schedule is first set,
 * moved or cancelled: listing schedules and reading drafts need none.
 */
export function createAwsScheduleTimer(
  env: Pick<AwsEnv, 'SCHEDULE_GROUP' | 'SCHEDULER_FUNCTION_ARN' | 'SCHEDULER_ROLE_ARN'>,
): ScheduleTimer {
  return onFirstUse<ScheduleTimer>(
    async () => {
      const [{ createSchedulerClient }, { createEventBridgeTimer }] = await Promise.all([
        import('../shared/adapters/scheduler/scheduler'),
        import('../shared/adapters/scheduler/scheduler-timer'),
      ]);
      return createEventBridgeTimer({
        scheduler: createSchedulerClient(),
        groupName: env.SCHEDULE_GROUP,
        targetArn: env.SCHEDULER_FUNCTION_ARN,
        roleArn: env.SCHEDULER_ROLE_ARN,
      });
    },
    { arm: true, disarm: true },
  );
}
