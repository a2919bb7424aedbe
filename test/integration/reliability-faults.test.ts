import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fault, FaultFilter, RequestLogEntry } from '@cms/github-local';
import { type ApiClient, type ApiResponse } from '../support/api-client';
import { blog, openPull, saveDraft } from '../support/drafts';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * GitHub failing as it does (5xx, an answer that never comes, the secondary rate limit), injected
 * by the local host. The service answers 502 {error} (503 with Retry-After for a rate limit) in bounded time and never 500; it retries
 * idempotent reads with a bounded backoff, never blindly repeats a write, and a failed operation
 * can simply be repeated. Elapsed-time bounds are hang detectors, not performance claims.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
/** The local gateway gives a function 29 s (API Gateway's limit); answering later than that is hanging. */
const hangBoundMs = 28_000;
const graphql = { pathPrefix: '/api/graphql' } satisfies FaultFilter;
const contentsPut = {
  method: 'PUT',
  pathPrefix: '/api/v3/repos/demo/blog/contents/',
} satisfies FaultFilter;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});
beforeEach(() => {
  service.github.resetRequestCount();
});

async function timed<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await action();
  return { value, ms: performance.now() - started };
}

/** The fault, then the call; the log of GitHub round trips the call made. */
async function underFault(fault: Fault, filter: FaultFilter, call: () => Promise<ApiResponse>) {
  service.github.resetRequestCount();
  service.github.injectFaults(fault, filter);
  const { value: response, ms } = await timed(call);
  return { response, ms, log: service.github.requestLog() };
}

const matching = (log: RequestLogEntry[], filter: FaultFilter) =>
  log.filter(
    (entry) =>
      (!filter.method || entry.method === filter.method) &&
      (!filter.pathPrefix || entry.path.startsWith(filter.pathPrefix)),
  );

const expectProviderError = (response: ApiResponse) => {
  expect(response.status, JSON.stringify(response.body)).toBe(502);
  expect(response.body).toEqual({ error: expect.any(String) });
};

/** GitHub's rate limit is no failure of GitHub's: 503 with the wait it asked for (github-rate-limit-answers.test.ts). */
const expectRateLimited = (response: ApiResponse, seconds: number) => {
  expect(response.status, JSON.stringify(response.body)).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(seconds));
  expect(response.body).toEqual({
    error: expect.stringMatching(/rate limit.*; retry after \d+ s$/),
  });
};

const getPost = (slug = '2024-03-02-writing-in-markdown') =>
  api.get(`${blog}/content/posts/${slug}`, { session: demo });

describe('idempotent reads', () => {
  it.each([500, 502, 503] as const)(
    'retry a GitHub %i once with backoff, then answer 200',
    async (status) => {
      const { response, ms, log } = await underFault(
        { kind: 'status', status, count: 1 },
        graphql,
        () => getPost(),
      );

      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(matching(log, graphql).map((entry) => entry.status)).toEqual([status, 200]);
      expect(ms).toBeLessThan(hangBoundMs);
    },
  );

  it('give up after a bounded number of attempts and answer 502 {error}', async () => {
    const { response, ms, log } = await underFault(
      { kind: 'status', status: 502, count: 3 },
      graphql,
      () => getPost(),
    );

    expectProviderError(response);
    expect(matching(log, graphql).map((entry) => entry.status)).toEqual([502, 502, 502]);
    expect(ms).toBeLessThan(hangBoundMs);
    expect((await getPost()).status).toBe(200);
  });

  it('retry a REST read (installations) after a 500', async () => {
    const filter = { pathPrefix: '/api/v3/user/installations' };
    const { response, log } = await underFault(
      { kind: 'status', status: 500, count: 1 },
      filter,
      () => api.get('/api/github/repos', { session: demo }),
    );

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(
      matching(log, filter)
        .map((entry) => entry.status)
        .slice(0, 2),
    ).toEqual([500, 200]);
  });

  it('retry when the connection is closed without an answer', async () => {
    const { response, log } = await underFault(
      { kind: 'timeout', ms: 200, count: 1 },
      graphql,
      () => getPost(),
    );

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(matching(log, graphql).map((entry) => entry.status)).toEqual([0, 200]);
  });

  it('wait out a short secondary rate limit (Retry-After: 1) once, then answer 200', async () => {
    const { response, ms, log } = await underFault(
      { kind: 'secondary-rate-limit', retryAfterSeconds: 1, count: 1 },
      graphql,
      () => getPost(),
    );

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(matching(log, graphql).map((entry) => entry.status)).toEqual([403, 200]);
    expect(ms).toBeGreaterThanOrEqual(900);
  });

  it('answer 503 with Retry-After at once for a long secondary rate limit (Retry-After: 60), without retrying', async () => {
    const { response, ms, log } = await underFault(
      { kind: 'secondary-rate-limit', retryAfterSeconds: 60, count: 1 },
      graphql,
      () => getPost(),
    );

    expectRateLimited(response, 60);
    expect(matching(log, graphql)).toHaveLength(1);
    expect(ms).toBeLessThan(5_000);
  });
});

describe('writes', () => {
  it.each([
    ['a 502', { kind: 'status', status: 502, count: 1 }],
    ['a 500', { kind: 'status', status: 500, count: 1 }],
    ['a closed connection', { kind: 'timeout', ms: 200, count: 1 }],
  ] as const)(
    'are sent once on %s (502 {error}), and the same request repeated succeeds',
    async (_name, fault) => {
      // Prepare
      const slug = '2024-04-18-static-sites-and-git';
      const item = (await getPost(slug)).body;
      const before = gitLog(service.github, 'demo/blog').length;
      const put = () =>
        api.put(
          `${blog}/content/posts/${slug}`,
          {
            frontmatter: { ...item.frontmatter, description: `After ${_name}` },
            body: item.body,
            sha: item.sha,
            mode: 'direct',
          },
          { session: demo },
        );

      // Act
      const { response, ms, log } = await underFault(fault as Fault, contentsPut, put);

      // Assess
      expectProviderError(response);
      expect(ms).toBeLessThan(hangBoundMs);
      expect(matching(log, contentsPut)).toHaveLength(1);
      expect(gitLog(service.github, 'demo/blog')).toHaveLength(before);
      const again = await put();
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`)).toContain(
        `After ${_name}`,
      );
    },
  );

  it('a write refused by a long secondary rate limit is not repeated', async () => {
    const slug = '2024-05-06-roadmap';
    const item = (await getPost(slug)).body;
    const put = () =>
      api.put(
        `${blog}/content/posts/${slug}`,
        {
          frontmatter: { ...item.frontmatter, description: 'Rate limited' },
          body: item.body,
          sha: item.sha,
          mode: 'direct',
        },
        { session: demo },
      );

    const { response, log } = await underFault(
      { kind: 'secondary-rate-limit', retryAfterSeconds: 60, count: 1 },
      contentsPut,
      put,
    );

    expectRateLimited(response, 60);
    expect(matching(log, contentsPut)).toHaveLength(1);
    expect((await put()).status).toBe(200);
  });
});

describe('no half state', () => {
  it('a first branch save that fails after the branch was created can be repeated and succeeds', async () => {
    // Prepare
    const slug = '2024-02-14-hello-world';
    const item = (await getPost(slug)).body;
    const save = () =>
      api.put(
        `${blog}/content/posts/${slug}`,
        {
          frontmatter: { ...item.frontmatter, title: 'Saved after a fault' },
          body: item.body,
          sha: item.sha,
          mode: 'branch',
        },
        { session: demo },
      );

    // Act
    const { response, log } = await underFault(
      { kind: 'status', status: 502, count: 1 },
      contentsPut,
      save,
    );

    // Assess
    expectProviderError(response);
    expect(matching(log, contentsPut)).toHaveLength(1);
    const again = await save();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(
      gitShow(service.github, 'demo/blog', `cms/posts/${slug}:content/posts/${slug}.md`),
    ).toMatch(/title: ['"]?Saved after a fault/);
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`)).not.toContain(
      'Saved after a fault',
    );
  });

  it('a first branch save whose branch creation fails can be repeated and succeeds', async () => {
    const slug = '2024-03-02-writing-in-markdown';
    const item = (await getPost(slug)).body;
    const refs = { method: 'POST', pathPrefix: '/api/v3/repos/demo/blog/git/refs' };
    const save = () =>
      api.put(
        `${blog}/content/posts/${slug}`,
        {
          frontmatter: { ...item.frontmatter, title: 'Branch after a fault' },
          body: item.body,
          sha: item.sha,
          mode: 'branch',
        },
        { session: demo },
      );

    const { response, log } = await underFault(
      { kind: 'status', status: 502, count: 1 },
      refs,
      save,
    );

    expectProviderError(response);
    expect(matching(log, refs)).toHaveLength(1);
    expect(matching(log, contentsPut)).toHaveLength(0);
    const again = await save();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(
      gitShow(service.github, 'demo/blog', `cms/posts/${slug}:content/posts/${slug}.md`),
    ).toMatch(/title: ['"]?Branch after a fault/);
  });

  it('opening a pull request that fails is sent once and can be repeated', async () => {
    const slug = '2024-05-06-roadmap';
    await saveDraft(api, demo, slug, { title: 'Roadmap under faults' });
    const pulls = { method: 'POST', pathPrefix: '/api/v3/repos/demo/blog/pulls' };

    const { response, log } = await underFault(
      { kind: 'status', status: 502, count: 1 },
      pulls,
      () =>
        api.post(
          `${blog}/pulls`,
          { branch: `cms/posts/${slug}`, title: 'Roadmap under faults' },
          { session: demo },
        ),
    );

    expectProviderError(response);
    expect(matching(log, pulls)).toHaveLength(1);
    await openPull(api, demo, slug, 'Roadmap under faults');
  });

  it('a merge that fails is sent once, changes nothing, and can be repeated', async () => {
    const slug = '2024-04-18-static-sites-and-git';
    await saveDraft(api, demo, slug, { title: 'Static sites, merged after a fault' });
    const { number } = await openPull(api, demo, slug);
    const merge = { method: 'PUT', pathPrefix: `/api/v3/repos/demo/blog/pulls/${number}/merge` };
    const mainBefore = gitLog(service.github, 'demo/blog')[0];

    const { response, log } = await underFault(
      { kind: 'status', status: 502, count: 1 },
      merge,
      () => api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo }),
    );

    expectProviderError(response);
    expect(matching(log, merge)).toHaveLength(1);
    expect(gitLog(service.github, 'demo/blog')[0]).toBe(mainBefore);
    const again = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('a merge whose branch clean-up fails does not report the merge as failed', async () => {
    const slug = '2024-02-14-hello-world';
    // The branch from the first test of this block holds a draft already.
    const { number } = await openPull(api, demo, slug);
    // The branch goes with GraphQL updateRefs (only at the head that was merged).
    const cleanUp = { pathPrefix: '/api/graphql', graphqlOperation: 'UpdateRefs' };

    const { response, log } = await underFault(
      { kind: 'status', status: 502, count: 1 },
      cleanUp,
      () => api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo }),
    );

    expect(
      log.filter((entry) => entry.graphqlOperation === 'UpdateRefs').map((entry) => entry.status),
    ).toEqual([502]);
    // main moved: telling the editor "failed" would be a half state.
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`)).toMatch(
      /Saved after a fault/,
    );
    const outcome =
      response.status === 200
        ? response
        : await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(
      outcome.status,
      `first answer ${response.status} ${JSON.stringify(response.body)}; repeat ${JSON.stringify(outcome.body)}`,
    ).toBe(200);
  });
});

/** Uses up armed faults a failed test left behind, with requests that give up at once. */
async function drainFaults(count: number) {
  for (let n = 0; n < count; n += 1) {
    await fetch(`${service.github.url}/api/graphql`, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(300),
    }).catch(() => undefined);
  }
}

describe('a GitHub that never answers', () => {
  it('answers 502 within the hang bound when GitHub never answers', async () => {
    const { response, ms, log } = await underFault(
      { kind: 'timeout', ms: 60_000, count: 3 },
      graphql,
      () => getPost(),
    );

    await drainFaults(3);
    console.info(
      `reliability: a GitHub that never answers: ${response.status} after ${Math.round(ms)} ms, ${matching(log, graphql).length} request(s) sent`,
    );
    expectProviderError(response);
    expect(ms).toBeLessThan(hangBoundMs);
  }, 40_000);
});
