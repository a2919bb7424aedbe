import { describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, commitOn, expectBasicError, freshRepo, headOf } from './collaboration-helpers';
import { useSignedInHost } from './helpers';

const MERGE = '/repos/{owner}/{repo}/pulls/{pull_number}/merge';
const PULL = '/repos/{owner}/{repo}/pulls/{pull_number}';
const MERGES = '/repos/{owner}/{repo}/merges';
const STATUSES = '/repos/{owner}/{repo}/statuses/{sha}';

describe('merging', () => {
  const host = useSignedInHost();
  const { tokens, call } = host;

  const git = (repo: string, args: string[]) =>
    runGit(host.gh.gitDir('demo', repo), args).then((out) => out.trim());

  async function openPull(
    repo: string,
    head: string,
    title = `Update ${head}`,
  ): Promise<{ number: number; headSha: string }> {
    const res = await call(`/repos/demo/${repo}/pulls`, {
      method: 'POST',
      body: { title, head, base: 'main' },
    });
    expect(res.status).toBe(201);
    return { number: res.body.number, headSha: res.body.head.sha };
  }

  it('squash-merges: one new commit on the base with the merged tree, authored by the merging user', async () => {
    await freshRepo(host.gh, 'squash-site', { 'a.md': 'a\n', 'b.md': 'b\n' }, { alice: 'write' });
    await branchWith(
      host.gh,
      'demo',
      'squash-site',
      'cms/posts/a',
      { 'a.md': 'A\n' },
      { message: 'Edit a' },
    );
    await commitOn(host.gh, 'demo', 'squash-site', 'cms/posts/a', { 'c.md': 'c\n' }, 'Add c');
    const pull = await openPull('squash-site', 'cms/posts/a', 'Edit the a post');
    // The base moves on without conflict: the squash commit must hold both sides.
    const baseBefore = await commitOn(
      host.gh,
      'demo',
      'squash-site',
      'main',
      { 'b.md': 'B\n' },
      'Edit b',
    );
    const expectedTree = (
      await git('squash-site', ['merge-tree', '--write-tree', baseBefore, pull.headSha])
    ).split('\n')[0];

    const alice = tokens.alice ?? '';
    const res = await call('/repos/demo/squash-site/pulls/1/merge', {
      method: 'PUT',
      token: alice,
      body: { merge_method: 'squash', sha: pull.headSha },
    });
    expect(res.status).toBe(200);
    expectGitHubResponse('PUT', MERGE, 200, res.body);
    expect(res.body).toEqual({
      sha: await headOf(host.gh, 'demo', 'squash-site', 'main'),
      merged: true,
      message: 'Pull Request successfully merged',
    });

    const [parents, tree, author, committer, message] = (
      await git('squash-site', ['log', '-1', '--format=%P%n%T%n%an <%ae>%n%cn <%ce>%n%B', 'main'])
    ).split('\n');
    expect(parents).toBe(baseBefore);
    expect(tree).toBe(expectedTree);
    expect(author).toBe('Alice Martin <alice@example.com>');
    expect(committer).toBe('GitHub <noreply@github.com>');
    expect(message).toBe('Edit the a post (#1)');
    expect(await git('squash-site', ['show', 'main:c.md'])).toBe('c');
    expect(await git('squash-site', ['show', 'main:b.md'])).toBe('B');
    expect(await git('squash-site', ['log', '--format=%B', '-1', 'main'])).toBe(
      'Edit the a post (#1)\n\n* Edit a\n\n* Add c',
    );

    const merged = await call('/repos/demo/squash-site/pulls/1');
    expectGitHubResponse('GET', PULL, 200, merged.body);
    expect(merged.body).toMatchObject({
      state: 'closed',
      merged: true,
      merge_commit_sha: res.body.sha,
      merged_by: { login: 'alice' },
      mergeable: null,
    });
    expect(merged.body.merged_at).toEqual(expect.any(String));
    expect(merged.body.base.sha).toBe(baseBefore);
    const check = await call('/repos/demo/squash-site/pulls/1/merge');
    expect(check.status).toBe(204);
    expectGitHubResponse('GET', MERGE, 204, check.body);

    const again = await call('/repos/demo/squash-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(again.status).toBe(405);
    expectGitHubResponse('PUT', MERGE, 405, again.body);
    expect(again.body.message).toBe('Pull Request is not mergeable');
    // Deleting the head branch is the client's job; the merged pull request stays merged.
    await git('squash-site', ['update-ref', '-d', 'refs/heads/cms/posts/a']);
    expect((await call('/repos/demo/squash-site/pulls/1')).body).toMatchObject({
      state: 'closed',
      merged: true,
    });
  });

  it('refuses a stale head sha (409), conflicts (405), readers (403) and unknown pull requests (404)', async () => {
    await freshRepo(host.gh, 'refuse-site', { 'post.md': 'one\n' }, { bob: 'read' });
    await branchWith(host.gh, 'demo', 'refuse-site', 'topic', { 'post.md': 'two\n' });
    const pull = await openPull('refuse-site', 'topic');
    await commitOn(host.gh, 'demo', 'refuse-site', 'topic', { 'more.md': 'more\n' });
    const stale = await call('/repos/demo/refuse-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash', sha: pull.headSha },
    });
    expect(stale.status).toBe(409);
    expectGitHubResponse('PUT', MERGE, 409, stale.body);
    expect(stale.body.message).toBe('Head branch was modified. Review and try the merge again.');

    const reader = await call('/repos/demo/refuse-site/pulls/1/merge', {
      method: 'PUT',
      token: tokens.bob,
      body: { merge_method: 'squash' },
    });
    expect(reader.status).toBe(403);
    expectGitHubResponse('PUT', MERGE, 403, reader.body);
    const missing = await call('/repos/demo/refuse-site/pulls/9/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(missing.status).toBe(404);
    expectGitHubResponse('PUT', MERGE, 404, missing.body);
    const badMethod = await call('/repos/demo/refuse-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'fast-forward' },
    });
    expect(badMethod.status).toBe(422);
    expectGitHubResponse('PUT', MERGE, 422, badMethod.body);

    const mainBefore = await commitOn(host.gh, 'demo', 'refuse-site', 'main', {
      'post.md': 'three\n',
    });
    const conflict = await call('/repos/demo/refuse-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(conflict.status).toBe(405);
    expectGitHubResponse('PUT', MERGE, 405, conflict.body);
    expect(conflict.body.message).toBe('Pull Request is not mergeable');
    expect(await headOf(host.gh, 'demo', 'refuse-site', 'main')).toBe(mainBefore);
    expect((await call('/repos/demo/refuse-site/pulls/1')).body).toMatchObject({
      state: 'open',
      merged: false,
    });
  });

  it('merges with a merge commit or by rebasing, as asked', async () => {
    await freshRepo(host.gh, 'methods-site', { 'a.md': 'a\n', 'b.md': 'b\n' });
    await branchWith(host.gh, 'demo', 'methods-site', 'merge-me', { 'a.md': 'A\n' });
    await branchWith(
      host.gh,
      'demo',
      'methods-site',
      'rebase-me',
      { 'b.md': 'B\n' },
      { message: 'First' },
    );
    await commitOn(host.gh, 'demo', 'methods-site', 'rebase-me', { 'c.md': 'C\n' }, 'Second');
    const merge = await openPull('methods-site', 'merge-me', 'Merge me');
    await openPull('methods-site', 'rebase-me');

    const merged = await call('/repos/demo/methods-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'merge', commit_title: 'Custom title' },
    });
    expectGitHubResponse('PUT', MERGE, 200, merged.body);
    const parents = (await git('methods-site', ['log', '-1', '--format=%P', 'main'])).split(' ');
    expect(parents[1]).toBe(merge.headSha);
    expect(await git('methods-site', ['log', '-1', '--format=%B', 'main'])).toBe(
      'Custom title\n\nMerge me',
    );

    const mainBefore = await headOf(host.gh, 'demo', 'methods-site', 'main');
    const rebased = await call('/repos/demo/methods-site/pulls/2/merge', {
      method: 'PUT',
      body: { merge_method: 'rebase' },
    });
    expectGitHubResponse('PUT', MERGE, 200, rebased.body);
    expect(await git('methods-site', ['log', '--format=%s|%P', `${mainBefore}..main`])).toBe(
      `Second|${await git('methods-site', ['rev-parse', 'main~1'])}\nFirst|${mainBefore}`,
    );
    expect(await git('methods-site', ['show', 'main:a.md'])).toBe('A');
    expect(await git('methods-site', ['show', 'main:c.md'])).toBe('C');
  });

  it('never loses a concurrent update of the base: racing merges both land, the same merge lands once', async () => {
    await freshRepo(host.gh, 'race-site', { 'x.md': 'x\n' });
    await branchWith(host.gh, 'demo', 'race-site', 'one', { 'one.md': '1\n' });
    await branchWith(host.gh, 'demo', 'race-site', 'two', { 'two.md': '2\n' });
    await openPull('race-site', 'one');
    await openPull('race-site', 'two');
    const [first, second] = await Promise.all(
      [1, 2].map((n) =>
        call(`/repos/demo/race-site/pulls/${n}/merge`, {
          method: 'PUT',
          body: { merge_method: 'squash' },
        }),
      ),
    );
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(await git('race-site', ['ls-tree', '--name-only', 'main'])).toBe('one.md\ntwo.md\nx.md');
    expect(await git('race-site', ['rev-list', '--count', 'main'])).toBe('3');

    await branchWith(host.gh, 'demo', 'race-site', 'three', { 'three.md': '3\n' });
    await openPull('race-site', 'three');
    const twice = await Promise.all(
      [1, 2].map(() =>
        call('/repos/demo/race-site/pulls/3/merge', {
          method: 'PUT',
          body: { merge_method: 'squash' },
        }),
      ),
    );
    expect(twice.map((res) => res.status).sort()).toEqual([200, 405]);
    expect(await git('race-site', ['rev-list', '--count', 'main'])).toBe('4');
  });

  it('merges branches with POST /merges: 201 with a two-parent commit, 204, 409 and 404', async () => {
    await freshRepo(host.gh, 'branch-site', { 'post.md': 'one\n' });
    const head = await branchWith(host.gh, 'demo', 'branch-site', 'feature', { 'new.md': 'new\n' });
    const base = await commitOn(host.gh, 'demo', 'branch-site', 'main', { 'main.md': 'main\n' });
    const created = await call('/repos/demo/branch-site/merges', {
      method: 'POST',
      body: { base: 'feature', head: 'main' },
    });
    expect(created.status).toBe(201);
    expectGitHubResponse('POST', MERGES, 201, created.body);
    expect(created.body.parents.map((parent: { sha: string }) => parent.sha)).toEqual([head, base]);
    expect(created.body.commit).toMatchObject({
      message: 'Merge main into feature',
      author: { name: 'Demo User' },
      committer: { name: 'GitHub', email: 'noreply@github.com' },
    });
    expect(created.body.author).toMatchObject({ login: 'demo' });
    expect(await headOf(host.gh, 'demo', 'branch-site', 'feature')).toBe(created.body.sha);

    const nothing = await call('/repos/demo/branch-site/merges', {
      method: 'POST',
      body: { base: 'feature', head: 'main' },
    });
    expect(nothing.status).toBe(204);
    expectGitHubResponse('POST', MERGES, 204, nothing.body);

    await commitOn(host.gh, 'demo', 'branch-site', 'main', { 'post.md': 'main side\n' });
    await commitOn(host.gh, 'demo', 'branch-site', 'feature', { 'post.md': 'feature side\n' });
    const before = await headOf(host.gh, 'demo', 'branch-site', 'feature');
    // GitHub documents these statuses without a body schema; the body is its "Basic Error".
    expectBasicError(
      await call('/repos/demo/branch-site/merges', {
        method: 'POST',
        body: { base: 'feature', head: 'main' },
      }),
      409,
      'Merge conflict',
    );
    expect(await headOf(host.gh, 'demo', 'branch-site', 'feature')).toBe(before);
    expectBasicError(
      await call('/repos/demo/branch-site/merges', {
        method: 'POST',
        body: { base: 'nope', head: 'main' },
      }),
      404,
      'Base does not exist',
    );
    expectBasicError(
      await call('/repos/demo/branch-site/merges', {
        method: 'POST',
        body: { base: 'main', head: 'nope' },
      }),
      404,
      'Head does not exist',
    );
    const invalid = await call('/repos/demo/branch-site/merges', {
      method: 'POST',
      body: { head: 'main' },
    });
    expect(invalid.status).toBe(422);
    expectGitHubResponse('POST', MERGES, 422, invalid.body);
  });

  it('blocks merges into a protected branch until the required status check passes', async () => {
    await freshRepo(host.gh, 'protected-site', { 'post.md': 'one\n' });
    await branchWith(host.gh, 'demo', 'protected-site', 'topic', { 'new.md': 'new\n' });
    const pull = await openPull('protected-site', 'topic');
    host.gh.protectBranch('demo', 'protected-site', 'main', { requiredStatusChecks: ['ci'] });

    const blocked = await call('/repos/demo/protected-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(blocked.status).toBe(405);
    expectGitHubResponse('PUT', MERGE, 405, blocked.body);
    expect(blocked.body).toEqual({
      message: 'Required status check "ci" is expected.',
      documentation_url: 'https://docs.github.com/articles/about-protected-branches',
      status: '405',
    });
    const detail = await call('/repos/demo/protected-site/pulls/1');
    expect(detail.body).toMatchObject({ mergeable: true, mergeable_state: 'blocked' });
    expectBasicError(
      await call('/repos/demo/protected-site/merges', {
        method: 'POST',
        body: { base: 'main', head: 'topic' },
      }),
      409,
      'Required status check "ci" is expected.',
    );

    const failing = await call(`/repos/demo/protected-site/statuses/${pull.headSha}`, {
      method: 'POST',
      body: { state: 'failure', context: 'ci' },
    });
    expect(failing.status).toBe(201);
    expectGitHubResponse('POST', STATUSES, 201, failing.body);
    const stillBlocked = await call('/repos/demo/protected-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(stillBlocked.body.message).toBe('Required status check "ci" is failing.');

    const passing = await call(`/repos/demo/protected-site/statuses/${pull.headSha}`, {
      method: 'POST',
      body: {
        state: 'success',
        context: 'ci',
        target_url: 'https://ci.example.com/1',
        description: 'Build passed',
      },
    });
    expectGitHubResponse('POST', STATUSES, 201, passing.body);
    expect(passing.body).toMatchObject({
      state: 'success',
      context: 'ci',
      creator: { login: 'demo' },
    });
    host.gh.setCommitStatus('demo', 'protected-site', pull.headSha, {
      state: 'failure',
      context: 'lint',
    });
    expect((await call('/repos/demo/protected-site/pulls/1')).body).toMatchObject({
      mergeable: true,
      mergeable_state: 'unstable',
    });
    const combined = await call(`/repos/demo/protected-site/commits/topic/status`);
    expectGitHubResponse('GET', '/repos/{owner}/{repo}/commits/{ref}/status', 200, combined.body);
    expect(combined.body).toMatchObject({ state: 'failure', total_count: 2, sha: pull.headSha });

    const merged = await call('/repos/demo/protected-site/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });
    expect(merged.status).toBe(200);
    host.gh.protectBranch('demo', 'protected-site', 'main', null);

    const noCommit = await call(`/repos/demo/protected-site/statuses/${'0'.repeat(40)}`, {
      method: 'POST',
      body: { state: 'success', context: 'ci' },
    });
    expectBasicError(noCommit, 422, `No commit found for SHA: ${'0'.repeat(40)}`);
  });
});
