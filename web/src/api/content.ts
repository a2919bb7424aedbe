import type { PutContentBody } from '../../../shared/content/schemas';
import { call } from './client';

export const listItems = (repo: string, collection: string) => call('listContent', { params: { repo, collection } });

export const getItem = (repo: string, collection: string, slug: string, branch?: string) =>
  call('getContent', { params: { repo, collection, slug }, query: { branch } });

/** `sha` absent when creating. */
export type SaveItemInput = PutContentBody;

export const saveItem = (repo: string, collection: string, slug: string, input: SaveItemInput) =>
  call('putContent', { params: { repo, collection, slug }, body: input });

/** `mode: 'branch'` deletes on the draft branch (a collection locked to reviews takes only that). */
export const deleteItem = (repo: string, collection: string, slug: string, sha: string, mode: 'direct' | 'branch' = 'direct') =>
  call('deleteContent', { params: { repo, collection, slug }, query: mode === 'direct' ? { sha } : { sha, mode } });
