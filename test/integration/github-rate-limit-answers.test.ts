import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog } from '../support/drafts';
import { gitLog } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * GitHub's rate limit reaches a client as 503 with `Retry-After` (the seconds GitHub asked for), so
 * a CI job can wait and send the request again; a 502 would say GitHub failed. The local host
 * answers the secondary rate limit as GitHub does (403, `retry-after`, its message).
 */
let service: TestService;
let api: ApiClient;
let token: string;

beforeAll(async () => {
  const signedIn = await signedInService();
  ({ service, api } = signedIn);
  ({ token } = await signedIn.tokenApi({
    repos: ['demo/blog'],
    permissions: ['content:read', 'content:write'],
  }));
});
afterAll(async () => {
  await service?.stop();
});

const slug = '2024-03-02-writing-in-markdown';

describe("GitHub's rate limit, as a client sees it", () => {
  it('a read answers 503 with Retry-After the seconds GitHub asked for, and the same read succeeds afterwards', async () => {
    // Prepare
    service.github.injectFaults(
      { kind: 'secondary-rate-limit', retryAfterSeconds: 120, count: 1 },
      { pathPrefix: '/api/graphql' },
    );

    // Act
    const response = await api.get(`${blog}/content/posts/${slug}`, { token });

    // Assess
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(response.headers.get('retry-after')).toBe('120');
    expect(response.body).toEqual({
      error: expect.stringMatching(/^GitHub's rate limit was reached while .+; retry after 120 s$/),
    });
    expect((await api.get(`${blog}/content/posts/${slug}`, { token })).status).toBe(200);
  });

  it("a read that meets GraphQL's spent primary limit (a 200 with RATE_LIMITED) answers 503 with Retry-After until the reset", async () => {
    // Prepare: an item no earlier read has cached, so GraphQL is asked.
    service.github.injectFaults(
      { kind: 'rate-limit', resetInSeconds: 900, count: 1 },
      { pathPrefix: '/api/graphql' },
    );

    // Act
    const response = await api.get(`${blog}/content/posts/2024-04-18-static-sites-and-git`, {
      token,
    });

    // Assess: the wait runs to GitHub's reset time (GitHub's clock in whole seconds, plus one).
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(900);
    expect(retryAfter).toBeLessThanOrEqual(902);
    expect(response.body.error).toMatch(
      /^GitHub's rate limit was reached while .+; retry after \d+ s$/,
    );
    expect(
      (await api.get(`${blog}/content/posts/2024-04-18-static-sites-and-git`, { token })).status,
    ).toBe(200);
  });

  it('a write GitHub refused for its rate limit answers 503 with Retry-After, commits nothing, and succeeds when sent again', async () => {
    // Prepare
    const item = (await api.get(`${blog}/content/posts/${slug}`, { token })).body;
    const commits = gitLog(service.github, 'demo/blog').length;
    const save = () =>
      api.put(
        `${blog}/content/posts/${slug}`,
        {
          frontmatter: { ...item.frontmatter, title: 'After the limit' },
          body: item.body,
          sha: item.sha,
        },
        { token },
      );
    service.github.injectFaults(
      { kind: 'secondary-rate-limit', retryAfterSeconds: 90, count: 1 },
      { method: 'PUT', pathPrefix: '/api/v3/repos/demo/blog/contents/' },
    );

    // Act
    const refused = await save();

    // Assess
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('90');
    expect(refused.body.error).toMatch(/rate limit.*; retry after 90 s$/);
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(commits);
    expect((await save()).status).toBe(200);
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(commits + 1);
  });
});
