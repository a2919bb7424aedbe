import { skippedFilesHeader } from '../../../shared/content/list-headers';
import type { PutContentBody } from '../../../shared/content/schemas';
import { call } from './client';

/**
 * The collection's items, and how many files of its folder the list left out (`skipped`); with a
 * `limit`, its first page, and whether more follow (`more`: the answer named a next page).
 */
export async function listItems(repo: string, collection: string, query?: { limit: number }) {
  let headers = new Headers();
  const items = await call('listContent', {
    params: { repo, collection },
    query,
    onHeaders: (answered) => (headers = answered),
  });
  return {
    items,
    skipped: Number(headers.get(skippedFilesHeader)) || 0,
    ...(query && { more: headers.has('link') }),
  };
}

/** The first page a list or a relation picker asks for: a collection of up to this many items is one page, whole. */
export const wholeListLimit = 1000;

/** Each file the list leaves out, with the reason (one more request, asked for by the user). */
export const listSkippedFiles = (repo: string, collection: string) =>
  call('listSkippedFiles', { params: { repo, collection } });

/** `locale`: a translated collection's locale other than its default (absent: the default's file). */
export const getItem = (
  repo: string,
  collection: string,
  slug: string,
  branch?: string,
  locale?: string,
) => call('getContent', { params: { repo, collection, slug }, query: { branch, locale } });

/** `sha` absent when creating; `mode` absent (direct) with `set`, which takes its place. */
export type SaveItemInput = Omit<PutContentBody, 'mode'> & { mode?: PutContentBody['mode'] };

export const saveItem = (
  repo: string,
  collection: string,
  slug: string,
  input: SaveItemInput,
  locale?: string,
) =>
  call('putContent', {
    params: { repo, collection, slug },
    body: input,
    ...(locale !== undefined && { query: { locale } }),
  });

/** `mode: 'branch'` deletes on the draft branch (a collection locked to reviews takes only that). */
export const deleteItem = (
  repo: string,
  collection: string,
  slug: string,
  sha: string,
  mode: 'direct' | 'branch' = 'direct',
  locale?: string,
) =>
  call('deleteContent', {
    params: { repo, collection, slug },
    query: {
      ...(mode === 'direct' ? { sha } : { sha, mode }),
      ...(locale !== undefined && { locale }),
    },
  });

/** Moves an item to a new slug (the same bytes); `mode: 'branch'` makes the new slug's draft. */
export const renameItem = (
  repo: string,
  collection: string,
  slug: string,
  input: { to: string; sha: string; mode: 'direct' | 'branch' },
) => call('renameContent', { params: { repo, collection, slug }, body: input });

/** Copies an item's file, byte for byte, to a new slug; `mode: 'branch'` makes a new-item draft. */
export const duplicateItem = (
  repo: string,
  collection: string,
  slug: string,
  input: { to: string; mode: 'direct' | 'branch' },
) => call('duplicateContent', { params: { repo, collection, slug }, body: input });

/** Deletes several items of a collection with one commit, or one draft (`mode: 'branch'`). */
export const deleteItems = (
  repo: string,
  collection: string,
  items: { slug: string; sha: string }[],
  mode: 'direct' | 'branch',
) => call('deleteContentItems', { params: { repo }, body: { collection, items, mode } });

/** Creates an item's translation in `locale` from its default locale's file (one commit, or a draft). */
export const createTranslation = (
  repo: string,
  collection: string,
  slug: string,
  input: { locale: string; mode: 'direct' | 'branch' },
) => call('createTranslation', { params: { repo, collection, slug }, body: input });

/** A translated collection's report: per locale other than the default, its outdated and missing items. */
export const getTranslationReport = (repo: string, collection: string) =>
  call('getTranslationReport', { params: { repo, collection } });
