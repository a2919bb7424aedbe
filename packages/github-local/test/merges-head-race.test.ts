import { afterEach, describe, expect, it, vi } from 'vitest';
import { runGit } from '../src/git-command';
import * as gitMerge from '../src/git-merge';
import { branchWith, commitOn, freshRepo, headOf } from './collaboration-helpers';
import { useSignedInHost } from './helpers';

// The merge's own three-way merge is where a push can land between GitHub's check of `sha` and the
// move of the base: the test pushes there, at exactly that moment.
vi.mock('../src/git-merge', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/git-merge')>();
  return { ...actual, mergeCommits: vi.fn(actual.mergeCommits) };
});

describe('a push to the head while the pull request is being merged', () => {
  const host = useSignedInHost();
  const { call } = host;
  const git = (repo: string, args: string[]) =>
    runGit(host.gh.gitDir('demo', repo), args).then((out) => out.trim());
  afterEach(() => vi.mocked(gitMerge.mergeCommits).mockRestore());

  /** An open pull request of `topic`, its mergeability computed, and a push to `topic` armed for the merge's own merge-tree. */
  async function raced(repo: string) {
    await freshRepo(host.gh, repo, { 'post.md': 'one\n' });
    const head = await branchWith(host.gh, 'demo', repo, 'topic', { 'post.md': 'two\n' });
    const opened = await call(`/repos/demo/${repo}/pulls`, {
      method: 'POST',
      body: { title: 'Topic', head: 'topic', base: 'main' },
    });
    expect(opened.status).toBe(201);
    // The background mergeability check runs the same merge: a second read waits for it.
    await call(`/repos/demo/${repo}/pulls/1`);
    await call(`/repos/demo/${repo}/pulls/1`);
    const real = vi.mocked(gitMerge.mergeCommits).getMockImplementation()!;
    let pushed: Promise<string> | undefined;
    vi.mocked(gitMerge.mergeCommits).mockImplementationOnce(async (...args) => {
      pushed = commitOn(
        host.gh,
        'demo',
        repo,
        'topic',
        { 'later.md': 'a later save\n' },
        'Later save',
      );
      await pushed;
      return real(...args);
    });
    return { head, main: await headOf(host.gh, 'demo', repo, 'main'), pushed: () => pushed! };
  }

  it('refuses the merge guarded by `sha` with 409 and moves nothing', async () => {
    // Prepare
    const { head, main, pushed } = await raced('head-race');

    // Act
    const merge = await call('/repos/demo/head-race/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash', sha: head },
    });

    // Assess
    expect(merge.status).toBe(409);
    expect(merge.body.message).toBe('Head branch was modified. Review and try the merge again.');
    expect(await headOf(host.gh, 'demo', 'head-race', 'main')).toBe(main);
    expect((await call('/repos/demo/head-race/pulls/1')).body).toMatchObject({
      state: 'open',
      merged: false,
      head: { sha: await pushed() },
    });
  });

  it('without `sha`, merges the head as it is then, the later push included', async () => {
    // Prepare
    const { pushed } = await raced('head-race-unguarded');

    // Act
    const merge = await call('/repos/demo/head-race-unguarded/pulls/1/merge', {
      method: 'PUT',
      body: { merge_method: 'squash' },
    });

    // Assess
    expect(merge.status).toBe(200);
    expect(await git('head-race-unguarded', ['show', 'main:later.md'])).toBe('a later save');
    expect((await call('/repos/demo/head-race-unguarded/pulls/1')).body).toMatchObject({
      merged: true,
      head: { sha: await pushed() },
    });
  });
});
