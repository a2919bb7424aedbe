import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { SEED_INSTALLATION_ID } from '../src/seed';
import { startGitHubLocal } from '../src/server';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, commitOn, freshRepo, headOf } from './collaboration-helpers';
import { api, signAppJwt, useSignedInHost } from './helpers';

const PULLS = '/repos/{owner}/{repo}/pulls';
const PULL = '/repos/{owner}/{repo}/pulls/{pull_number}';

describe('pull requests', () => {
  const host = useSignedInHost();
  const { tokens, call } = host;

  it("creates a pull request with GitHub's full shape, and refuses a second one for the same head", async () => {
    await freshRepo(host.gh, 'create-site', { 'README.md': '# Site\n' });
    const head = await branchWith(host.gh, 'demo', 'create-site', 'cms/posts/hello', {
      'content/posts/hello.md': '---\ntitle: Hello\n---\nHi\n',
    });
    const created = await call('/repos/demo/create-site/pulls', {
      method: 'POST',
      body: { title: 'Add hello', head: 'cms/posts/hello', base: 'main', body: 'Draft' },
    });
    expect(created.status).toBe(201);
    expectGitHubResponse('POST', PULLS, 201, created.body);
    expect(created.headers.get('location')).toBe(
      `${host.gh.apiUrl}/repos/demo/create-site/pulls/1`,
    );
    expect(created.body).toMatchObject({
      number: 1,
      state: 'open',
      title: 'Add hello',
      body: 'Draft',
      merged: false,
      mergeable: null,
      mergeable_state: 'unknown',
      commits: 1,
      additions: 4,
      deletions: 0,
      changed_files: 1,
      html_url: `${host.gh.url}/demo/create-site/pull/1`,
      user: { login: 'demo' },
      author_association: 'OWNER',
      head: {
        ref: 'cms/posts/hello',
        sha: head,
        label: 'demo:cms/posts/hello',
        repo: { full_name: 'demo/create-site' },
      },
      base: {
        ref: 'main',
        sha: await headOf(host.gh, 'demo', 'create-site', 'main'),
        label: 'demo:main',
      },
    });
    expect(
      await runGit(host.gh.gitDir('demo', 'create-site'), ['rev-parse', 'refs/pull/1/head']),
    ).toBe(`${head}\n`);

    const again = await call('/repos/demo/create-site/pulls', {
      method: 'POST',
      body: { title: 'Again', head: 'demo:cms/posts/hello', base: 'main' },
    });
    expect(again.status).toBe(422);
    expectGitHubResponse('POST', PULLS, 422, again.body);
    expect(again.body).toMatchObject({
      message: 'Validation Failed',
      errors: [
        {
          resource: 'PullRequest',
          code: 'custom',
          message: 'A pull request already exists for demo:cms/posts/hello.',
        },
      ],
    });
  });

  it("answers GitHub's validation errors for missing branches, no commits and missing fields", async () => {
    await freshRepo(host.gh, 'invalid-site');
    await branchWith(host.gh, 'demo', 'invalid-site', 'empty', {});
    const cases: [unknown, unknown][] = [
      [
        { title: 'x', head: 'nope', base: 'main' },
        [{ resource: 'PullRequest', field: 'head', code: 'invalid' }],
      ],
      [
        { title: 'x', head: 'empty', base: 'nope' },
        [{ resource: 'PullRequest', field: 'base', code: 'invalid' }],
      ],
      [
        { title: 'x', head: 'other:empty', base: 'main' },
        [{ resource: 'PullRequest', field: 'head', code: 'invalid' }],
      ],
      [
        { title: 'x', head: 'main', base: 'main' },
        [{ resource: 'PullRequest', code: 'custom', message: 'No commits between main and main' }],
      ],
      [
        { head: 'empty', base: 'main' },
        [{ resource: 'PullRequest', code: 'missing_field', field: 'title' }],
      ],
    ];
    // A branch whose only commit changed nothing still has a commit ahead: GitHub accepts it.
    const accepted = await call('/repos/demo/invalid-site/pulls', {
      method: 'POST',
      body: { title: 'x', head: 'empty', base: 'main' },
    });
    expect(accepted.status).toBe(201);
    await runGit(host.gh.gitDir('demo', 'invalid-site'), ['update-ref', 'refs/heads/same', 'main']);
    cases.push([
      { title: 'x', head: 'same', base: 'main' },
      [{ resource: 'PullRequest', code: 'custom', message: 'No commits between main and same' }],
    ]);
    for (const [body, errors] of cases) {
      const res = await call('/repos/demo/invalid-site/pulls', { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectGitHubResponse('POST', PULLS, 422, res.body);
      expect(res.body.errors).toEqual(errors);
    }
  });

  it('hides pull requests from users without access and refuses writes to readers', async () => {
    await freshRepo(host.gh, 'guarded-site', { 'a.md': 'a\n' }, { bob: 'read' });
    await branchWith(host.gh, 'demo', 'guarded-site', 'topic', { 'a.md': 'b\n' });
    const forbidden = await call('/repos/demo/guarded-site/pulls', {
      method: 'POST',
      token: tokens.bob,
      body: { title: 't', head: 'topic', base: 'main' },
    });
    expect(forbidden.status).toBe(403);
    expectGitHubResponse('POST', PULLS, 403, forbidden.body);
    const created = await call('/repos/demo/guarded-site/pulls', {
      method: 'POST',
      body: { title: 't', head: 'topic', base: 'main' },
    });
    const read = await call(`/repos/demo/guarded-site/pulls/${created.body.number}`, {
      token: tokens.bob,
    });
    expect(read.status).toBe(200);
    const patch = await call(`/repos/demo/guarded-site/pulls/${created.body.number}`, {
      method: 'PATCH',
      token: tokens.bob,
      body: { state: 'closed' },
    });
    expect(patch.status).toBe(403);
    expectGitHubResponse('PATCH', PULL, 403, patch.body);
    const hidden = await call('/repos/demo/guarded-site/pulls/1', { token: tokens.alice });
    expect(hidden.status).toBe(404);
    expectGitHubResponse('GET', PULL, 404, hidden.body);
    const unknown = await call('/repos/demo/guarded-site/pulls/99');
    expect(unknown.status).toBe(404);
    expectGitHubResponse('GET', PULL, 404, unknown.body);
  });

  it("lists pull requests newest first with GitHub's pagination and filters", async () => {
    await freshRepo(host.gh, 'many-site');
    // 32 draft branches in one ref transaction, all one commit ahead of main.
    const ahead = await branchWith(host.gh, 'demo', 'many-site', 'cms/posts/p1', {
      'content/posts/p.md': 'post\n',
    });
    const refs = Array.from(
      { length: 31 },
      (_, i) => `create refs/heads/cms/posts/p${i + 2} ${ahead}`,
    ).join('\n');
    await runGit(host.gh.gitDir('demo', 'many-site'), ['update-ref', '--stdin'], {
      input: `${refs}\n`,
    });
    // Opened concurrently: numbers stay unique and gap-free.
    const opened = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        call('/repos/demo/many-site/pulls', {
          method: 'POST',
          body: { title: `Post ${i + 1}`, head: `cms/posts/p${i + 1}`, base: 'main' },
        }),
      ),
    );
    expect(opened.map((res) => res.status)).toEqual(Array.from({ length: 32 }, () => 201));
    expect(opened.map((res) => res.body.number as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 32 }, (_, i) => i + 1),
    );
    const base = `${host.gh.apiUrl}/repos/demo/many-site/pulls`;
    const first = await call('/repos/demo/many-site/pulls');
    expect(first.status).toBe(200);
    expectGitHubResponse('GET', PULLS, 200, first.body);
    expect(first.body).toHaveLength(30);
    expect(first.body[0].number).toBe(32);
    expect(first.headers.get('link')).toBe(
      `<${base}?page=2>; rel="next", <${base}?page=2>; rel="last"`,
    );
    const second = await call('/repos/demo/many-site/pulls?page=2');
    expectGitHubResponse('GET', PULLS, 200, second.body);
    expect(second.body.map((pull: { number: number }) => pull.number)).toEqual([2, 1]);
    const hundred = await call(
      '/repos/demo/many-site/pulls?per_page=100&direction=asc&sort=created',
    );
    expect(hundred.body.map((pull: { number: number }) => pull.number)).toEqual(
      Array.from({ length: 32 }, (_, i) => i + 1),
    );

    const byHead = await call('/repos/demo/many-site/pulls?head=demo:cms/posts/p7');
    expect(byHead.body.map((pull: { number: number }) => pull.number)).toEqual([
      opened[6]?.body.number,
    ]);
    // As on GitHub, a head filter without the owner is ignored.
    const bare = await call('/repos/demo/many-site/pulls?head=cms/posts/p7&per_page=100');
    expect(bare.body).toHaveLength(32);
    expect((await call('/repos/demo/many-site/pulls?base=other')).body).toEqual([]);

    await call('/repos/demo/many-site/pulls/5', { method: 'PATCH', body: { state: 'closed' } });
    const closed = await call('/repos/demo/many-site/pulls?state=closed');
    expectGitHubResponse('GET', PULLS, 200, closed.body);
    expect(closed.body.map((pull: { number: number }) => pull.number)).toEqual([5]);
    expect((await call('/repos/demo/many-site/pulls?state=all&per_page=100')).body).toHaveLength(
      32,
    );
    expect((await call('/repos/demo/many-site/pulls?per_page=100')).body).toHaveLength(31);
  });

  it('answers mergeable null first after a branch moved, then the result of a real merge', async () => {
    await freshRepo(host.gh, 'merge-site', { 'post.md': 'one\ntwo\nthree\n' });
    await branchWith(host.gh, 'demo', 'merge-site', 'topic', { 'post.md': 'one\nTWO\nthree\n' });
    const created = await call('/repos/demo/merge-site/pulls', {
      method: 'POST',
      body: { title: 't', head: 'topic', base: 'main' },
    });
    // The job started at creation: the first read waits for it.
    const ready = await call('/repos/demo/merge-site/pulls/1');
    expectGitHubResponse('GET', PULL, 200, ready.body);
    expect(ready.body).toMatchObject({ mergeable: true, mergeable_state: 'clean' });
    expect(ready.body.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    const testMerge = (
      await runGit(host.gh.gitDir('demo', 'merge-site'), [
        'log',
        '-1',
        '--format=%P',
        'refs/pull/1/merge',
      ])
    ).trim();
    expect(testMerge).toBe(`${created.body.base.sha} ${created.body.head.sha}`);

    await commitOn(host.gh, 'demo', 'merge-site', 'main', { 'post.md': 'one\n2\nthree\n' });
    const computing = await call('/repos/demo/merge-site/pulls/1');
    expectGitHubResponse('GET', PULL, 200, computing.body);
    expect(computing.body).toMatchObject({ mergeable: null, mergeable_state: 'unknown' });
    const conflicted = await call('/repos/demo/merge-site/pulls/1');
    expectGitHubResponse('GET', PULL, 200, conflicted.body);
    expect(conflicted.body).toMatchObject({
      mergeable: false,
      mergeable_state: 'dirty',
      merge_commit_sha: null,
    });

    host.gh.setMergeabilityMode('sync');
    try {
      await commitOn(host.gh, 'demo', 'merge-site', 'topic', {
        'post.md': 'one\n2\nthree\n',
        'other.md': 'x\n',
      });
      const resolved = await call('/repos/demo/merge-site/pulls/1');
      expect(resolved.body).toMatchObject({
        mergeable: true,
        mergeable_state: 'clean',
        commits: 2,
      });
    } finally {
      host.gh.setMergeabilityMode('background');
    }
  });

  it('closes and reopens, and closes pull requests whose head branch was deleted', async () => {
    await freshRepo(host.gh, 'state-site');
    await branchWith(host.gh, 'demo', 'state-site', 'topic', { 'x.md': 'x\n' });
    await call('/repos/demo/state-site/pulls', {
      method: 'POST',
      body: { title: 't', head: 'topic', base: 'main' },
    });
    const closed = await call('/repos/demo/state-site/pulls/1', {
      method: 'PATCH',
      body: { state: 'closed', title: 'Renamed' },
    });
    expect(closed.status).toBe(200);
    expectGitHubResponse('PATCH', PULL, 200, closed.body);
    expect(closed.body).toMatchObject({
      state: 'closed',
      title: 'Renamed',
      merged: false,
      merged_at: null,
    });
    expect(closed.body.closed_at).toEqual(expect.any(String));
    const reopened = await call('/repos/demo/state-site/pulls/1', {
      method: 'PATCH',
      body: { state: 'open' },
    });
    expectGitHubResponse('PATCH', PULL, 200, reopened.body);
    expect(reopened.body).toMatchObject({ state: 'open', closed_at: null });

    await runGit(host.gh.gitDir('demo', 'state-site'), ['update-ref', '-d', 'refs/heads/topic']);
    const gone = await call('/repos/demo/state-site/pulls/1');
    expect(gone.body).toMatchObject({ state: 'closed', merged: false });
    const refused = await call('/repos/demo/state-site/pulls/1', {
      method: 'PATCH',
      body: { state: 'open' },
    });
    expect(refused.status).toBe(422);
    expectGitHubResponse('PATCH', PULL, 422, refused.body);
    const invalid = await call('/repos/demo/state-site/pulls/1', {
      method: 'PATCH',
      body: { state: 'merged' },
    });
    expect(invalid.status).toBe(422);
    expect((await host.gh.pulls('demo', 'state-site'))[0]).toMatchObject({
      number: 1,
      state: 'closed',
      headRef: 'topic',
      mergedAt: null,
    });
  });

  it('lets installation tokens with pull_requests permission read and open pull requests', async () => {
    await freshRepo(host.gh, 'bot-site');
    await branchWith(host.gh, 'demo', 'bot-site', 'bot/update', { 'x.md': 'x\n' });
    const jwt = signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId, {}, host.clock.now());
    const installation = await api(
      host.gh,
      `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`,
      { token: jwt, method: 'POST' },
    );
    const token = installation.body.token as string;
    const created = await call('/repos/demo/bot-site/pulls', {
      method: 'POST',
      token,
      body: { title: 'Bot', head: 'bot/update', base: 'main' },
    });
    expect(created.status).toBe(201);
    expect((await call('/repos/demo/bot-site/pulls', { token })).body).toHaveLength(1);
  });
});

describe('pull requests across a restart', () => {
  it('keeps pull requests, numbers and comments in state.json', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'github-local-pulls-'));
    try {
      const first = await startGitHubLocal({ dataDir });
      await freshRepo(first, 'kept-site');
      await branchWith(first, 'demo', 'kept-site', 'one', { 'one.md': '1\n' });
      await branchWith(first, 'demo', 'kept-site', 'two', { 'two.md': '2\n' });
      const token = first.issueUserToken('demo').access_token;
      await api(first, '/repos/demo/kept-site/pulls', {
        token,
        method: 'POST',
        body: { title: 'One', head: 'one', base: 'main' },
      });
      await api(first, '/repos/demo/kept-site/issues/1/comments', {
        token,
        method: 'POST',
        body: { body: 'Kept' },
      });
      await first.close();

      const second = await startGitHubLocal({ dataDir });
      try {
        const again = second.issueUserToken('demo').access_token;
        const pull = await api(second, '/repos/demo/kept-site/pulls/1', { token: again });
        expect(pull.body).toMatchObject({ number: 1, title: 'One', state: 'open', comments: 1 });
        const next = await api(second, '/repos/demo/kept-site/pulls', {
          token: again,
          method: 'POST',
          body: { title: 'Two', head: 'two', base: 'main' },
        });
        expect(next.body.number).toBe(2);
        expect(next.body.id).toBeGreaterThan(pull.body.id);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
