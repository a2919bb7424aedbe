import type { ContentItem, PutContentResult, SaveMode } from '../../../shared/content/schemas';
import { repoBase, request } from './client';

const itemPath = (repo: string, collection: string, slug: string) =>
  `${repoBase(repo)}/content/${encodeURIComponent(collection)}/${encodeURIComponent(slug)}`;

export const listItems = (repo: string, collection: string) =>
  request<ContentItem[]>('GET', `${repoBase(repo)}/content/${encodeURIComponent(collection)}`);

export const getItem = (repo: string, collection: string, slug: string, branch?: string) =>
  request<ContentItem>('GET', itemPath(repo, collection, slug), { query: { branch } });

export interface SaveItemInput {
  frontmatter: Record<string, unknown>;
  body: string;
  /** Absent when creating. */
  sha?: string;
  mode: SaveMode;
}

export const saveItem = (repo: string, collection: string, slug: string, input: SaveItemInput) =>
  request<PutContentResult>('PUT', itemPath(repo, collection, slug), { body: input });

/** `mode: 'branch'` deletes on the draft branch (a collection locked to reviews takes only that). */
export const deleteItem = (repo: string, collection: string, slug: string, sha: string, mode: 'direct' | 'branch' = 'direct') =>
  request<{ ok: boolean; branch?: string }>('DELETE', itemPath(repo, collection, slug), { query: mode === 'direct' ? { sha } : { sha, mode } });
