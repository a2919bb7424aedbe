import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, revParse } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { startMediaService } from '../support/media';

let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, demo } = await startMediaService());
});
afterAll(async () => {
  await service?.stop();
});

/** Each bad path as it is written in the query string (already percent-encoded where it says so), with the rule named. */
const badPaths: [query: string, rule: RegExp][] = [
  ['../../cms.config.json', /"\." or "\.\." segments/],
  ['static/images/../../cms.config.json', /"\." or "\.\." segments/],
  ['static/images/./x.png', /"\." or "\.\." segments/],
  ['%2e%2e/%2e%2e/cms.config.json', /"\." or "\.\." segments/],
  ['static/images/%252e%252e/%252e%252e/cms.config.json', /percent-encoded/],
  ['static/images/..%252fcms.config.json', /percent-encoded/],
  ['static//images/x.png', /empty segments/],
  ['static/images/', /empty segments/],
  ['/static/images/x.png', /no leading "\/"/],
  ['static\\images\\x.png', /not "\\"/],
  ['static/images/..\\..\\cms.config.json', /not "\\"/],
  ['static/images/x%00.png', /control characters/],
  ['', /must not be empty/],
  ['static/images/.git/config', /\.git/],
];

describe('a media path that could leave the repository', () => {
  it.each(badPaths)(
    'GET and DELETE ?path=%s answer 400 naming the rule, with no GitHub round trip',
    async (query, rule) => {
      const sha = revParse(service, 'demo/blog', 'main:cms.config.json');
      service.github.resetRequestCount();

      const read = await api.get(`${blog}/media/file?path=${query}`, { session: demo });
      const removed = await api.delete(`${blog}/media/file?path=${query}&sha=${sha}`, {
        session: demo,
      });

      expect(service.github.requestCount()).toBe(0);
      for (const answer of [read, removed]) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.error).toMatch(/^query\.path: /);
        expect(answer.body.error).toMatch(rule);
      }
      expect(revParse(service, 'demo/blog', 'main:cms.config.json')).toBe(sha);
    },
  );

  it('a path inside the media directory still reads (the check refuses no real file)', async () => {
    const answer = await api.get(`${blog}/media/file?path=static/images/missing.png`, {
      session: demo,
    });
    expect(answer.status).toBe(404);
  });
});
