import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import {
  createTranslatedCollection,
  type TranslatedCollection,
} from '../support/translated-collection';
import { createCliHome, runCli } from './cli-support';

/**
 * A cold translation report that does not fit one request (issue #36): with the report's time
 * budget spent from the start (the same settings hook the index tests use), each request asks git
 * history once, keeps what that round trip decided and answers the rest as pending; the next
 * request continues from there, so the report finishes whatever the collection's size.
 */
let service: TestService;
let api: ApiClient;
let session: string;
let site: TranslatedCollection;

beforeAll(async () => {
  service = await startTestService({ indexSettings: { reportBudgetMs: 0 } });
  api = apiClient(service.url);
  session = await api.signIn('demo');
  site = await createTranslatedCollection(service, { name: 'partial', items: 120, locales: 3 });
  expect((await api.post('/api/repos', { fullName: site.fullName }, { session })).status).toBe(201);
});
afterAll(async () => {
  await service?.stop();
});

const path = () => `/api/repos/${encodeURIComponent(site.fullName)}/content/posts/_translations`;
const report = async () => {
  service.github.resetRequestCount();
  const answer = await api.get(path(), { session });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { body: answer.body, github: service.github.requestCount() };
};

describe('a translation report past its time budget', () => {
  it('answers what it knows with complete: false and the pending count, and the next request continues until complete', async () => {
    const answers = [];
    for (let call = 0; call < 20; call += 1) {
      const answer = await report();
      answers.push(answer);
      if (answer.body.complete) break;
    }
    const [first] = answers;
    // One read of the config and directories; one history round trip for 100 of the 336 files
    // (the first 35 posts' two or three files, and the 36th's English one): 57 of their 64 pairs
    // changed together; then, past the budget, one for the 7 changed apart (posts 8, 16, 24, 32).
    expect(first!.github).toBe(3);
    expect(first!.body.complete).toBe(false);
    expect(first!.body.pending).toBe(216 - 64);
    for (const locale of ['fr', 'de']) {
      const counts = first!.body.locales[locale];
      expect(counts.current + counts.outdated + counts.missing + counts.pending).toBe(120);
      // Missing translations need no history: they are whole from the first answer.
      expect(counts.missing).toBe(12);
    }
    // docs/api-guide.md shows this answer.
    expect(first!.body.locales.fr).toMatchObject({
      current: 28,
      outdated: 4,
      missing: 12,
      pending: 76,
    });
    expect(first!.body.locales.fr.outdatedSlugs).toEqual([
      'post-0008',
      'post-0016',
      'post-0024',
      'post-0032',
    ]);
    expect(first!.body.locales.fr.pending + first!.body.locales.de.pending).toBe(
      first!.body.pending,
    );
    // Every request costs at most three round trips and leaves fewer statuses pending: what each
    // learned was kept.
    for (const [at, answer] of answers.entries()) {
      expect(answer.github, `request ${at + 1}`).toBeLessThanOrEqual(3);
      if (at > 0) expect(answer.body.pending).toBeLessThan(answers[at - 1]!.body.pending);
    }
    // 100 files a request (a post's files straddling two requests are asked by both): 64 pairs
    // decided, and the last 24.
    expect(answers.map((answer) => answer.body.pending)).toEqual([152, 88, 24, 0]);
    const last = answers.at(-1)!.body;
    expect(last).toMatchObject({ complete: true, pending: 0 });
    for (const locale of ['fr', 'de']) {
      const { missing, outdated, current } = site.expected[locale]!;
      expect(last.locales[locale], locale).toEqual({
        current,
        outdated: outdated.length,
        missing: missing.length,
        pending: 0,
        outdatedSlugs: outdated,
        missingSlugs: missing,
      });
    }
    // Complete, it is read from the table alone.
    const warm = await report();
    expect(warm).toEqual({ body: last, github: 1 });
  });

  it('cms i18n status says the report is partial and asks again until it is whole', async () => {
    await createTranslatedCollection(service, { name: 'partial-cli', items: 40, locales: 3 });
    expect(
      (await api.post('/api/repos', { fullName: 'demo/partial-cli' }, { session })).status,
    ).toBe(201);
    const { token } = await api.createToken(session, {
      repos: ['demo/partial-cli'],
      permissions: ['content:read'],
    });
    const home = await createCliHome(service.url);
    try {
      const shown = await runCli(
        ['i18n', 'status', 'demo/partial-cli', 'posts'],
        home.env({ CMS_TOKEN: token }),
      );
      expect(shown.code, shown.stderr).toBe(0);
      // 40 posts: the first request decides 64 of the 72 pairs (as above), the second the rest.
      expect(shown.stderr).toContain('Partial report: 8 statuses not known yet; asking again');
      const lines = shown.stdout.trim().split('\n');
      expect(lines.find((line) => line.startsWith('fr '))).toMatch(
        /^fr\s+31\s+5\s+4\s+post-0008 post-0016 post-0024 post-0032 post-0040$/,
      );
    } finally {
      await home.remove();
    }
  });
});
