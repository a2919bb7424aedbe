import type { SuccessBody } from '../../../shared/client/api-client';
import { call } from './client';

export type ActivityPage = SuccessBody<'listRepoActivity'>;
export type ActivityEntry = ActivityPage['records'][number];

export const listRepoActivity = (repo: string, cursor?: string) =>
  call('listRepoActivity', { params: { repo }, query: { limit: 50, ...(cursor && { cursor }) } });
