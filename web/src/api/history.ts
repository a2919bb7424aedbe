import { call } from './client';

/** `?locale=` of a translated item's file (absent: the default locale's), for the history routes. */
const inLocale = (locale: string | undefined) => (locale === undefined ? {} : { locale });

/** One page of an item's versions, newest first; `cursor` the previous page's `next`. */
export const itemHistory = (
  repo: string,
  collection: string,
  slug: string,
  cursor?: string,
  locale?: string,
) =>
  call('getContentHistory', {
    params: { repo, collection, slug },
    query: { cursor, ...inLocale(locale) },
  });

/** The item as it was in version `ref` (a commit sha). */
export const itemVersion = (repo: string, collection: string, slug: string, ref: string) =>
  call('getContent', { params: { repo, collection, slug }, query: { ref } });

/** The review's field diff from version `from` to version `to` (the published item when absent). */
export const compareVersions = (
  repo: string,
  collection: string,
  slug: string,
  versions: { from: string; to?: string },
  locale?: string,
) =>
  call('compareContentVersions', {
    params: { repo, collection, slug },
    query: { ...versions, ...inLocale(locale) },
  });

/** Writes version `version` back as a new commit (or a draft), guarded by the current `sha`. */
export const restoreVersion = (
  repo: string,
  collection: string,
  slug: string,
  input: { version: string; sha: string },
  locale?: string,
) =>
  call('restoreContentVersion', {
    params: { repo, collection, slug },
    body: input,
    ...(locale !== undefined && { query: { locale } }),
  });

/** Opens a change request that undoes what version `version` changed in the item. */
export const revertVersion = (repo: string, collection: string, slug: string, version: string) =>
  call('revertContentVersion', { params: { repo, collection, slug }, body: { version } });
