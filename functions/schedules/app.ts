import { callerOptions } from '../../shared/http/base-deps';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import { schedulesRoutes } from '../../shared/route-table/schedules';
import type { SchedulesDeps } from './deps';
import {
  cancelSchedule,
  createSchedule,
  listSchedules,
  reschedule,
} from './routes/schedule-routes';

export const makeSchedulesHandler = (deps: SchedulesDeps) =>
  makeGroupHandler({
    table: schedulesRoutes,
    routes: { listSchedules, createSchedule, reschedule, cancelSchedule },
    ...callerOptions(deps),
  });
