import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachTtlSeconds } from '../../shared/repos/repo-reach';
import { type ApiClient, type ApiResponse } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * "See only what you may see": the list of connections, the host repository list and the answers
 * of connect/disconnect tell a caller nothing about private repositories GitHub does not show them.
 * Seed: demo owns everything; alice writes demo/blog; bob reaches nothing.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
let alice: string;
let bob: string;

const names = (response: ApiResponse) =>
  (response.body as { fullName: string }[]).map((repo) => repo.fullName).sort();

beforeAll(async () => {
  ({
    service,
    api,
    session: demo,
    sessions: { alice, bob },
  } = await signedInService({ users: ['demo', 'alice', 'bob'], repos: [] }));
  for (const fullName of ['demo/blog', 'demo/docs'])
    expect((await api.post('/api/repos', { fullName }, { session: demo })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

describe('GET /api/repos lists only connections the caller reaches on GitHub', () => {
  it('bob lists nothing, alice only demo/blog, demo both', async () => {
    expect(names(await api.get('/api/repos', { session: bob }))).toEqual([]);
    expect(names(await api.get('/api/repos', { session: alice }))).toEqual(['demo/blog']);
    expect(names(await api.get('/api/repos', { session: demo }))).toEqual([
      'demo/blog',
      'demo/docs',
    ]);
  });

  it("an API token sees its creator's reach intersected with its scope", async () => {
    const aliceAll = (await api.createToken(alice, { repos: ['*'], permissions: ['repos:read'] }))
      .token;
    expect(names(await api.get('/api/repos', { token: aliceAll }))).toEqual(['demo/blog']);
    const demoDocs = (
      await api.createToken(demo, { repos: ['demo/docs'], permissions: ['repos:read'] })
    ).token;
    expect(names(await api.get('/api/repos', { token: demoDocs }))).toEqual(['demo/docs']);
  });

  it('a warm list makes no GitHub round trip; its DynamoDB requests are counted', async () => {
    const list = () => api.get('/api/repos', { session: alice });
    // The cached reach is per user and earlier tests filled alice's: age it out to measure a cold list.
    service.advanceClock((reachTtlSeconds + 1) * 1000);
    service.github.resetRequestCount();
    service.dynamo.resetRequestCount();
    expect(names(await list())).toEqual(['demo/blog']);
    const cold = { github: service.github.requestCount(), dynamo: service.dynamo.requestCount() };
    service.github.resetRequestCount();
    service.dynamo.resetRequestCount();
    expect(names(await list())).toEqual(['demo/blog']);
    const warm = { github: service.github.requestCount(), dynamo: service.dynamo.requestCount() };
    console.info('GET /api/repos round trips:', JSON.stringify({ cold, warm }));
    // Cold: GET /user/installations + one repository list per installation (one here).
    expect(cold.github).toBe(2);
    // Cold: the same three reads, plus the user's sealed GitHub token and the write of the cache.
    expect(cold.dynamo).toBe(5);
    // Warm: session, cached reach and connections are read; GitHub is not asked.
    expect(warm.github).toBe(0);
    expect(warm.dynamo).toBe(3);
  });

  it('a change of access on GitHub shows within the cache window, and a connect shows at once', async () => {
    expect(names(await api.get('/api/repos', { session: bob }))).toEqual([]);
    await service.github.createRepository({
      owner: 'demo',
      name: 'shared',
      installApp: true,
      collaborators: { bob: 'write' },
    });
    await service.github.commitFiles('demo', 'shared', {
      branch: 'main',
      message: 'Add the editor configuration',
      author: { name: 'Demo', email: 'demo@example.com' },
      changes: [
        {
          path: 'cms.config.json',
          content: JSON.stringify({
            name: 'Shared',
            collections: {
              notes: {
                label: 'Notes',
                directory: 'notes',
                fields: [{ name: 'title', type: 'string', label: 'Title' }],
              },
            },
          }),
        },
      ],
    });
    expect(names(await api.get('/api/repos', { session: demo }))).toEqual([
      'demo/blog',
      'demo/docs',
    ]);
    expect(
      (await api.post('/api/repos', { fullName: 'demo/shared' }, { session: demo })).status,
    ).toBe(201);
    // The connecting user's cached reach is dropped on connect: the new connection is listed at once.
    expect(names(await api.get('/api/repos', { session: demo }))).toEqual([
      'demo/blog',
      'demo/docs',
      'demo/shared',
    ]);
    // bob's reach was cached before he was given access: stale for at most the window.
    expect(names(await api.get('/api/repos', { session: bob }))).toEqual([]);
    service.advanceClock((reachTtlSeconds + 1) * 1000);
    expect(names(await api.get('/api/repos', { session: bob }))).toEqual(['demo/shared']);
  });

  it('listing the host repositories refreshes the cached reach', async () => {
    expect(names(await api.get('/api/repos', { session: alice }))).toEqual(['demo/blog']);
    await service.github.createRepository({
      owner: 'demo',
      name: 'later',
      installApp: true,
      collaborators: { alice: 'write' },
    });
    await service.github.commitFiles('demo', 'later', {
      branch: 'main',
      message: 'Add the editor configuration',
      author: { name: 'Demo', email: 'demo@example.com' },
      changes: [
        { path: 'cms.config.json', content: JSON.stringify({ name: 'Later', collections: {} }) },
      ],
    });
    expect(
      (await api.post('/api/repos', { fullName: 'demo/later' }, { session: demo })).status,
    ).toBe(201);
    expect(names(await api.get('/api/repos', { session: alice }))).toEqual(['demo/blog']);
    expect(names(await api.get('/api/github/repos', { session: alice }))).toContain('demo/later');
    expect(names(await api.get('/api/repos', { session: alice }))).toEqual([
      'demo/blog',
      'demo/later',
    ]);
  });
});

describe('connect and disconnect tell an outsider nothing', () => {
  it('bob gets one identical 404 for a repo without the app, a connected repo and a repo that does not exist', async () => {
    const answers = [
      await api.post('/api/repos', { fullName: 'demo/not-installed' }, { session: bob }),
      await api.post('/api/repos', { fullName: 'demo/blog' }, { session: bob }),
      await api.post('/api/repos', { fullName: 'demo/no-config' }, { session: bob }),
      await api.post('/api/repos', { fullName: 'nonexistent/x' }, { session: bob }),
      await api.delete('/api/repos/demo%2Fblog', { session: bob }),
      await api.delete('/api/repos/demo%2Fnot-installed', { session: bob }),
      await api.delete('/api/repos/demo%2Fno-config', { session: bob }),
      await api.delete('/api/repos/nonexistent%2Fx', { session: bob }),
    ];
    for (const answer of answers) expect(answer.status).toBe(404);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers[0]!.body.error).toBe(
      'Repository not found, or you cannot access it, or the app is not installed on it',
    );
    expect(names(await api.get('/api/repos', { session: demo }))).toContain('demo/blog');
  });

  it('the owner of a repository without the app gets the same 404 (GitHub shows it to no app token)', async () => {
    const answer = await api.post(
      '/api/repos',
      { fullName: 'demo/not-installed' },
      { session: demo },
    );
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe(
      'Repository not found, or you cannot access it, or the app is not installed on it',
    );
  });

  it('403 only for a user who sees the repository but lacks write access; "not connected" only to one who sees it', async () => {
    await service.github.createRepository({
      owner: 'demo',
      name: 'readonly',
      installApp: true,
      collaborators: { alice: 'read' },
    });
    expect(
      (await api.post('/api/repos', { fullName: 'demo/readonly' }, { session: alice })).status,
    ).toBe(403);
    expect((await api.delete('/api/repos/demo%2Freadonly', { session: alice })).status).toBe(403);
    const notConnected = await api.delete('/api/repos/demo%2Fno-config', { session: demo });
    expect(notConnected.status).toBe(404);
    expect(notConnected.body.error).toMatch(/not connected/);
  });
});

describe('GET /api/github/repos with an API token', () => {
  it("lists only repositories in the token's scope", async () => {
    const { token } = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['repos:read'],
    });
    const asToken = await api.get('/api/github/repos', { token });
    expect(asToken.status).toBe(200);
    expect(names(asToken)).toEqual(['demo/blog']);
    expect(JSON.stringify(asToken.body)).not.toMatch(/docs/);
    const upper = (
      await api.createToken(demo, {
        repos: ['DEMO/BLOG', 'demo/nope'],
        permissions: ['content:read'],
      })
    ).token;
    expect(names(await api.get('/api/github/repos', { token: upper }))).toEqual(['demo/blog']);
    const all = (await api.createToken(demo, { repos: ['*'], permissions: ['content:read'] }))
      .token;
    expect(names(await api.get('/api/github/repos', { token: all }))).toEqual(
      names(await api.get('/api/github/repos', { session: demo })),
    );
  });
});

describe('reads of a repository tell an outsider nothing about its connection', () => {
  it('a connected repository bob cannot see answers like one that is not connected or does not exist', async () => {
    for (const suffix of [
      '/config',
      '/content/docs',
      '/content/docs/getting-started',
      '/pulls',
      '/pulls/1',
      '/pulls/1/diff',
      '/pulls/1/comments',
    ]) {
      const answers = [];
      for (const repo of ['demo/docs', 'demo/not-installed', 'demo/no-config', 'nonexistent/x']) {
        const answer = await api.get(`/api/repos/${encodeURIComponent(repo)}${suffix}`, {
          session: bob,
        });
        answers.push({
          status: answer.status,
          body: JSON.stringify(answer.body).replace(repo, '{repo}'),
        });
      }
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)), suffix).toEqual(
        new Set([`404 ${answers[0]!.body}`]),
      );
    }
  });

  it('so do the pull request actions, which change nothing', async () => {
    const actions = [
      (repo: string) =>
        api.put(`/api/repos/${encodeURIComponent(repo)}/pulls/1/merge`, {}, { session: bob }),
      (repo: string) =>
        api.put(`/api/repos/${encodeURIComponent(repo)}/pulls/1/update`, {}, { session: bob }),
      (repo: string) =>
        api.post(`/api/repos/${encodeURIComponent(repo)}/pulls/1/rebase`, {}, { session: bob }),
      (repo: string) =>
        api.post(
          `/api/repos/${encodeURIComponent(repo)}/pulls/1/comments`,
          { body: 'Hi' },
          { session: bob },
        ),
      (repo: string) =>
        api.delete(`/api/repos/${encodeURIComponent(repo)}/pulls/1`, { session: bob }),
    ];
    for (const [n, action] of actions.entries()) {
      const answers = [];
      for (const repo of ['demo/docs', 'nonexistent/x']) {
        const answer = await action(repo);
        answers.push(`${answer.status} ${JSON.stringify(answer.body).replace(repo, '{repo}')}`);
      }
      expect(new Set(answers), `action ${n}`).toEqual(new Set([answers[1]]));
    }
    const missing = await api.get('/api/repos/demo%2Fdocs/pulls/999', { session: demo });
    expect([missing.status, missing.body]).toEqual([404, { error: 'Pull request #999 not found' }]);
  });
});
