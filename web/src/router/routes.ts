/** Every screen of the editor and its address under /app. Pure: parse and format round-trip. */
export type Route =
  | { name: 'repos' }
  | { name: 'repo'; repo: string }
  /** `locale`: a translated collection's locale other than its default (`?locale=fr`). */
  | { name: 'collection'; repo: string; collection: string; locale?: string }
  /** `history`: the item's History panel open (`…/i/<slug>/history`, where the activity page links). */
  | {
      name: 'item';
      repo: string;
      collection: string;
      slug: string;
      history?: true;
      locale?: string;
      /** A locale the item has no translation in, marked in its locale switcher (`?translate=fr`). */
      translate?: string;
    }
  /** A translated collection's translation board: each locale's current, outdated and missing items. */
  | { name: 'translations'; repo: string; collection: string }
  | { name: 'new-item'; repo: string; collection: string }
  | { name: 'reviews'; repo: string }
  | { name: 'review'; repo: string; number: number }
  | { name: 'activity'; repo: string }
  | { name: 'webhooks'; repo: string }
  | { name: 'tokens' }
  | { name: 'not-found' };

export const basePath = '/app';

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The screen at `address`: a path, with its `?locale=` when a translated collection's list or item
 * has one, and an item's `?translate=` (the translation the board sent the user to create).
 */
export function parseRoute(address: string): Route {
  const [pathname = '', search = ''] = address.split('?', 2);
  const route = parseScreen(pathname);
  const query = new URLSearchParams(search);
  const locale = query.get('locale');
  const translate = query.get('translate');
  if (route.name !== 'collection' && route.name !== 'item') return route;
  return {
    ...route,
    ...(locale && { locale }),
    ...(translate && route.name === 'item' && { translate }),
  };
}

function parseScreen(pathname: string): Route {
  if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return { name: 'not-found' };
  const parts = pathname.slice(basePath.length).split('/').filter(Boolean).map(decode);
  const [first, owner, name, section, collection, kind, slug] = parts;
  if (parts.length === 0) return { name: 'repos' };
  if (first === 'settings' && owner === 'tokens' && parts.length === 2) return { name: 'tokens' };
  if (first !== 'r' || !owner || !name) return { name: 'not-found' };
  const repo = `${owner}/${name}`;
  if (!section) return { name: 'repo', repo };
  if (section === 'activity')
    return parts.length === 4 ? { name: 'activity', repo } : { name: 'not-found' };
  if (section === 'webhooks')
    return parts.length === 4 ? { name: 'webhooks', repo } : { name: 'not-found' };
  if (section === 'reviews') {
    if (!collection) return { name: 'reviews', repo };
    const number = Number(collection);
    return Number.isInteger(number) && number > 0 && parts.length === 5
      ? { name: 'review', repo, number }
      : { name: 'not-found' };
  }
  if (section !== 'c' || !collection) return { name: 'not-found' };
  if (!kind) return { name: 'collection', repo, collection };
  if (kind === 'translations' && parts.length === 6)
    return { name: 'translations', repo, collection };
  if (kind === 'new' && parts.length === 6) return { name: 'new-item', repo, collection };
  if (kind === 'i' && slug && parts.length === 7) return { name: 'item', repo, collection, slug };
  if (kind === 'i' && slug && parts.length === 8 && parts[7] === 'history')
    return { name: 'item', repo, collection, slug, history: true };
  return { name: 'not-found' };
}

const enc = encodeURIComponent;
const repoPath = (repo: string) => `${basePath}/r/${repo.split('/').map(enc).join('/')}`;

/** The route's address; a list's or an item's locale rides along as `?locale=`, an item's `translate` as `?translate=`. */
export function formatRoute(route: Route): string {
  const path = formatPath(route);
  const query = new URLSearchParams({
    ...('locale' in route && route.locale && { locale: route.locale }),
    ...('translate' in route && route.translate && { translate: route.translate }),
  }).toString();
  return query ? `${path}?${query}` : path;
}

function formatPath(route: Route): string {
  switch (route.name) {
    case 'repos':
    case 'not-found':
      return `${basePath}/`;
    case 'tokens':
      return `${basePath}/settings/tokens`;
    case 'repo':
      return repoPath(route.repo);
    case 'collection':
      return `${repoPath(route.repo)}/c/${enc(route.collection)}`;
    case 'new-item':
      return `${repoPath(route.repo)}/c/${enc(route.collection)}/new`;
    case 'translations':
      return `${repoPath(route.repo)}/c/${enc(route.collection)}/translations`;
    case 'item':
      return `${repoPath(route.repo)}/c/${enc(route.collection)}/i/${enc(route.slug)}${route.history ? '/history' : ''}`;
    case 'reviews':
      return `${repoPath(route.repo)}/reviews`;
    case 'review':
      return `${repoPath(route.repo)}/reviews/${route.number}`;
    case 'activity':
      return `${repoPath(route.repo)}/activity`;
    case 'webhooks':
      return `${repoPath(route.repo)}/webhooks`;
  }
}
