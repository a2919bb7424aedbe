import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import type { TestService } from './local-service';

/**
 * A repository `demo/<name>` with one generated collection `posts` (`content/posts/post-NNNN.md`,
 * or page bundles `content/posts/post-NNNN/index.md`), committed in one commit on the local host
 * and connected by demo: for lists large enough to page, sort, filter and index.
 *
 * Post n has the title "<word> number n" (words cycle through `titleWords`), a date that runs
 * backwards from 2026-01-01 one day per post except every seventh post, which has none, and tags.
 */
export const titleWords = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'] as const;

export interface GeneratedPost {
  slug: string;
  path: string;
  title: string;
  date: string | null;
}

export const postSlug = (n: number) => `post-${String(n).padStart(4, '0')}`;

export function generatedPost(n: number, bundles = false): GeneratedPost {
  const slug = postSlug(n);
  const day = new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString().slice(0, 10);
  return {
    slug,
    path: bundles ? `content/posts/${slug}/index.md` : `content/posts/${slug}.md`,
    title: `${titleWords[n % titleWords.length]} number ${n}`,
    date: n % 7 === 0 ? null : day,
  };
}

/** A post's file; `repo` goes into the body, so that no two repositories share a blob (nor its cached frontmatter). */
export const postText = (post: GeneratedPost, repo: string, extra = '') =>
  `---\ntitle: ${post.title}\n${post.date === null ? '' : `date: ${post.date}\n`}tags: [generated, n${post.slug.slice(5)}]\n${extra}---\nThe body of ${post.title} in ${repo}.\n`;

const config = (bundles: boolean) =>
  JSON.stringify({
    name: 'Generated',
    collections: {
      posts: {
        label: 'Posts',
        directory: 'content/posts',
        ...(bundles ? { path: '{slug}/index.md' } : {}),
        fields: [
          { name: 'title', type: 'string', label: 'Title' },
          { name: 'date', type: 'date', label: 'Date' },
          { name: 'tags', type: 'string[]', label: 'Tags' },
        ],
      },
    },
  });

export const author = { name: 'Generator', email: 'generator@example.com' };

/** Creates, fills and connects the repository; answers its full name and the posts in path order. */
export async function createGeneratedCollection(
  service: TestService,
  api: ApiClient,
  session: string,
  input: { name: string; count: number; bundles?: boolean },
): Promise<{ fullName: string; posts: GeneratedPost[] }> {
  const bundles = input.bundles ?? false;
  await service.github.createRepository({ owner: 'demo', name: input.name, installApp: true });
  const posts = Array.from({ length: input.count }, (_, n) => generatedPost(n + 1, bundles));
  await service.github.commitFiles('demo', input.name, {
    branch: 'main',
    message: `Add ${input.count} posts`,
    author,
    changes: [
      { path: 'cms.config.json', content: config(bundles) },
      ...posts.map((post) => ({ path: post.path, content: postText(post, input.name) })),
    ],
  });
  const fullName = `demo/${input.name}`;
  expect((await api.post('/api/repos', { fullName }, { session })).status).toBe(201);
  return { fullName, posts };
}

/** The URL of the collection's list, with a query. */
export const listUrl = (fullName: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  ).toString();
  return `/api/repos/${encodeURIComponent(fullName)}/content/posts${search ? `?${search}` : ''}`;
};

/** The path and query of a Link header's rel="next", or null when there is none. */
export function nextOf(response: { headers: Headers }): string | null {
  const link = response.headers.get('link');
  if (link === null) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  if (!match?.[1]) throw new Error(`Not a Link header with rel="next": ${link}`);
  const url = new URL(match[1]);
  return `${url.pathname}${url.search}`;
}
