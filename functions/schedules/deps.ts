import type { BaseDeps } from '../../shared/http/base-deps';
import type { ScheduleActions } from '../../shared/schedules/schedule-actions';

export interface SchedulesDeps extends BaseDeps {
  schedules: ScheduleActions;
}
