import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startGitHubLocal, type GitHubLocal } from '../src/server';
import { api, oauthPost, signAppJwt } from './helpers';

describe('restart persistence', () => {
  const dirs: string[] = [];
  const running: GitHubLocal[] = [];
  afterAll(async () => {
    await Promise.all(running.map((gh) => gh.close()));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps app credentials, tokens, repositories and commits across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'github-local-restart-'));
    dirs.push(dataDir);
    const first = await startGitHubLocal({ dataDir });
    const pair = first.issueUserToken('alice');
    const installation = await api(first, '/app/installations/3001/access_tokens', {
      method: 'POST',
      token: signAppJwt(first.app.privateKeyPem, first.app.appId),
    });
    await first.createRepository({
      owner: 'demo',
      name: 'later',
      installApp: true,
      collaborators: { bob: 'read' },
    });
    const commit = await first.commitFiles('demo', 'later', {
      branch: 'main',
      expectedHead: null,
      changes: [{ path: 'hello.md', content: '# Hello\n' }],
      message: 'Add hello',
      author: { name: 'Bob Chen', email: 'bob@example.com' },
    });
    const app = first.app;
    await first.close();

    const state = await readFile(join(dataDir, 'github', 'state.json'), 'utf8');
    expect(state).not.toContain(pair.access_token);
    expect(state).not.toContain(pair.refresh_token);

    const second = await startGitHubLocal({ dataDir });
    running.push(second);
    expect(second.app).toEqual(app);
    expect((await api(second, '/user', { token: pair.access_token })).body.login).toBe('alice');
    expect((await api(second, '/repos/demo/blog', { token: installation.body.token })).status).toBe(
      200,
    );
    const bob = second.issueUserToken('bob').access_token;
    const later = await api(second, '/repos/demo/later', { token: bob });
    expect(later.status).toBe(200);
    expect(later.body.permissions).toMatchObject({ pull: true, push: false });
    const refreshed = await oauthPost(second, '/login/oauth/access_token', {
      client_id: app.clientId,
      client_secret: app.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
    });
    expect(refreshed.access_token).toMatch(/^ghu_/);
    const log = await second.commitFiles('demo', 'later', {
      branch: 'main',
      expectedHead: commit.commitSha,
      changes: [{ path: 'hello.md', delete: true }],
      message: 'Remove hello',
      author: { name: 'Demo User', email: 'demo@example.com' },
    });
    expect(log.parentSha).toBe(commit.commitSha);
  });
});
