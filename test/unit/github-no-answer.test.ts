import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../shared/errors';
import { createGitHubClient } from '../../shared/adapters/github/github-client';
import { translateProviderError } from '../../shared/adapters/github/github-errors';

/**
 * When GitHub gives no answer (it stops answering, or cannot be reached), octokit reports a
 * status of 500 that GitHub never sent: the message must not say GitHub failed with HTTP 500, and
 * for a write it must say the change may have been made.
 */
let silent: http.Server;
let url: string;
beforeAll(async () => {
  silent = http.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('no failure');
};

describe('a GitHub request without an answer', () => {
  it('that timed out is "did not answer in time", and a write may have landed', async () => {
    const client = createGitHubClient('token', { apiUrl: url, timeoutMs: 50 });
    const error = await failureOf(
      client.request('PUT /repos/{owner}/{repo}/contents/{path}', {
        owner: 'o',
        repo: 'r',
        path: 'a.md',
        message: 'm',
        content: '',
      }),
    );

    expect(() => translateProviderError(error, 'writing a.md')).toThrow(ProviderError);
    expect(() => translateProviderError(error, 'writing a.md')).toThrow(
      'GitHub did not answer in time while writing a.md; the change may have been made: reload before trying again',
    );
  });

  it('that could not be sent is "could not reach GitHub"', async () => {
    // A port nothing listens on: one a server had and gave back.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createGitHubClient('token', {
      apiUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 2_000,
    });
    const error = await failureOf(
      client.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' }),
    );

    expect(() => translateProviderError(error, 'reading o/r')).toThrow(
      'Could not reach GitHub while reading o/r; try again',
    );
  });
});
