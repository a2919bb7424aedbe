import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { expectGitHubResponse } from './support/github-openapi';
import { api, startTestHost, type TestHost } from './helpers';

const R = '/repos/{owner}/{repo}';

describe('POST /git/blobs', () => {
  let host: TestHost;
  let token: string;

  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());

  const create = (body: unknown, as = token, repo = 'demo/blog') =>
    api(host.gh, `/repos/${repo}/git/blobs`, { token: as, method: 'POST', body });

  it('stores base64 bytes as they are and answers 201 with the sha and url', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);
    const res = await create({ content: bytes.toString('base64'), encoding: 'base64' });
    expect(res.status).toBe(201);
    expectGitHubResponse('POST', `${R}/git/blobs`, 201, res.body);
    const gitDir = host.gh.gitDir('demo', 'blog');
    expect(res.body.sha).toBe(
      (await runGit(gitDir, ['hash-object', '--stdin'], { input: bytes })).trim(),
    );
    expect(res.body.url).toBe(`${host.gh.apiUrl}/repos/demo/blog/git/blobs/${res.body.sha}`);
    const read = await api(host.gh, `/repos/demo/blog/git/blobs/${res.body.sha}`, { token });
    expect(Buffer.from(read.body.content.replace(/\n/g, ''), 'base64').equals(bytes)).toBe(true);
  });

  it('takes utf-8 text, the default encoding', async () => {
    const res = await create({ content: 'héllo\n' });
    expect(res.status).toBe(201);
    const read = await api(host.gh, `/repos/demo/blog/git/blobs/${res.body.sha}`, { token });
    expect(Buffer.from(read.body.content.replace(/\n/g, ''), 'base64').toString('utf8')).toBe(
      'héllo\n',
    );
  });

  it('refuses a missing content, an unknown encoding and invalid base64 with 422', async () => {
    for (const body of [
      {},
      { content: 'x', encoding: 'latin1' },
      { content: '@@@', encoding: 'base64' },
      { content: 5 },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      // GitHub's description of this 422 is an ambiguous oneOf (any {message} matches both); the shape is checked here.
      expect(res.body).toEqual({
        message: expect.any(String),
        documentation_url: expect.stringContaining('blobs'),
        status: '422',
      });
    }
  });

  it('hides the repository from outsiders and refuses readers without push access', async () => {
    const bob = host.gh.issueUserToken('bob').access_token;
    expect((await create({ content: 'x' }, bob)).status).toBe(404);
    await host.gh.createRepository({
      owner: 'demo',
      name: 'readers',
      installApp: true,
      collaborators: { bob: 'read' },
    });
    expect((await create({ content: 'x' }, bob, 'demo/readers')).status).toBe(404);
    // Anonymous callers are told nothing about a private repository either.
    expect((await create({ content: 'x' }, '')).status).toBe(404);
  });

  it('accepts a blob larger than the general request limit (GitHub takes blobs up to 100 MB)', async () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024, 7);
    const res = await create({ content: bytes.toString('base64'), encoding: 'base64' });
    expect(res.status).toBe(201);
    expect(res.body.sha).toBe(
      (
        await runGit(host.gh.gitDir('demo', 'blog'), ['hash-object', '--stdin'], { input: bytes })
      ).trim(),
    );
  });
});
