import {
  linkHeader,
  totalCountHeader,
  type ListContentQuery,
} from '../../../shared/content/list-schemas';

/**
 * A paged list's headers: the total, and the next page as GitHub names it (`Link: <…>; rel="next"`):
 * an absolute URL on the service's public origin, the same query with the next cursor.
 */
export function pageHeaders(
  publicUrl: string,
  params: { repo: string; collection: string },
  query: ListContentQuery,
  page: { total: number; next?: string },
): Record<string, string> {
  const headers: Record<string, string> = { [totalCountHeader]: String(page.total) };
  if (page.next === undefined) return headers;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, cursor: page.next }))
    if (value !== undefined) search.set(name, String(value));
  const url = new URL(
    `/api/repos/${encodeURIComponent(params.repo)}/content/${encodeURIComponent(params.collection)}?${search}`,
    publicUrl,
  );
  headers[linkHeader] = `<${url}>; rel="next"`;
  return headers;
}
