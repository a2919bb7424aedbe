/**
 * ScheduleTimer: what wakes the runner at a schedule's time. On AWS an EventBridge Scheduler
 * one-time schedule that invokes the scheduler function; locally an in-process timer that re-arms
 * the pending schedules from the table at start. Arming an id again moves it; disarming an id
 * that is not armed is not an error. The runner re-checks the record, so a stray wake-up is harmless.
 */
export interface ScheduleTimer {
  arm(schedule: { id: string; at: string }): Promise<void>;
  disarm(id: string): Promise<void>;
}
