import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import type { ApiClient } from '../support/api-client';
import { blog, openPull, saveDraft } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

let service: TestService;
let api: ApiClient;
let demo: string;
const author = { name: 'Demo', email: 'demo@example.com' };

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

/** A pull request for a branch someone pushed with git, not through the CMS. */
async function pushAndOpen(
  branch: string,
  changes: { path: string; content?: string; delete?: true }[],
) {
  const gitDir = service.github.gitDir('demo', 'blog');
  const main = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'main'], {
    encoding: 'utf8',
  }).trim();
  execFileSync('git', ['--git-dir', gitDir, 'update-ref', `refs/heads/${branch}`, main]);
  await service.github.commitFiles('demo', 'blog', {
    branch,
    message: `Push to ${branch}`,
    author,
    changes: changes.map((change) =>
      change.delete
        ? { path: change.path, delete: true as const }
        : { path: change.path, content: change.content ?? '' },
    ),
  });
  const token = service.github.issueUserToken('demo').access_token;
  const response = await fetch(`${service.github.url}/api/v3/repos/demo/blog/pulls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `PR for ${branch}`, head: branch, base: 'main' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { number: number }).number;
}

describe('pull requests that are not CMS drafts', () => {
  it('are out of reach (404), and rebase answers 400 as the spec says', async () => {
    const number = await pushAndOpen('feature/code-change', [
      { path: 'src/app.js', content: 'console.log(1);\n' },
    ]);
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/diff'],
      ['PUT', '/merge'],
      ['PUT', '/update'],
      ['GET', '/comments'],
      ['DELETE', ''],
    ] as const) {
      const response = await api.call(method, `${blog}/pulls/${number}${suffix}`, {
        session: demo,
      });
      expect(response.status, `${method} ${suffix}`).toBe(404);
    }
    expect((await api.post(`${blog}/pulls/${number}/rebase`, {}, { session: demo })).status).toBe(
      400,
    );
    expect(
      (await api.get(`${blog}/pulls`, { session: demo })).body.map(
        (pull: { number: number }) => pull.number,
      ),
    ).not.toContain(number);
    expect(gitShow(service.github, 'demo/blog', 'feature/code-change:src/app.js')).toBe(
      'console.log(1);\n',
    );
  });

  it('answers 404 for an unknown number and 400 for a number that is not one', async () => {
    expect((await api.get(`${blog}/pulls/9999`, { session: demo })).status).toBe(404);
    expect((await api.get(`${blog}/pulls/abc`, { session: demo })).status).toBe(400);
  });

  it("answers 404, not a provider error, for numbers beyond GitHub's 32-bit range", async () => {
    for (const number of [
      '2147483647',
      '2147483648',
      '9999999999',
      '123456789012345678901234567890',
    ]) {
      const response = await api.get(`${blog}/pulls/${number}`, { session: demo });
      expect(response.status, number).toBe(404);
      expect(
        (await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo })).status,
        number,
      ).toBe(404);
    }
  });
});

describe('rebase', () => {
  it('re-commits a deletion on top of the latest default branch', async () => {
    const post = '2024-05-06-roadmap';
    const number = await pushAndOpen(`cms/posts/${post}`, [
      { path: `content/posts/${post}.md`, delete: true },
    ]);
    const other = (await api.get(`${blog}/content/pages/about`, { session: demo })).body;
    expect(
      (
        await api.put(
          `${blog}/content/pages/about`,
          { frontmatter: { ...other.frontmatter, order: 5 }, body: other.body, sha: other.sha },
          { session: demo },
        )
      ).status,
    ).toBe(200);
    expect((await api.post(`${blog}/pulls/${number}/rebase`, {}, { session: demo })).body).toEqual({
      ok: true,
    });
    expect(() =>
      gitShow(service.github, 'demo/blog', `cms/posts/${post}:content/posts/${post}.md`),
    ).toThrow();
    expect(
      gitShow(service.github, 'demo/blog', `cms/posts/${post}:content/pages/about.md`),
    ).toContain('order: 5');
    const detail = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    expect(detail.state).toBe('open');
    const diff = (await api.get(`${blog}/pulls/${number}/diff`, { session: demo })).body;
    expect(diff).toEqual([
      expect.objectContaining({
        collection: 'posts',
        slug: post,
        type: 'deleted',
        body: expect.objectContaining({ newBody: '' }),
      }),
    ]);
  });
});

describe('merge guarded by the head that was read', () => {
  it('refuses with 409 and a reason when the head moved between read and merge', async () => {
    const post = '2024-04-18-static-sites-and-git';
    await saveDraft(api, demo, post, { title: 'Moving target' });
    const { number } = await openPull(api, demo, post);
    const host = createGitHubPullHost({ apiUrl: `${service.github.url}/api/v3` });
    const token = service.github.issueUserToken('demo').access_token;
    const read = await host.getPull(token, { owner: 'demo', name: 'blog' }, number);
    await service.github.commitFiles('demo', 'blog', {
      branch: `cms/posts/${post}`,
      message: 'Someone else pushed',
      author,
      changes: [{ path: 'notes.txt', content: 'x' }],
    });
    const outcome = await host.squashMerge(token, { owner: 'demo', name: 'blog' }, number, {
      sha: read!.pull.headSha,
      title: 't',
      message: 'm',
    });
    expect(outcome).toEqual({
      merged: false,
      reason: 'head-moved',
      message: expect.stringMatching(/changed/),
    });
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${post}.md`)).not.toContain(
      'Moving target',
    );
  });
});
