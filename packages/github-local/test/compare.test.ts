import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, commitOn, freshRepo } from './collaboration-helpers';
import { api, startTestHost, type TestHost } from './helpers';

const COMPARE = '/repos/{owner}/{repo}/compare/{basehead}';

describe('compare', () => {
  let host: TestHost;
  let token: string;
  let root: string;
  let draftHead: string;
  let mainHead: string;

  beforeAll(async () => {
    host = await startTestHost();
    token = host.gh.issueUserToken('demo').access_token;
    root = await freshRepo(host.gh, 'compare-site', {
      'content/posts/x.md': '---\ntitle: X\n---\nBody\n',
      'keep.md': 'keep\n',
    });
    await branchWith(
      host.gh,
      'demo',
      'compare-site',
      'cms/posts/x',
      { 'content/posts/x.md': '---\ntitle: X2\n---\nBody\n' },
      { message: 'Edit x' },
    );
    draftHead = await commitOn(
      host.gh,
      'demo',
      'compare-site',
      'cms/posts/x',
      { 'content/posts/y.md': 'y\n' },
      'Add y',
    );
    mainHead = await commitOn(
      host.gh,
      'demo',
      'compare-site',
      'main',
      { 'keep.md': 'kept\n' },
      'Edit keep',
    );
  });
  afterAll(() => host.dispose());

  const compare = (basehead: string, query = '') =>
    api(host.gh, `/repos/demo/compare-site/compare/${basehead}${query}`, { token });

  it('compares diverged branches (refs with slashes): counts, merge base, commits and files', async () => {
    const res = await compare('main...cms/posts/x');
    expect(res.status).toBe(200);
    expectGitHubResponse('GET', COMPARE, 200, res.body);
    expect(res.body).toMatchObject({
      status: 'diverged',
      ahead_by: 2,
      behind_by: 1,
      total_commits: 2,
    });
    expect(res.body.merge_base_commit.sha).toBe(root);
    expect(res.body.base_commit.sha).toBe(mainHead);
    expect(
      res.body.commits.map((commit: { commit: { message: string } }) => commit.commit.message),
    ).toEqual(['Edit x', 'Add y']);
    expect(res.body.commits[1].sha).toBe(draftHead);
    expect(res.body.commits[0].author).toMatchObject({ login: 'demo' });
    expect(
      res.body.files.map((file: { filename: string; status: string }) => [
        file.filename,
        file.status,
      ]),
    ).toEqual([
      ['content/posts/x.md', 'modified'],
      ['content/posts/y.md', 'added'],
    ]);
    expect(res.body.files[0].patch).toBe(
      '@@ -1,4 +1,4 @@\n ---\n-title: X\n+title: X2\n ---\n Body',
    );
  });

  it('reports ahead, behind and identical, and accepts shas and owner-prefixed refs', async () => {
    const ahead = await compare(`${root}...cms/posts/x`);
    expectGitHubResponse('GET', COMPARE, 200, ahead.body);
    expect(ahead.body).toMatchObject({ status: 'ahead', ahead_by: 2, behind_by: 0 });
    const short = await compare(`${root.slice(0, 7)}...${draftHead}`);
    expect(short.body).toMatchObject({ status: 'ahead', ahead_by: 2 });
    const back = await compare(`demo:main...${root}`);
    expectGitHubResponse('GET', COMPARE, 200, back.body);
    expect(back.body).toMatchObject({
      status: 'behind',
      ahead_by: 0,
      behind_by: 1,
      commits: [],
      files: [],
    });
    const same = await compare('main...main');
    expect(same.body).toMatchObject({
      status: 'identical',
      ahead_by: 0,
      behind_by: 0,
      total_commits: 0,
    });
  });

  it('pages commits when asked, with files on the first page only', async () => {
    const first = await compare('main...cms/posts/x', '?per_page=1');
    expectGitHubResponse('GET', COMPARE, 200, first.body);
    expect(first.body.commits).toHaveLength(1);
    expect(first.body.files).toHaveLength(2);
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await compare('main...cms/posts/x', '?per_page=1&page=2');
    expect(second.body.commits[0].sha).toBe(draftHead);
    expect(second.body.files).toEqual([]);
  });

  it('answers 404 for unknown refs, malformed ranges and unrelated histories', async () => {
    for (const basehead of ['main...nope', 'nope...main', 'main', 'other:main...main']) {
      const res = await compare(basehead);
      expect(res.status, basehead).toBe(404);
      expectGitHubResponse('GET', COMPARE, 404, res.body);
    }
    const orphan = (
      await runGit(
        host.gh.gitDir('demo', 'compare-site'),
        ['commit-tree', '4b825dc642cb6eb9a060e54bf8d69288fbee4904'],
        {
          input: 'orphan\n',
          env: {
            GIT_AUTHOR_NAME: 'x',
            GIT_AUTHOR_EMAIL: 'x@x',
            GIT_COMMITTER_NAME: 'x',
            GIT_COMMITTER_EMAIL: 'x@x',
          },
        },
      )
    ).trim();
    const unrelated = await compare(`main...${orphan}`);
    expect(unrelated.status).toBe(404);
    expectGitHubResponse('GET', COMPARE, 404, unrelated.body);
    expect(unrelated.body.message).toBe(`No common ancestor between main and ${orphan}.`);
    const hidden = await api(host.gh, '/repos/demo/compare-site/compare/main...main', {
      token: host.gh.issueUserToken('bob').access_token,
    });
    expect(hidden.status).toBe(404);
  });
});
