import type { ApiClient, Credentials } from './api-client';
import { blog } from './drafts';

/** An item of the demo blog as the API answers it, on `branch` (a set's, a draft's) or main. */
export const readItem = async (
  api: ApiClient,
  credentials: Credentials,
  { collection, slug, branch }: { collection: string; slug: string; branch?: string },
) =>
  (
    await api.get(
      `${blog}/content/${collection}/${slug}${branch ? `?branch=${encodeURIComponent(branch)}` : ''}`,
      credentials,
    )
  ).body;

/** Saves a change of frontmatter fields into change set `set` (the set's copy when it has one). */
export async function saveInto(
  api: ApiClient,
  credentials: Credentials,
  {
    set,
    collection,
    slug,
    change,
  }: { set: string; collection: string; slug: string; change: Record<string, unknown> },
) {
  const onSet = await api.get(
    `${blog}/content/${collection}/${slug}?branch=${encodeURIComponent(`cms/_sets/${set}`)}`,
    credentials,
  );
  const item =
    onSet.status === 200 ? onSet.body : await readItem(api, credentials, { collection, slug });
  return api.put(
    `${blog}/content/${collection}/${slug}`,
    { frontmatter: { ...item.frontmatter, ...change }, body: item.body, sha: item.sha, set },
    credentials,
  );
}
