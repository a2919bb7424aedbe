import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { SchedulesDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'schedules'>, { id: Id }>;

export const listSchedules: RouteFn<Route<'listSchedules'>, SchedulesDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: { schedules: await deps.schedules.list(signedIn(caller), params.repo) },
});

export const createSchedule: RouteFn<Route<'createSchedule'>, SchedulesDeps> = async (
  { caller, params, body },
  deps,
) => ({
  status: 201,
  body: await deps.schedules.create(signedIn(caller), params.repo, body),
});

export const reschedule: RouteFn<Route<'reschedule'>, SchedulesDeps> = async (
  { caller, params, body },
  deps,
) => ({
  status: 200,
  body: await deps.schedules.reschedule({
    caller: signedIn(caller),
    fullName: params.repo,
    id: params.scheduleId,
    at: body.at,
  }),
});

export const cancelSchedule: RouteFn<Route<'cancelSchedule'>, SchedulesDeps> = async (
  { caller, params },
  deps,
) => ({
  status: 200,
  body: await deps.schedules.cancel({
    caller: signedIn(caller),
    fullName: params.repo,
    id: params.scheduleId,
  }),
});
