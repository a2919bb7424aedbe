import type { SuccessBody } from '../../../shared/client/api-client';
import { call } from './client';

export type Schedule = SuccessBody<'createSchedule'>;

export const listSchedules = (repo: string) => call('listSchedules', { params: { repo } });
/** `at` is an ISO date-time with an offset; the service refuses less than a minute or more than 366 days ahead. */
export const schedulePublish = (repo: string, pull: number, at: string) =>
  call('createSchedule', { params: { repo }, body: { action: 'publish', pull, at } });
export const reschedule = (repo: string, scheduleId: string, at: string) =>
  call('reschedule', { params: { repo, scheduleId }, body: { at } });
export const cancelSchedule = (repo: string, scheduleId: string) =>
  call('cancelSchedule', { params: { repo, scheduleId } });
