import { beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { expectGitHubResponse } from './support/github-openapi';
import { api, useSignedInHost } from './helpers';

const FILE = '/repos/{owner}/{repo}/contents/{path}';
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe('contents API', () => {
  const host = useSignedInHost();
  const { tokens } = host;
  let gitDir: string;

  beforeAll(async () => {
    gitDir = host.gh.gitDir('demo', 'blog');
  });

  const git = (...args: string[]) => runGit(gitDir, args).then((out) => out.trim());

  describe('GET', () => {
    it('returns a file as GitHub does: blob sha, size and base64 in 60-character lines', async () => {
      const res = await api(host.gh, '/repos/demo/blog/contents/content/pages/about.md', {
        token: tokens.demo,
      });
      expect(res.status).toBe(200);
      expectGitHubResponse('GET', FILE, 200, res.body);
      const bytes = Buffer.from(
        await runGit(gitDir, ['cat-file', 'blob', 'main:content/pages/about.md']),
      );
      expect(res.body).toMatchObject({
        type: 'file',
        encoding: 'base64',
        name: 'about.md',
        path: 'content/pages/about.md',
        size: bytes.length,
      });
      expect(res.body.sha).toBe(await git('rev-parse', 'main:content/pages/about.md'));
      const lines: string[] = res.body.content.split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.every((line) => line.length <= 60)).toBe(true);
      expect(Buffer.from(lines.join(''), 'base64').equals(bytes)).toBe(true);
      expect(res.body.url).toBe(
        `${host.gh.apiUrl}/repos/demo/blog/contents/content/pages/about.md?ref=main`,
      );
      expect(res.body.git_url).toBe(`${host.gh.apiUrl}/repos/demo/blog/git/blobs/${res.body.sha}`);
    });

    it('lists a directory (and the root), with percent-encoded slashes accepted too', async () => {
      const res = await api(host.gh, '/repos/demo/blog/contents/content%2Fposts', {
        token: tokens.demo,
      });
      expect(res.status).toBe(200);
      expectGitHubResponse('GET', FILE, 200, res.body);
      expect(res.body.map((entry: { name: string }) => entry.name)).toEqual([
        '2024-02-14-hello-world.md',
        '2024-03-02-writing-in-markdown.md',
        '2024-04-18-static-sites-and-git.md',
        '2024-05-06-roadmap.md',
      ]);
      expect(res.body[0]).toMatchObject({
        type: 'file',
        path: 'content/posts/2024-02-14-hello-world.md',
      });
      const root = await api(host.gh, '/repos/demo/blog/contents', { token: tokens.demo });
      expect(
        root.body.map((entry: { name: string; type: string }) => `${entry.type}:${entry.name}`),
      ).toEqual(['file:README.md', 'file:cms.config.json', 'dir:content', 'dir:static']);
      expect(root.body.find((entry: { type: string }) => entry.type === 'dir')).toMatchObject({
        size: 0,
        download_url: null,
      });
    });

    it('reads at a ref, and answers 404 for a missing path or an unknown ref', async () => {
      const first = await git('rev-list', '--max-parents=0', 'main');
      const old = await api(host.gh, `/repos/demo/blog/contents/README.md?ref=${first}`, {
        token: tokens.demo,
      });
      expect(old.status).toBe(200);
      const missing = await api(
        host.gh,
        '/repos/demo/blog/contents/content/pages/about.md?ref=' + first,
        { token: tokens.demo },
      );
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Not Found');
      expectGitHubResponse('GET', FILE, 404, missing.body);
      const ref = await api(host.gh, '/repos/demo/blog/contents/README.md?ref=no-such-branch', {
        token: tokens.demo,
      });
      expect(ref.status).toBe(404);
      expect(ref.body.message).toBe('No commit found for the ref no-such-branch');
    });

    it('hides the repository from users without access and where the app is not installed', async () => {
      expect(
        (await api(host.gh, '/repos/demo/blog/contents/README.md', { token: tokens.bob })).status,
      ).toBe(404);
      expect((await api(host.gh, '/repos/demo/blog/contents/README.md')).status).toBe(404);
      expect(
        (await api(host.gh, '/repos/demo/not-installed/contents/README.md', { token: tokens.demo }))
          .status,
      ).toBe(404);
      expect(
        (await api(host.gh, '/repos/demo/blog/contents/README.md', { token: tokens.alice })).status,
      ).toBe(200);
    });
  });

  describe('PUT and DELETE', () => {
    it('creates a file (201) as a commit by the user, committed by GitHub', async () => {
      const before = await git('rev-parse', 'main');
      const res = await api(host.gh, '/repos/demo/blog/contents/content/posts/new-post.md', {
        token: tokens.alice,
        method: 'PUT',
        body: { message: 'Create new-post', content: b64('# New\n') },
      });
      expect(res.status).toBe(201);
      expectGitHubResponse('PUT', FILE, 201, res.body);
      expect(res.body.content).toMatchObject({
        name: 'new-post.md',
        path: 'content/posts/new-post.md',
        size: 6,
        type: 'file',
      });
      expect(res.body.content.sha).toBe(await git('rev-parse', 'main:content/posts/new-post.md'));
      expect(res.body.commit.sha).toBe(await git('rev-parse', 'main'));
      expect(res.body.commit.parents[0].sha).toBe(before);
      expect(res.body.commit).toMatchObject({
        message: 'Create new-post',
        author: { name: 'Alice Martin', email: 'alice@example.com' },
        committer: { name: 'GitHub', email: 'noreply@github.com' },
      });
      expect(await git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%s', 'main')).toBe(
        'Alice Martin <alice@example.com>|GitHub <noreply@github.com>|Create new-post',
      );
    });

    it('updates with the current sha (200) and keeps a given author and committer', async () => {
      const sha = await git('rev-parse', 'main:content/posts/new-post.md');
      const res = await api(host.gh, '/repos/demo/blog/contents/content/posts/new-post.md', {
        token: tokens.demo,
        method: 'PUT',
        body: {
          message: 'Edit new-post',
          content: b64('# New, edited\n'),
          sha,
          author: { name: 'Ed Itor', email: 'ed@example.com', date: '2024-06-01T12:00:00Z' },
          committer: { name: 'Demo User', email: 'demo@example.com' },
        },
      });
      expect(res.status).toBe(200);
      expectGitHubResponse('PUT', FILE, 200, res.body);
      expect(res.body.commit.author).toEqual({
        name: 'Ed Itor',
        email: 'ed@example.com',
        date: '2024-06-01T12:00:00Z',
      });
      expect(await git('log', '-1', '--format=%an|%aI|%cn', 'main')).toBe(
        'Ed Itor|2024-06-01T12:00:00+00:00|Demo User',
      );
      expect(await git('show', 'main:content/posts/new-post.md')).toBe('# New, edited');
    });

    it('refuses a stale sha (409), a missing sha (422) and an unknown branch (404) without committing', async () => {
      const head = await git('rev-parse', 'main');
      const path = '/repos/demo/blog/contents/content/posts/new-post.md';
      const stale = await api(host.gh, path, {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'x', content: b64('x'), sha: 'a'.repeat(40) },
      });
      expect(stale.status).toBe(409);
      // GitHub documents this 409 as a oneOf of two shapes a basic error matches both of, so compare it whole.
      expect(stale.body).toEqual({
        message: `content/posts/new-post.md does not match ${'a'.repeat(40)}`,
        documentation_url:
          'https://docs.github.com/rest/repos/contents#create-or-update-file-contents',
        status: '409',
      });
      const noSha = await api(host.gh, path, {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'x', content: b64('x') },
      });
      expect(noSha.status).toBe(422);
      expectGitHubResponse('PUT', FILE, 422, noSha.body);
      expect(noSha.body.message).toBe('Invalid request.\n\n"sha" wasn\'t supplied.');
      const branch = await api(host.gh, path, {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'x', content: b64('x'), branch: 'nope' },
      });
      expect(branch.status).toBe(404);
      expectGitHubResponse('PUT', FILE, 404, branch.body);
      expect(branch.body.message).toBe('Branch nope not found');
      const noMessage = await api(host.gh, path, {
        token: tokens.demo,
        method: 'PUT',
        body: { content: b64('x') },
      });
      expect(noMessage.status).toBe(422);
      expect(noMessage.body.message).toBe('Invalid request.\n\n"message" wasn\'t supplied.');
      expect(await git('rev-parse', 'main')).toBe(head);
    });

    it('writes to another branch, leaving the default branch alone', async () => {
      const main = await git('rev-parse', 'main');
      await host.gh.commitFiles('demo', 'blog', {
        branch: 'cms/posts/draft',
        expectedHead: null,
        changes: [{ path: 'x.md', content: 'x' }],
        message: 'base',
        author: { name: 'T', email: 't@example.com' },
      });
      const res = await api(host.gh, '/repos/demo/blog/contents/content/posts/draft.md', {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'Draft', content: b64('draft'), branch: 'cms/posts/draft' },
      });
      expect(res.status).toBe(201);
      expect(res.body.content.url).toContain('?ref=cms%2Fposts%2Fdraft');
      expect(await git('rev-parse', 'main')).toBe(main);
      expect(await git('show', 'cms/posts/draft:content/posts/draft.md')).toBe('draft');
    });

    it('deletes with the current sha; 422 without sha, 409 for a stale one, 404 for a missing file', async () => {
      const path = '/repos/demo/blog/contents/content/posts/new-post.md';
      const noSha = await api(host.gh, path, {
        token: tokens.demo,
        method: 'DELETE',
        body: { message: 'rm' },
      });
      expect(noSha.status).toBe(422);
      expectGitHubResponse('DELETE', FILE, 422, noSha.body);
      const stale = await api(host.gh, path, {
        token: tokens.demo,
        method: 'DELETE',
        body: { message: 'rm', sha: 'b'.repeat(40) },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({
        message: `content/posts/new-post.md does not match ${'b'.repeat(40)}`,
        documentation_url: 'https://docs.github.com/rest/repos/contents#delete-a-file',
        status: '409',
      });
      const missing = await api(host.gh, '/repos/demo/blog/contents/content/posts/none.md', {
        token: tokens.demo,
        method: 'DELETE',
        body: { message: 'rm', sha: 'b'.repeat(40) },
      });
      expect(missing.status).toBe(404);
      expectGitHubResponse('DELETE', FILE, 404, missing.body);
      const sha = await git('rev-parse', 'main:content/posts/new-post.md');
      const res = await api(host.gh, path, {
        token: tokens.demo,
        method: 'DELETE',
        body: { message: 'Remove new-post', sha },
      });
      expect(res.status).toBe(200);
      expectGitHubResponse('DELETE', FILE, 200, res.body);
      expect(res.body.content).toBeNull();
      expect(res.body.commit.sha).toBe(await git('rev-parse', 'main'));
      expect(await git('ls-tree', '--name-only', 'main', 'content/posts/')).not.toContain(
        'new-post.md',
      );
      expect(await git('log', '-1', '--format=%an|%cn|%s', 'main')).toBe(
        'Demo User|GitHub|Remove new-post',
      );
    });

    it('lets exactly one of ten concurrent updates with the same sha win; the others get 409', async () => {
      const path = 'content/pages/about.md';
      const sha = await git('rev-parse', `main:${path}`);
      const commits = Number(await git('rev-list', '--count', 'main'));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          api(host.gh, `/repos/demo/blog/contents/${path}`, {
            token: tokens.demo,
            method: 'PUT',
            body: { message: `Edit ${index}`, content: b64(`version ${index}\n`), sha },
          }),
        ),
      );
      const statuses = results.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const loser of results.filter((res) => res.status === 409))
        expect(loser.body.message).toBe(`${path} does not match ${sha}`);
      expect(Number(await git('rev-list', '--count', 'main'))).toBe(commits + 1);
      const winner = results.find((res) => res.status === 200);
      expect(await git('rev-parse', 'main')).toBe(winner?.body.commit.sha);
      expect(await git('show', `main:${path}`)).toBe(
        `version ${winner?.body.commit.message.slice(5)}`,
      );
      // The losers' commit objects stay behind unreferenced (as on GitHub); nothing is corrupt.
      expect(await git('fsck', '--no-progress', '--no-dangling')).toBe('');
    });

    it('lands concurrent writes of different files on the same branch, one commit each', async () => {
      const commits = Number(await git('rev-list', '--count', 'main'));
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          api(host.gh, `/repos/demo/blog/contents/race/file-${index}.md`, {
            token: tokens.demo,
            method: 'PUT',
            body: { message: `Race ${index}`, content: b64(`${index}`) },
          }),
        ),
      );
      expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201]);
      expect(Number(await git('rev-list', '--count', 'main'))).toBe(commits + 4);
      expect(await git('ls-tree', '--name-only', 'main:race')).toBe(
        'file-0.md\nfile-1.md\nfile-2.md\nfile-3.md',
      );
    });

    it('creates the first commit of an empty repository', async () => {
      await host.gh.createRepository({ owner: 'demo', name: 'empty-site', installApp: true });
      const res = await api(host.gh, '/repos/demo/empty-site/contents/README.md', {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'Initial commit', content: b64('hi\n') },
      });
      expect(res.status).toBe(201);
      expect(res.body.commit.parents).toEqual([]);
      expect(
        await runGit(host.gh.gitDir('demo', 'empty-site'), ['log', '--format=%s', 'main']),
      ).toBe('Initial commit\n');
    });

    it('lets users without push access read but not write (404), and never writes to unknown repositories', async () => {
      await host.gh.createRepository({
        owner: 'demo',
        name: 'read-only',
        installApp: true,
        collaborators: { bob: 'read' },
      });
      await host.gh.commitFiles('demo', 'read-only', {
        branch: 'main',
        expectedHead: null,
        changes: [{ path: 'a.md', content: 'a' }],
        message: 'a',
        author: { name: 'T', email: 't@example.com' },
      });
      expect(
        (await api(host.gh, '/repos/demo/read-only/contents/a.md', { token: tokens.bob })).status,
      ).toBe(200);
      const put = await api(host.gh, '/repos/demo/read-only/contents/b.md', {
        token: tokens.bob,
        method: 'PUT',
        body: { message: 'b', content: b64('b') },
      });
      expect(put.status).toBe(404);
      expectGitHubResponse('PUT', FILE, 404, put.body);
      const unknown = await api(host.gh, '/repos/demo/missing/contents/b.md', {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'b', content: b64('b') },
      });
      expect(unknown.status).toBe(404);
    });

    it('refuses malformed content and paths that would escape the tree', async () => {
      const bad = await api(host.gh, '/repos/demo/blog/contents/x.md', {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'x', content: '***' },
      });
      expect(bad.status).toBe(422);
      expectGitHubResponse('PUT', FILE, 422, bad.body);
      for (const path of ['a%2F..%2F..%2Fb.md', '.git/config', 'a//b.md']) {
        const res = await api(host.gh, `/repos/demo/blog/contents/${path}`, {
          token: tokens.demo,
          method: 'PUT',
          body: { message: 'x', content: b64('x') },
        });
        expect(res.status).toBe(422);
      }
      const underFile = await api(host.gh, '/repos/demo/blog/contents/README.md/child.md', {
        token: tokens.demo,
        method: 'PUT',
        body: { message: 'x', content: b64('x') },
      });
      expect(underFile.status).toBe(422);
    });
  });
});
