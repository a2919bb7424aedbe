import { call } from './client';

/** One page of an item's versions, newest first; `cursor` the previous page's `next`. */
export const itemHistory = (repo: string, collection: string, slug: string, cursor?: string) =>
  call('getContentHistory', { params: { repo, collection, slug }, query: { cursor } });

/** The item as it was in version `ref` (a commit sha). */
export const itemVersion = (repo: string, collection: string, slug: string, ref: string) =>
  call('getContent', { params: { repo, collection, slug }, query: { ref } });

/** The review's field diff from version `from` to version `to` (the published item when absent). */
export const compareVersions = (
  repo: string,
  collection: string,
  slug: string,
  versions: { from: string; to?: string },
) => call('compareContentVersions', { params: { repo, collection, slug }, query: versions });

/** Writes version `version` back as a new commit (or a draft), guarded by the current `sha`. */
export const restoreVersion = (
  repo: string,
  collection: string,
  slug: string,
  input: { version: string; sha: string },
) => call('restoreContentVersion', { params: { repo, collection, slug }, body: input });

/** Opens a change request that undoes what version `version` changed in the item. */
export const revertVersion = (repo: string, collection: string, slug: string, version: string) =>
  call('revertContentVersion', { params: { repo, collection, slug }, body: { version } });
