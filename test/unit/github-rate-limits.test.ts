import { describe, expect, it } from 'vitest';
import { ProviderRateLimitError } from '../../shared/errors';
import { createGitHubGitHost } from '../../shared/adapters/github/github-git-host';

/**
 * What long-running work learns of GitHub's rate limits through the adapter: the budget left per
 * token from every answer's headers, and, when a limit stops a call, how long GitHub asked to wait.
 */
function github(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  const fetch: typeof globalThis.fetch = async () => {
    const answer = answers.shift()!;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return createGitHubGitHost({
    apiUrl: 'https://api.github.test',
    fetch,
    wait: async () => undefined,
    now: () => Date.UTC(2026, 0, 1),
  });
}

const reset = Date.UTC(2026, 0, 1, 1) / 1000;

describe('GitHub rate limits, as the indexer sees them', () => {
  it('keeps the lowest budget each token has left, among the resources not yet refilled', async () => {
    const host = github([
      {
        status: 200,
        body: { id: 1, login: 'demo', name: null, avatar_url: '' },
        headers: {
          'x-ratelimit-remaining': '4000',
          'x-ratelimit-reset': String(reset),
          'x-ratelimit-resource': 'core',
        },
      },
      {
        status: 200,
        body: { data: { repository: { object: null } } },
        headers: {
          'x-ratelimit-remaining': '120',
          'x-ratelimit-reset': String(reset),
          'x-ratelimit-resource': 'graphql',
        },
      },
    ]);
    expect(host.rateBudget!('t1')).toBeUndefined();
    await host.getViewer('t1');
    expect(host.rateBudget!('t1')).toEqual({ remaining: 4000, resetAt: reset * 1000 });
    await host.readDirectory('t1', { owner: 'o', name: 'r' }, { path: 'posts' });
    expect(host.rateBudget!('t1')).toEqual({ remaining: 120, resetAt: reset * 1000 });
    expect(host.rateBudget!('another token')).toBeUndefined();
  });

  it('stops a call GitHub rate-limits for longer than a request may wait, saying how long to wait', async () => {
    const host = github([
      {
        status: 403,
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        headers: { 'retry-after': '240' },
      },
    ]);
    const error = await host
      .readBlobs('t1', { owner: 'o', name: 'r' }, ['a'.repeat(40)])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect((error as ProviderRateLimitError).retryAfterSeconds).toBe(240);
  });

  it('asks for the seconds until the primary limit resets, and for 60 s when GitHub gives no time to wait', async () => {
    // A wait GitHub gives as none is waited (not at all) and the call sent once more: two answers.
    const answer = (headers: Record<string, string>) => ({
      status: 403,
      body: { message: 'API rate limit exceeded for user ID 1.' },
      headers: { 'x-ratelimit-remaining': '0', ...headers },
    });
    const limited = async (headers: Record<string, string>) => {
      const error = await github([answer(headers), answer(headers)])
        .readBlobs('t1', { owner: 'o', name: 'r' }, ['a'.repeat(40)])
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderRateLimitError);
      return error as ProviderRateLimitError;
    };

    // An hour from now (the error is read with the system clock): the hour, plus the second GitHub's clock may be behind.
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const primary = await limited({ 'x-ratelimit-reset': String(inAnHour) });
    expect(primary.retryAfterSeconds).toBeGreaterThanOrEqual(3600);
    expect(primary.retryAfterSeconds).toBeLessThanOrEqual(3601);
    expect(primary.message).toMatch(new RegExp(`; retry after ${primary.retryAfterSeconds} s$`));
    // No reset time, or one already past, would say "retry now" and be refused again.
    expect((await limited({})).retryAfterSeconds).toBe(60);
    expect(
      (await limited({ 'x-ratelimit-reset': String(inAnHour - 7200) })).retryAfterSeconds,
    ).toBe(60);
  });
});
