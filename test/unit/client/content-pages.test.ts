import { describe, expect, it } from 'vitest';
import { createApiClient, HttpError } from '../../../shared/client/api-client';
import { contentPages, listContentPage, nextCursorOf } from '../../../shared/client/content-pages';

/** A service of `count` items answering pages as the list does: Link to the next page, X-Total-Count. */
function pagedService(count: number) {
  const asked: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    const at = new URL(String(url), 'http://cms.test');
    asked.push(`${at.pathname}${at.search}`);
    const limit = Number(at.searchParams.get('limit'));
    const offset = Number(at.searchParams.get('cursor') ?? 0);
    const items = Array.from({ length: Math.min(limit, count - offset) }, (_, n) => ({
      slug: `p${offset + n}`,
      path: `p${offset + n}.md`,
      sha: 'a'.repeat(40),
      frontmatter: {},
    }));
    const headers: Record<string, string> = {
      'x-total-count': String(count),
      'x-skipped-files': '1',
    };
    if (offset + limit < count)
      headers.link = `<https://cms.example/api/repos/o%2Fr/content/posts?limit=${limit}&cursor=${offset + limit}>; rel="next"`;
    return new Response(JSON.stringify(items), { status: 200, headers });
  }) as typeof globalThis.fetch;
  return { asked, call: createApiClient({ fetch }).call };
}

describe('paged lists through the typed client', () => {
  it('answers one page with the next cursor from the Link header and the total', async () => {
    const { asked, call } = pagedService(5);
    const page = await listContentPage(call, {
      repo: 'o/r',
      collection: 'posts',
      query: { limit: 2, sort: 'date', order: 'desc', q: 'a b' },
    });
    expect(page).toMatchObject({ next: '2', total: 5, skipped: 1 });
    expect(page.items.map((item) => item.slug)).toEqual(['p0', 'p1']);
    expect(asked).toEqual(['/api/repos/o%2Fr/content/posts?limit=2&sort=date&order=desc&q=a+b']);
  });

  it('follows every page to the last, which names no next cursor', async () => {
    const { asked, call } = pagedService(5);
    const pages = [];
    for await (const page of contentPages(call, {
      repo: 'o/r',
      collection: 'posts',
      query: { limit: 2 },
    }))
      pages.push(page);
    expect(pages.map((page) => page.items.map((item) => item.slug))).toEqual([
      ['p0', 'p1'],
      ['p2', 'p3'],
      ['p4'],
    ]);
    expect(pages.at(-1)!.next).toBeNull();
    expect(asked).toHaveLength(3);
    expect(nextCursorOf(null)).toBeNull();
    expect(nextCursorOf('<https://x/a?cursor=abc&limit=3>; rel="prev"')).toBeNull();
  });

  it('hands a 503 over with its body and headers (the progress and Retry-After of an index being built)', async () => {
    const body = {
      error: 'The index of posts is being built (1 of 3 files read); try again in 5 s',
      progress: { done: 1, total: 3 },
    };
    const fetch = (async () =>
      new Response(JSON.stringify(body), {
        status: 503,
        headers: { 'retry-after': '5' },
      })) as typeof globalThis.fetch;
    const error = await listContentPage(createApiClient({ fetch }).call, {
      repo: 'o/r',
      collection: 'posts',
      query: { sort: 'date' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toEqual(body);
    expect((error as HttpError).headers?.get('retry-after')).toBe('5');
  });
});
