import type { SuccessBody } from '../../../shared/client/api-client';
import { call } from './client';

export type PresenceBeat = SuccessBody<'beatPresence'>;
export type CollectionPresence = SuccessBody<'listPresence'>;

/** "I have this item open at version `sha`": who else has, and whether its file moved on. */
export const beatPresence = (
  repo: string,
  collection: string,
  slug: string,
  version: { sha: string; branch?: string },
) => call('beatPresence', { params: { repo, collection, slug }, body: version });

export const leavePresence = (repo: string, collection: string, slug: string) =>
  call('leavePresence', { params: { repo, collection, slug } });

export const listPresence = (repo: string, collection: string) =>
  call('listPresence', { params: { repo, collection } });
