import type { TestService } from './local-service';
import { author, generatedPost, postText, type GeneratedPost } from './generated-collection';

/**
 * A repository `demo/<name>` with one translated collection `posts` (issue #36), for counting what
 * its translation report costs: the default locale's generated posts in `content/posts`, every
 * other locale's in `content/{locale}/posts` (the `directories` structure), committed in one
 * commit on the local host; then a second commit rewrites some default-locale posts, so their
 * translations are outdated. Which translations are missing and which outdated is decided by the
 * post's number, so every count is known in advance:
 * - post n has no translation in the k-th locale (k ≥ 1) when (n + k) is a multiple of 10;
 * - post n's default-locale file changes after its translations when n is a multiple of 8.
 */
export interface TranslatedCollection {
  fullName: string;
  /** The default locale first. */
  locales: string[];
  posts: GeneratedPost[];
  /** Per other locale, the slugs with no file there, and those whose translation is outdated. */
  expected: Record<string, { missing: string[]; outdated: string[]; current: number }>;
}

/** The first locales of this list: English (the default), then nine others. */
const allLocales = ['en', 'fr', 'de', 'es', 'it', 'ja', 'ko', 'pt-br', 'zh-cn', 'nl'];

export const isMissing = (n: number, k: number) => (n + k) % 10 === 0;
export const isOutdated = (n: number) => n % 8 === 0;

export async function createTranslatedCollection(
  service: TestService,
  input: { name: string; items: number; locales: number },
): Promise<TranslatedCollection> {
  if (input.locales < 2 || input.locales > allLocales.length)
    throw new Error(`A translated collection has 2 to ${allLocales.length} locales`);
  const locales = allLocales.slice(0, input.locales);
  const config = {
    name: 'Translated',
    i18n: { locales, default: 'en' },
    collections: {
      posts: {
        label: 'Posts',
        directory: 'content/posts',
        i18n: { structure: 'directories', directory: 'content/{locale}/posts' },
        fields: [
          { name: 'title', type: 'string', label: 'Title' },
          { name: 'date', type: 'date', label: 'Date', i18n: 'shared' },
          { name: 'tags', type: 'string[]', label: 'Tags', i18n: 'duplicate' },
        ],
      },
    },
  };
  const posts = Array.from({ length: input.items }, (_, n) => generatedPost(n + 1));
  const others = locales.slice(1);
  const pathIn = (locale: string, post: GeneratedPost) =>
    locale === 'en' ? post.path : post.path.replace(/^content\//, `content/${locale}/`);
  const changes = [{ path: 'cms.config.json', content: JSON.stringify(config) }];
  posts.forEach((post, at) => {
    changes.push({ path: post.path, content: postText(post, input.name) });
    others.forEach((locale, k) => {
      if (!isMissing(at + 1, k + 1))
        changes.push({
          path: pathIn(locale, post),
          content: postText(post, input.name, `lang: ${locale}\n`),
        });
    });
  });
  await service.github.createRepository({ owner: 'demo', name: input.name, installApp: true });
  await service.github.commitFiles('demo', input.name, {
    branch: 'main',
    message: `Add ${input.items} posts in ${locales.length} locales`,
    author,
    changes,
  });
  await service.github.commitFiles('demo', input.name, {
    branch: 'main',
    message: 'Revise some posts in English',
    author,
    changes: posts
      .filter((_, at) => isOutdated(at + 1))
      .map((post) => ({ path: post.path, content: postText(post, input.name, 'revised: true\n') })),
  });
  const expected: TranslatedCollection['expected'] = {};
  others.forEach((locale, k) => {
    const missing = posts.filter((_, at) => isMissing(at + 1, k + 1)).map((post) => post.slug);
    const outdated = posts
      .filter((_, at) => isOutdated(at + 1) && !isMissing(at + 1, k + 1))
      .map((post) => post.slug);
    expected[locale] = {
      missing,
      outdated,
      current: posts.length - missing.length - outdated.length,
    };
  });
  return { fullName: `demo/${input.name}`, locales, posts, expected };
}
