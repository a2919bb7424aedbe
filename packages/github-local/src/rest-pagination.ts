import type { HostContext } from './context';
import type { RestRequest } from './rest-router';

/** GitHub's page/per_page pagination with its Link header (rel order: prev, next, last, first). */

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function paginate<T>(ctx: HostContext, req: RestRequest, all: T[]): Page<T> {
  const perPage = Math.min(positiveInt(req.query.get('per_page'), DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const page = positiveInt(req.query.get('page'), 1);
  const lastPage = Math.max(1, Math.ceil(all.length / perPage));
  const items = all.slice((page - 1) * perPage, page * perPage);
  const link = (target: number, rel: string) => {
    const query = new URLSearchParams(req.query);
    query.set('page', String(target));
    return `<${ctx.apiUrl}${req.path}?${query.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), 'prev'));
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  return { items, headers: links.length > 0 ? { link: links.join(', ') } : {} };
}
