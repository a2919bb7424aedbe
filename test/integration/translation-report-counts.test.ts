import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { author, postText } from '../support/generated-collection';
import {
  createTranslatedCollection,
  type TranslatedCollection,
} from '../support/translated-collection';

/**
 * What a translation report costs in GitHub round trips (issue #36, the bench's figures at a
 * smaller size): 120 posts in English, French and German, 12 translations missing per locale, 15
 * English posts revised after their translations (test/support/translated-collection.ts).
 */
let service: TestService;
let api: ApiClient;
let session: string;
let site: TranslatedCollection;

beforeAll(async () => {
  // A budget no report here reaches: each call asks history until its statuses are all known.
  service = await startTestService({ indexSettings: { reportBudgetMs: 10 * 60_000 } });
  api = apiClient(service.url);
  session = await api.signIn('demo');
  site = await createTranslatedCollection(service, { name: 'translated', items: 120, locales: 3 });
  expect((await api.post('/api/repos', { fullName: site.fullName }, { session })).status).toBe(201);
});
afterAll(async () => {
  await service?.stop();
});

const report = async () => {
  service.github.resetRequestCount();
  const answer = await api.get(
    `/api/repos/${encodeURIComponent(site.fullName)}/content/posts/_translations`,
    { session },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { body: answer.body, github: service.github.requestCount() };
};

describe('the translation report of 120 items in 3 locales', () => {
  it('costs 1 + ⌈(files + pairs changed apart) / 100⌉ (+ 1) round trips cold, 1 warm, and reads again only what changed', async () => {
    const cold = await report();
    for (const locale of ['fr', 'de']) {
      const { missing, outdated, current } = site.expected[locale]!;
      expect(cold.body.locales[locale], locale).toMatchObject({
        current,
        outdated: outdated.length,
        missing: missing.length,
        outdatedSlugs: outdated,
        missingSlugs: missing,
      });
    }
    // fr: 108 translations, 15 outdated; de: 108, 12 outdated (3 of the revised posts are missing).
    expect(cold.body.locales.fr).toMatchObject({ current: 93, outdated: 15, missing: 12 });
    expect(cold.body.locales.de).toMatchObject({ current: 96, outdated: 12, missing: 12 });
    // The config and both directories (1); then 363 questions of history, 100 per round trip: when
    // each of 336 files last changed (the 120 English ones and 216 translations), and the English
    // file as of each of the 27 translations changed apart from it, asked in the round trip after
    // their files: 4 full round trips, and a fifth for the pairs the fourth found apart.
    expect(cold.github).toBe(1 + 5);

    const warm = await report();
    expect(warm.body).toEqual(cold.body);
    expect(warm.github).toBe(1);

    // One English post changes: its two pairs are new (3 files, then the 2 pairs, changed apart).
    const [first] = site.posts;
    await service.github.commitFiles('demo', 'translated', {
      branch: 'main',
      message: 'Revise the first post',
      author,
      changes: [{ path: first!.path, content: postText(first!, 'translated', 'again: true\n') }],
    });
    const changed = await report();
    expect(changed.body.locales.fr).toMatchObject({ current: 92, outdated: 16 });
    expect(changed.body.locales.de).toMatchObject({ current: 95, outdated: 13 });
    expect(changed.body.locales.fr.outdatedSlugs[0]).toBe(first!.slug);
    expect(changed.github).toBe(1 + 1 + 1);
  });
});
