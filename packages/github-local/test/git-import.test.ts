import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { api, graphqlAs, startTestHost, type TestHost } from './helpers';

/**
 * `importFiles`: a generated repository of any size in one commit through `git fast-import`,
 * served by the host like any other (REST trees and contents, GraphQL), with git's own checks
 * clean, and a number of git processes that does not grow with the number of files.
 */
describe('importFiles', () => {
  let host: TestHost;
  let token: string;
  const author = {
    name: 'Generator',
    email: 'generator@example.com',
    date: '2025-03-01T12:00:00Z',
  };
  const post = (n: number) =>
    `---\ntitle: Post number ${n}\ndate: 2025-01-${String((n % 28) + 1).padStart(2, '0')}\n---\nThe body of post ${n}, é ✓.\n`;
  /** Files made one at a time, as a generator streams them. */
  function* posts(count: number, dir = 'content/posts') {
    for (let n = 0; n < count; n += 1)
      yield { path: `${dir}/post-${String(n).padStart(5, '0')}.md`, content: post(n) };
  }

  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
    await host.gh.createRepository({ owner: 'demo', name: 'generated', installApp: true });
  });
  afterAll(() => host.dispose());

  it("commits every file in one commit the host serves: tree, blob count, a file's bytes", async () => {
    const result = await host.gh.importFiles('demo', 'generated', {
      branch: 'main',
      message: 'Generate 300 posts',
      author,
      files: [{ path: 'cms.config.json', content: '{"collections":{}}\n' }, ...posts(300)],
    });
    expect(result).toEqual({
      commitSha: expect.stringMatching(/^[0-9a-f]{40}$/),
      treeSha: expect.stringMatching(/^[0-9a-f]{40}$/),
      parentSha: null,
      files: 301,
    });

    const ref = await api(host.gh, '/repos/demo/generated/git/ref/heads/main', { token });
    expect(ref.body.object.sha).toBe(result.commitSha);
    const commit = await api(host.gh, `/repos/demo/generated/git/commits/${result.commitSha}`, {
      token,
    });
    expect(commit.body).toMatchObject({
      message: 'Generate 300 posts',
      tree: { sha: result.treeSha },
      parents: [],
      author: { name: 'Generator', email: 'generator@example.com', date: '2025-03-01T12:00:00Z' },
    });

    const tree = await api(
      host.gh,
      `/repos/demo/generated/git/trees/${result.treeSha}?recursive=1`,
      { token },
    );
    const blobs = (tree.body.tree as { path: string; type: string }[]).filter(
      (entry) => entry.type === 'blob',
    );
    expect(blobs).toHaveLength(301);
    expect(
      blobs.filter((entry) => entry.path.startsWith('content/posts/')).map((entry) => entry.path),
    ).toEqual([...posts(300)].map((file) => file.path));

    const file = await api(host.gh, '/repos/demo/generated/contents/content/posts/post-00123.md', {
      token,
    });
    expect(Buffer.from(file.body.content as string, 'base64').toString('utf8')).toBe(post(123));
    const graphql = await graphqlAs(
      host.gh,
      token,
      'query Blob { repository(owner: "demo", name: "generated") { object(expression: "HEAD:content/posts/post-00299.md") { ... on Blob { text } } } }',
      {},
    );
    expect(graphql.data.repository.object.text).toBe(post(299));

    const gitDir = host.gh.gitDir('demo', 'generated');
    // One pack holding every object; git's strictest check finds nothing wrong, and no scratch ref is left.
    expect(await runGit(gitDir, ['fsck', '--strict', '--no-dangling'])).toBe('');
    expect((await runGit(gitDir, ['for-each-ref', '--format=%(refname)'])).trim()).toBe(
      'refs/heads/main',
    );
    expect(
      Number((await runGit(gitDir, ['rev-list', '--objects', '--all'])).trim().split('\n').length),
    ).toBe(1 + 3 + 301);
  });

  it('adds onto the branch head, keeping what was there, with as many git processes for 2,000 files as for 2', async () => {
    const head = (await api(host.gh, '/repos/demo/generated/git/ref/heads/main', { token })).body
      .object.sha as string;
    const beforeSmall = host.gh.gitProcessCount();
    const small = await host.gh.importFiles('demo', 'generated', {
      branch: 'main',
      message: 'Two more',
      author,
      files: posts(2, 'content/notes'),
    });
    const afterSmall = host.gh.gitProcessCount();
    const large = await host.gh.importFiles('demo', 'generated', {
      branch: 'main',
      message: '2,000 more',
      author,
      files: posts(2000, 'content/pages'),
    });
    const forLarge = host.gh.gitProcessCount() - afterSmall;
    expect(small.parentSha).toBe(head);
    expect(large.parentSha).toBe(small.commitSha);
    expect(large.files).toBe(2000);
    // fast-import, the branch's update-ref and the scratch ref's deletion (the object reader already runs).
    expect(forLarge).toBe(3);
    expect(afterSmall - beforeSmall).toBe(forLarge);

    const root = await api(
      host.gh,
      `/repos/demo/generated/git/trees/${large.treeSha}?recursive=1`,
      { token },
    );
    const count = (dir: string) =>
      (root.body.tree as { path: string; type: string }[]).filter(
        (entry) => entry.type === 'blob' && entry.path.startsWith(`${dir}/`),
      ).length;
    expect([count('content/posts'), count('content/notes'), count('content/pages')]).toEqual([
      300, 2, 2000,
    ]);
    expect(
      await runGit(host.gh.gitDir('demo', 'generated'), ['fsck', '--strict', '--no-dangling']),
    ).toBe('');
  });

  it("gives the commit git's own index gives where trees are not written in-process", async () => {
    // A compression setting keeps the host from writing objects itself (loose-objects.ts): git's index builds the trees.
    for (const name of ['in-process', 'through-git'])
      await host.gh.createRepository({ owner: 'demo', name });
    await runGit(host.gh.gitDir('demo', 'through-git'), ['config', 'core.compression', '1']);
    const commits = [];
    for (const name of ['in-process', 'through-git']) {
      const first = await host.gh.importFiles('demo', name, {
        branch: 'main',
        message: 'First',
        author,
        files: [...posts(20), { path: 'README.md', content: 'Hello\n' }],
      });
      const second = await host.gh.importFiles('demo', name, {
        branch: 'main',
        message: 'Second',
        author,
        files: [...posts(5, 'content/notes'), { path: 'README.md', content: 'Changed\n' }],
      });
      commits.push([first.commitSha, second.commitSha]);
      expect(
        await runGit(host.gh.gitDir('demo', name), ['fsck', '--strict', '--no-dangling']),
      ).toBe('');
    }
    expect(commits[1]).toEqual(commits[0]);
  });

  it('refuses a path git could not hold and leaves the branch where it was', async () => {
    const head = (await api(host.gh, '/repos/demo/generated/git/ref/heads/main', { token })).body
      .object.sha as string;
    for (const path of [
      'content/../escape.md',
      'content//twice.md',
      '.git/config',
      'line\nbreak.md',
    ]) {
      await expect(
        host.gh.importFiles('demo', 'generated', {
          branch: 'main',
          message: 'Bad',
          author,
          files: [
            { path: 'content/fine.md', content: 'x' },
            { path, content: 'x' },
          ],
        }),
        path,
      ).rejects.toThrow(/path/);
    }
    expect(
      (await api(host.gh, '/repos/demo/generated/git/ref/heads/main', { token })).body.object.sha,
    ).toBe(head);
    expect(
      (
        await runGit(host.gh.gitDir('demo', 'generated'), ['for-each-ref', '--format=%(refname)'])
      ).trim(),
    ).toBe('refs/heads/main');
    expect(
      await runGit(host.gh.gitDir('demo', 'generated'), ['fsck', '--strict', '--no-dangling']),
    ).toBe('');
  });
});
