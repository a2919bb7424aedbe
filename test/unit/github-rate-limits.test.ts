import { describe, expect, it } from 'vitest';
import { ProviderRateLimitError } from '../../shared/errors';
import { createGitHubGitHost } from '../../shared/githost/github-git-host';

/**
 * What long-running work learns of GitHub's rate limits through the adapter: the budget left per
 * token from every answer's headers, and, when a limit stops a call, how long GitHub asked to wait.
 */
function github(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  const fetch: typeof globalThis.fetch = async () => {
    const answer = answers.shift()!;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
  };
  return createGitHubGitHost({ apiUrl: 'https://api.github.test', fetch, wait: async () => undefined, now: () => Date.UTC(2026, 0, 1) });
}

const reset = Date.UTC(2026, 0, 1, 1) / 1000;

describe('GitHub rate limits, as the indexer sees them', () => {
  it('keeps the lowest budget each token has left, among the resources not yet refilled', async () => {
    const host = github([
      { status: 200, body: { id: 1, login: 'demo', name: null, avatar_url: '' }, headers: { 'x-ratelimit-remaining': '4000', 'x-ratelimit-reset': String(reset), 'x-ratelimit-resource': 'core' } },
      { status: 200, body: { data: { repository: { object: null } } }, headers: { 'x-ratelimit-remaining': '120', 'x-ratelimit-reset': String(reset), 'x-ratelimit-resource': 'graphql' } },
    ]);
    expect(host.rateBudget!('t1')).toBeUndefined();
    await host.getViewer('t1');
    expect(host.rateBudget!('t1')).toEqual({ remaining: 4000, resetAt: reset * 1000 });
    await host.readDirectory('t1', { owner: 'o', name: 'r' }, { path: 'posts' });
    expect(host.rateBudget!('t1')).toEqual({ remaining: 120, resetAt: reset * 1000 });
    expect(host.rateBudget!('another token')).toBeUndefined();
  });

  it('stops a call GitHub rate-limits for longer than a request may wait, saying how long to wait', async () => {
    const host = github([{ status: 403, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' }, headers: { 'retry-after': '240' } }]);
    const error = await host.readBlobs('t1', { owner: 'o', name: 'r' }, ['a'.repeat(40)]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect((error as ProviderRateLimitError).retryAfterSeconds).toBe(240);
  });
});
