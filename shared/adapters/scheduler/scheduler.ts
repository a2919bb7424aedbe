import { SchedulerClient, type SchedulerClientConfig } from '@aws-sdk/client-scheduler';
import { sdkDefaults } from '../sdk-defaults';

/** The EventBridge Scheduler client of a container (scheduler-timer.ts); an attempt gets 10 seconds. */
export const createSchedulerClient = (config: SchedulerClientConfig = {}): SchedulerClient =>
  new SchedulerClient({ ...sdkDefaults, requestHandler: { requestTimeout: 10_000 }, ...config });
