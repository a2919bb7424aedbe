import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, type Route } from '../../../web/src/router/routes';

describe('editor addresses', () => {
  const routes: Route[] = [
    { name: 'repos' },
    { name: 'tokens' },
    { name: 'repo', repo: 'demo/blog' },
    { name: 'collection', repo: 'demo/blog', collection: 'posts' },
    { name: 'new-item', repo: 'demo/blog', collection: 'posts' },
    { name: 'item', repo: 'demo/blog', collection: 'posts', slug: 'new' },
    { name: 'item', repo: 'demo/my.site', collection: 'posts', slug: '2024-02-14-hello-world' },
    { name: 'item', repo: 'demo/blog', collection: 'posts', slug: 'hello', history: true },
    { name: 'collection', repo: 'demo/blog', collection: 'guides', locale: 'fr' },
    { name: 'item', repo: 'demo/blog', collection: 'guides', slug: 'install', locale: 'pt-BR' },
    { name: 'translations', repo: 'demo/blog', collection: 'guides' },
    { name: 'item', repo: 'demo/blog', collection: 'guides', slug: 'install', translate: 'fr' },
    { name: 'reviews', repo: 'demo/blog' },
    { name: 'review', repo: 'demo/blog', number: 12 },
    { name: 'activity', repo: 'demo/blog' },
    { name: 'webhooks', repo: 'demo/blog' },
  ];

  it.each(routes.map((route) => [formatRoute(route), route] as const))(
    '%s round-trips',
    (path, route) => {
      expect(parseRoute(path)).toEqual(route);
    },
  );

  it('treats unknown addresses as not found', () => {
    expect(parseRoute('/app/r/demo')).toEqual({ name: 'not-found' });
    expect(parseRoute('/app/r/demo/blog/reviews/x')).toEqual({ name: 'not-found' });
    expect(parseRoute('/elsewhere')).toEqual({ name: 'not-found' });
    expect(parseRoute('/app')).toEqual({ name: 'repos' });
  });

  it("keeps a translated list's or item's locale in the query, and only theirs", () => {
    expect(
      formatRoute({
        name: 'item',
        repo: 'demo/blog',
        collection: 'guides',
        slug: 'a',
        locale: 'fr',
      }),
    ).toBe('/app/r/demo/blog/c/guides/i/a?locale=fr');
    expect(parseRoute('/app/r/demo/blog/c/guides?locale=fr')).toEqual({
      name: 'collection',
      repo: 'demo/blog',
      collection: 'guides',
      locale: 'fr',
    });
    expect(parseRoute('/app/r/demo/blog/reviews?locale=fr')).toEqual({
      name: 'reviews',
      repo: 'demo/blog',
    });
    expect(parseRoute('/app/r/demo/blog/c/guides?locale=')).toEqual({
      name: 'collection',
      repo: 'demo/blog',
      collection: 'guides',
    });
  });
});
