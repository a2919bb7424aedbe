import { expect } from 'vitest';
import type { ApiClient } from './api-client';

export const blog = '/api/repos/demo%2Fblog';

/** Saves a change of `frontmatter` fields to the draft branch of a post; returns the PUT answer. */
export async function saveDraft(api: ApiClient, session: string, slug: string, change: Record<string, unknown>, body?: string) {
  const item = (await api.get(`${blog}/content/posts/${slug}`, { session })).body;
  const branchItem = await api.get(`${blog}/content/posts/${slug}?branch=cms/posts/${slug}`, { session });
  const current = branchItem.status === 200 ? branchItem.body : item;
  const response = await api.put(
    `${blog}/content/posts/${slug}`,
    { frontmatter: { ...current.frontmatter, ...change }, body: body ?? current.body, sha: current.sha, mode: 'branch' },
    { session },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { sha: string; path: string; branch: string };
}

/** Commits straight to the default branch through the API (as another editor would). */
export async function publishDirect(api: ApiClient, session: string, slug: string, change: Record<string, unknown>, body?: string) {
  const item = (await api.get(`${blog}/content/posts/${slug}`, { session })).body;
  const response = await api.put(`${blog}/content/posts/${slug}`, { frontmatter: { ...item.frontmatter, ...change }, body: body ?? item.body, sha: item.sha }, { session });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export async function openPull(api: ApiClient, session: string, slug: string, title = `Edit ${slug}`) {
  const response = await api.post(`${blog}/pulls`, { branch: `cms/posts/${slug}`, title }, { session });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { number: number; htmlUrl: string; previewUrl: string | null };
}
