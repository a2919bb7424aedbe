import { describe, expect, it } from 'vitest';
import { createGitHubClient, noRetry } from '../../shared/adapters/github/github-client';

/**
 * The client's retries and rate-limit handling (shared/adapters/github/github-retry.ts), against answers
 * scripted per attempt: which requests were sent and which waits were asked for.
 */
type Answer =
  { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

function scripted(answers: Answer[]) {
  const sent: string[] = [];
  const waits: number[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (answer === 'network-error') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  const client = createGitHubClient('token', {
    apiUrl: 'https://api.github.test',
    fetch,
    wait: async (ms) => void waits.push(ms),
  });
  return { client, sent, waits };
}

const secondary = (retryAfter: string) => ({
  status: 403,
  body: { message: 'You have exceeded a secondary rate limit.' },
  headers: { 'retry-after': retryAfter },
});

describe('GitHub client retries', () => {
  it('repeats an idempotent read after a 5xx or a failed connection, waiting 1 s then 4 s, at most twice', async () => {
    // Prepare
    const { client, sent, waits } = scripted([{ status: 502 }, 'network-error', { status: 503 }]);

    // Act
    const reading = client.request('GET /user');

    // Assess
    await expect(reading).rejects.toMatchObject({ status: 503 });
    expect(sent).toEqual(['GET /user', 'GET /user', 'GET /user']);
    expect(waits).toEqual([1000, 4000]);
  });

  it('answers the read that succeeds on a later attempt', async () => {
    // Prepare
    const { client, sent } = scripted([{ status: 500 }, { status: 200, body: { login: 'demo' } }]);

    // Act
    const { data } = await client.request('GET /user');

    // Assess
    expect(data).toEqual({ login: 'demo' });
    expect(sent).toHaveLength(2);
  });

  it('never repeats a write, nor a refusal such as 404 or 422', async () => {
    // Prepare
    const write = scripted([{ status: 502 }]);
    const missing = scripted([{ status: 404, body: { message: 'Not Found' } }]);

    // Act
    const writing = write.client.request('POST /repos/{owner}/{repo}/pulls', {
      owner: 'o',
      repo: 'r',
      head: 'h',
      base: 'main',
      ...noRetry,
    });
    const reading = missing.client.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' });

    // Assess
    await expect(writing).rejects.toMatchObject({ status: 502 });
    await expect(reading).rejects.toMatchObject({ status: 404 });
    expect([write.sent.length, missing.sent.length]).toEqual([1, 1]);
    expect([...write.waits, ...missing.waits]).toEqual([]);
  });

  it('waits out a short secondary rate limit once, a write included', async () => {
    // Prepare
    const { client, sent, waits } = scripted([
      secondary('2'),
      { status: 201, body: { number: 1 } },
    ]);

    // Act
    const { data } = await client.request('POST /repos/{owner}/{repo}/pulls', {
      owner: 'o',
      repo: 'r',
      head: 'h',
      base: 'main',
      ...noRetry,
    });

    // Assess
    expect(data).toEqual({ number: 1 });
    expect(sent).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('fails at once on a long rate limit, and waits only once per request', async () => {
    // Prepare
    const long = scripted([secondary('60')]);
    const twice = scripted([secondary('1'), secondary('1')]);
    const primary = scripted([
      {
        status: 403,
        body: { message: 'API rate limit exceeded' },
        headers: {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
        },
      },
    ]);

    // Act
    const results = await Promise.allSettled(
      [long, twice, primary].map(({ client }) => client.request('GET /user')),
    );

    // Assess
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect([long.sent.length, twice.sent.length, primary.sent.length]).toEqual([1, 2, 1]);
    expect([...long.waits, ...twice.waits, ...primary.waits]).toEqual([1000]);
  });

  it('treats GraphQL\'s transient "Something went wrong" as a 5xx and RATE_LIMITED as a rate limit', async () => {
    // Prepare
    const transient = scripted([
      {
        status: 200,
        body: {
          errors: [
            { message: 'Something went wrong while executing your query. Please try again later.' },
          ],
        },
      },
      { status: 200, body: { data: { viewer: { login: 'demo' } } } },
    ]);
    const limited = scripted([
      {
        status: 200,
        body: { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }] },
        headers: { 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) },
      },
    ]);

    // Act
    const answer = await transient.client.graphql<{ viewer: { login: string } }>(
      'query { viewer { login } }',
    );
    const refused = limited.client.graphql('query { viewer { login } }');

    // Assess
    expect(answer).toEqual({ viewer: { login: 'demo' } });
    expect(transient.waits).toEqual([1000]);
    await expect(refused).rejects.toThrow(/rate limit/i);
    expect(limited.sent).toHaveLength(1);
  });
});
