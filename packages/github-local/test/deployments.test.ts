import { beforeAll, describe, expect, it } from 'vitest';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, commitOn, expectBasicError, freshRepo, headOf } from './collaboration-helpers';
import { useSignedInHost } from './helpers';

const DEPLOYMENTS = '/repos/{owner}/{repo}/deployments';
const DEPLOYMENT = '/repos/{owner}/{repo}/deployments/{deployment_id}';
const STATUSES = '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses';

describe('deployments', () => {
  const host = useSignedInHost();
  const { tokens, call } = host;
  let draftHead: string;

  beforeAll(async () => {
    await freshRepo(host.gh, 'deploy-site', { 'a.md': 'a\n' }, { bob: 'read' });
    draftHead = await branchWith(host.gh, 'demo', 'deploy-site', 'cms/posts/a', { 'a.md': 'A\n' });
  });

  it('creates a deployment and statuses that carry a preview URL', async () => {
    const created = await call('/repos/demo/deploy-site/deployments', {
      method: 'POST',
      body: {
        ref: 'cms/posts/a',
        environment: 'preview',
        auto_merge: false,
        required_contexts: [],
      },
    });
    expect(created.status).toBe(201);
    expectGitHubResponse('POST', DEPLOYMENTS, 201, created.body);
    expect(created.body).toMatchObject({
      ref: 'cms/posts/a',
      sha: draftHead,
      environment: 'preview',
      task: 'deploy',
      payload: {},
      production_environment: false,
      creator: { login: 'demo' },
    });
    const id = created.body.id as number;

    const pending = await call(`/repos/demo/deploy-site/deployments/${id}/statuses`, {
      method: 'POST',
      body: {
        state: 'in_progress',
        log_url: 'https://ci.example.com/run/1',
        environment_url: 'https://cms-posts-a.preview.example.com',
      },
    });
    expect(pending.status).toBe(201);
    expectGitHubResponse('POST', STATUSES, 201, pending.body);
    const done = await call(`/repos/demo/deploy-site/deployments/${id}/statuses`, {
      method: 'POST',
      body: {
        state: 'success',
        log_url: 'https://ci.example.com/run/1',
        environment_url: 'https://cms-posts-a.preview.example.com',
      },
    });
    expectGitHubResponse('POST', STATUSES, 201, done.body);
    expect(done.body).toMatchObject({
      state: 'success',
      environment: 'preview',
      target_url: 'https://ci.example.com/run/1',
      environment_url: 'https://cms-posts-a.preview.example.com',
    });

    const statuses = await call(`/repos/demo/deploy-site/deployments/${id}/statuses`);
    expect(statuses.status).toBe(200);
    expectGitHubResponse('GET', STATUSES, 200, statuses.body);
    expect(statuses.body.map((status: { state: string }) => status.state)).toEqual([
      'success',
      'in_progress',
    ]);
    const one = await call(`/repos/demo/deploy-site/deployments/${id}`);
    expectGitHubResponse('GET', DEPLOYMENT, 200, one.body);
    // GitHub answers "" for a URL never set (its OpenAPI description says uri: not validated here).
    const bare = await call(`/repos/demo/deploy-site/deployments/${id}/statuses`, {
      method: 'POST',
      body: { state: 'inactive' },
    });
    expect(bare.body).toMatchObject({ target_url: '', log_url: '', environment_url: '' });
  });

  it('lists deployments newest first, filtered by sha, ref and environment', async () => {
    const main = await headOf(host.gh, 'demo', 'deploy-site', 'main');
    const control = await host.gh.createDeployment('demo', 'deploy-site', {
      ref: 'main',
      environment: 'production',
      environmentUrl: 'https://example.com',
    });
    expect(control.sha).toBe(main);
    const all = await call('/repos/demo/deploy-site/deployments');
    expect(all.status).toBe(200);
    expectGitHubResponse('GET', DEPLOYMENTS, 200, all.body);
    expect(all.body[0].id).toBe(control.id);
    expect(all.body).toHaveLength(2);
    for (const [query, refs] of [
      [`sha=${draftHead}`, ['cms/posts/a']],
      ['ref=main', ['main']],
      ['environment=preview', ['cms/posts/a']],
      ['environment=staging', []],
    ] as const) {
      const res = await call(`/repos/demo/deploy-site/deployments?${query}`);
      expectGitHubResponse('GET', DEPLOYMENTS, 200, res.body);
      expect(
        res.body.map((deployment: { ref: string }) => deployment.ref),
        query,
      ).toEqual(refs);
    }
    const statuses = await call(`/repos/demo/deploy-site/deployments/${control.id}/statuses`);
    expect(statuses.body[0]).toMatchObject({
      state: 'success',
      environment_url: 'https://example.com',
    });
  });

  it('retires older successful deployments of an environment when a new one succeeds', async () => {
    const first = await host.gh.createDeployment('demo', 'deploy-site', {
      ref: 'cms/posts/a',
      environment: 'review',
      environmentUrl: 'https://one.example.com',
    });
    const second = await host.gh.createDeployment('demo', 'deploy-site', {
      ref: 'cms/posts/a',
      environment: 'review',
      environmentUrl: 'https://two.example.com',
    });
    const older = await call(`/repos/demo/deploy-site/deployments/${first.id}/statuses`);
    expect(older.body.map((status: { state: string }) => status.state)).toEqual([
      'inactive',
      'success',
    ]);
    const newer = await call(`/repos/demo/deploy-site/deployments/${second.id}/statuses`);
    expect(newer.body.map((status: { state: string }) => status.state)).toEqual(['success']);
  });

  it('checks commit statuses and merges the default branch in unless told not to', async () => {
    host.gh.setCommitStatus('demo', 'deploy-site', draftHead, { state: 'failure', context: 'ci' });
    const failing = await call('/repos/demo/deploy-site/deployments', {
      method: 'POST',
      body: { ref: 'cms/posts/a', auto_merge: false },
    });
    expect(failing.status).toBe(409);
    expect(failing.body.message).toBe('Conflict: Commit status checks failed for cms/posts/a.');
    const bypass = await call('/repos/demo/deploy-site/deployments', {
      method: 'POST',
      body: { ref: 'cms/posts/a', auto_merge: false, required_contexts: [] },
    });
    expect(bypass.status).toBe(201);

    await commitOn(host.gh, 'demo', 'deploy-site', 'main', { 'b.md': 'b\n' });
    const merged = await call('/repos/demo/deploy-site/deployments', {
      method: 'POST',
      body: { ref: 'cms/posts/a', required_contexts: [] },
    });
    expect(merged.status).toBe(202);
    expectGitHubResponse('POST', DEPLOYMENTS, 202, merged.body);
    expect(merged.body).toEqual({ message: 'Auto-merged main into cms/posts/a on deployment.' });
    expect(await headOf(host.gh, 'demo', 'deploy-site', 'cms/posts/a')).not.toBe(draftHead);
  });

  it('refuses unknown refs (422), readers (403 on writes) and unknown deployments (404)', async () => {
    expectBasicError(
      await call('/repos/demo/deploy-site/deployments', {
        method: 'POST',
        body: { ref: 'nope', required_contexts: [] },
      }),
      422,
      'No ref found for: nope',
    );
    const missingRef = await call('/repos/demo/deploy-site/deployments', {
      method: 'POST',
      body: {},
    });
    expectGitHubResponse('POST', DEPLOYMENTS, 422, missingRef.body);
    const reader = await call('/repos/demo/deploy-site/deployments', {
      method: 'POST',
      token: tokens.bob,
      body: { ref: 'main' },
    });
    expect(reader.status).toBe(403);
    expect((await call('/repos/demo/deploy-site/deployments', { token: tokens.bob })).status).toBe(
      200,
    );
    expect(
      (await call('/repos/demo/deploy-site/deployments', { token: tokens.alice })).status,
    ).toBe(404);
    const unknown = await call('/repos/demo/deploy-site/deployments/1/statuses');
    expect(unknown.status).toBe(404);
    expectGitHubResponse('GET', STATUSES, 404, unknown.body);
    const badState = await call(
      `/repos/demo/deploy-site/deployments/${(await call('/repos/demo/deploy-site/deployments')).body[0].id}/statuses`,
      {
        method: 'POST',
        body: { state: 'done' },
      },
    );
    expect(badState.status).toBe(422);
    expectGitHubResponse('POST', STATUSES, 422, badState.body);
  });
});
