import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../shared/adapters/github/github-client';
import { createPull } from '../../shared/adapters/github/github-pulls-write';

/**
 * Private repositories on GitHub Free and Pro have no draft pull requests: GitHub refuses
 * `draft: true` with 422. The draft is then opened ready for review rather than not at all.
 */
let server: http.Server;
let url: string;
const bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      bodies.push(body);
      res.setHeader('content-type', 'application/json');
      if (body.draft === true) {
        res.statusCode = 422;
        res.end(
          JSON.stringify({
            message: 'Draft pull requests are not supported in this repository.',
            documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
          }),
        );
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ number: 3, html_url: 'https://github.example/o/r/pull/3' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('opening a draft where GitHub has no draft pull requests', () => {
  it('opens it ready for review instead, with the same head, base, title and body', async () => {
    const client = createGitHubClient('token', { apiUrl: url });
    const created = await createPull(
      client,
      { owner: 'o', name: 'r' },
      { head: 'cms/posts/a', base: 'main', title: 'A', body: 'B', draft: true },
    );
    expect(created).toEqual({ number: 3, htmlUrl: 'https://github.example/o/r/pull/3' });
    expect(bodies).toEqual([
      { head: 'cms/posts/a', base: 'main', title: 'A', body: 'B', draft: true },
      { head: 'cms/posts/a', base: 'main', title: 'A', body: 'B', draft: false },
    ]);
  });
});
