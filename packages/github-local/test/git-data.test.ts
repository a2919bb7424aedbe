import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGit } from '../src/git-command';
import { expectGitHubResponse } from './support/github-openapi';
import { api, startTestHost, type TestHost } from './helpers';

const R = '/repos/{owner}/{repo}';

describe('git data API', () => {
  let host: TestHost;
  let gitDir: string;
  let token: string;

  beforeAll(async () => {
    host = await startTestHost();
    gitDir = host.gh.gitDir('demo', 'blog');
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());

  const git = (...args: string[]) => runGit(gitDir, args).then((out) => out.trim());
  const call = (path: string, method = 'GET', body?: unknown) =>
    api(host.gh, `/repos/demo/blog${path}`, { token, method, body });

  describe('blobs', () => {
    it('reads a blob as base64 with its size', async () => {
      const sha = await git('rev-parse', 'main:README.md');
      const res = await call(`/git/blobs/${sha}`);
      expect(res.status).toBe(200);
      expectGitHubResponse('GET', `${R}/git/blobs/{file_sha}`, 200, res.body);
      const bytes = Buffer.from(await runGit(gitDir, ['cat-file', 'blob', sha]));
      expect(res.body).toMatchObject({ sha, size: bytes.length, encoding: 'base64' });
      expect(Buffer.from(res.body.content.replace(/\n/g, ''), 'base64').equals(bytes)).toBe(true);
      const missing = await call(`/git/blobs/${'0'.repeat(40)}`);
      expect(missing.status).toBe(404);
      expectGitHubResponse('GET', `${R}/git/blobs/{file_sha}`, 404, missing.body);
    });
  });

  describe('trees', () => {
    it('reads a tree by branch name, commit sha or tree sha; recursively when asked', async () => {
      const treeSha = await git('rev-parse', 'main^{tree}');
      const top = await call('/git/trees/main');
      expect(top.status).toBe(200);
      expectGitHubResponse('GET', `${R}/git/trees/{tree_sha}`, 200, top.body);
      expect(top.body.sha).toBe(treeSha);
      expect(top.body.truncated).toBe(false);
      expect(
        top.body.tree.map((entry: { path: string; type: string }) => `${entry.type}:${entry.path}`),
      ).toEqual(['blob:README.md', 'blob:cms.config.json', 'tree:content', 'tree:static']);
      const readme = top.body.tree[0];
      expect(readme).toMatchObject({
        mode: '100644',
        sha: await git('rev-parse', 'main:README.md'),
        url: `${host.gh.apiUrl}/repos/demo/blog/git/blobs/${readme.sha}`,
      });
      expect(readme.size).toBeGreaterThan(0);
      expect(top.body.tree[2]).not.toHaveProperty('size');

      const recursive = await call(`/git/trees/${await git('rev-parse', 'main')}?recursive=1`);
      expect(recursive.status).toBe(200);
      expectGitHubResponse('GET', `${R}/git/trees/{tree_sha}`, 200, recursive.body);
      const paths = recursive.body.tree.map((entry: { path: string }) => entry.path);
      expect(paths).toContain('content/posts');
      expect(paths).toContain('content/posts/2024-02-14-hello-world.md');
      expect(paths).toHaveLength((await git('ls-tree', '-r', '-t', 'main')).split('\n').length);

      const byTree = await call(`/git/trees/${treeSha}`);
      expect(byTree.body.tree).toEqual(top.body.tree);
      const missing = await call(`/git/trees/${'0'.repeat(40)}`);
      expect(missing.status).toBe(404);
      expectGitHubResponse('GET', `${R}/git/trees/{tree_sha}`, 404, missing.body);
    });

    it('cuts a recursive tree short past its entry or byte limit, as GitHub does, and never a non-recursive one', async () => {
      const all = (await git('ls-tree', '-r', '-t', 'main')).split('\n');
      try {
        host.gh.setTreeLimits({ maxEntries: 5, maxBytes: 1024 * 1024 });
        const byCount = await call('/git/trees/main?recursive=1');
        expectGitHubResponse('GET', `${R}/git/trees/{tree_sha}`, 200, byCount.body);
        expect(byCount.body.truncated).toBe(true);
        expect(byCount.body.tree.map((entry: { path: string }) => entry.path)).toEqual(
          all.slice(0, 5).map((line) => line.split('\t')[1]),
        );

        host.gh.setTreeLimits({ maxEntries: 100_000, maxBytes: 1000 });
        const bySize = await call('/git/trees/main?recursive=1');
        expect(bySize.body.truncated).toBe(true);
        expect(JSON.stringify(bySize.body.tree).length).toBeLessThanOrEqual(1000);
        expect(bySize.body.tree.length).toBeGreaterThan(0);
        expect(bySize.body.tree.length).toBeLessThan(all.length);

        host.gh.setTreeLimits({ maxEntries: 1, maxBytes: 100 });
        const flat = await call('/git/trees/main');
        expect(flat.body.truncated).toBe(false);
        expect(flat.body.tree.length).toBeGreaterThan(1);
      } finally {
        host.gh.setTreeLimits(null);
      }
      const whole = await call('/git/trees/main?recursive=1');
      expect(whole.body.truncated).toBe(false);
      expect(whole.body.tree).toHaveLength(all.length);
    });

    it('creates a tree from a base tree with new content, existing blobs and deletions', async () => {
      const base = await git('rev-parse', 'main^{tree}');
      const readme = await git('rev-parse', 'main:README.md');
      const res = await call('/git/trees', 'POST', {
        base_tree: base,
        tree: [
          { path: 'content/posts/new.md', mode: '100644', type: 'blob', content: '# New\n' },
          { path: 'docs/copy-of-readme.md', mode: '100644', type: 'blob', sha: readme },
          { path: 'content/pages/about.md', mode: '100644', type: 'blob', sha: null },
          { path: 'bin/run.sh', mode: '100755', type: 'blob', content: '#!/bin/sh\n' },
        ],
      });
      expect(res.status).toBe(201);
      expectGitHubResponse('POST', `${R}/git/trees`, 201, res.body);
      const listing = await git('ls-tree', '-r', res.body.sha);
      expect(listing).toContain('\tcontent/posts/new.md');
      expect(listing).toContain(`100644 blob ${readme}\tdocs/copy-of-readme.md`);
      expect(listing).toContain('100755 blob');
      expect(listing).not.toContain('content/pages/about.md');
      expect(listing).toContain('content/posts/2024-02-14-hello-world.md');
      expect(res.headers.get('location')).toBe(
        `${host.gh.apiUrl}/repos/demo/blog/git/trees/${res.body.sha}`,
      );
    });

    it('refuses an unknown base tree, unknown blobs and a path that is both file and directory', async () => {
      const badBase = await call('/git/trees', 'POST', { base_tree: '1'.repeat(40), tree: [] });
      expect(badBase.status).toBe(422);
      expectGitHubResponse('POST', `${R}/git/trees`, 422, badBase.body);
      expect(badBase.body.message).toBe('base_tree is not a valid tree oid');
      const badSha = await call('/git/trees', 'POST', {
        tree: [{ path: 'a.md', mode: '100644', type: 'blob', sha: '2'.repeat(40) }],
      });
      expect(badSha.status).toBe(422);
      expect(badSha.body.message).toBe(`tree.sha ${'2'.repeat(40)} is not a valid blob`);
      const clash = await call('/git/trees', 'POST', {
        tree: [
          { path: 'a', mode: '100644', content: 'a' },
          { path: 'a/b', mode: '100644', content: 'b' },
        ],
      });
      expect(clash.status).toBe(422);
    });
  });

  describe('a directory by {ref}:{path}', () => {
    it('reads the directory a branch and path name, as GitHub answers Decap CMS, and nothing else', async () => {
      const dir = await call('/git/trees/main:content/posts');
      expect(dir.status).toBe(200);
      expectGitHubResponse('GET', `${R}/git/trees/{tree_sha}`, 200, dir.body);
      expect(dir.body.sha).toBe(await git('rev-parse', 'main:content/posts'));
      expect(dir.body.tree.map((entry: { path: string }) => entry.path)).toEqual(
        (await git('ls-tree', '--name-only', 'main:content/posts')).split('\n'),
      );
      expect((await call(`/git/trees/${await git('rev-parse', 'main')}:content`)).body.sha).toBe(
        await git('rev-parse', 'main:content'),
      );
      // A file, or a path that is not there, is no tree.
      expect((await call('/git/trees/main:README.md')).status).toBe(404);
      expect((await call('/git/trees/main:content/nothing')).status).toBe(404);
    });
  });

  describe('commits', () => {
    it('creates a commit from a tree and parents, authored by the user unless told otherwise', async () => {
      const tree = (
        await call('/git/trees', 'POST', {
          base_tree: await git('rev-parse', 'main^{tree}'),
          tree: [{ path: 'x.md', mode: '100644', content: 'x' }],
        })
      ).body.sha;
      const parent = await git('rev-parse', 'main');
      const res = await call('/git/commits', 'POST', { message: 'Add x', tree, parents: [parent] });
      expect(res.status).toBe(201);
      expectGitHubResponse('POST', `${R}/git/commits`, 201, res.body);
      expect(res.body).toMatchObject({
        message: 'Add x',
        tree: { sha: tree },
        parents: [{ sha: parent }],
        author: { name: 'Demo User', email: 'demo@example.com' },
      });
      expect(res.body.committer).toEqual(res.body.author);
      expect(await git('log', '-1', '--format=%an|%cn|%P|%s', res.body.sha)).toBe(
        `Demo User|Demo User|${parent}|Add x`,
      );
      expect(await git('rev-parse', 'main')).toBe(parent);

      const got = await call(`/git/commits/${res.body.sha}`);
      expect(got.status).toBe(200);
      expectGitHubResponse('GET', `${R}/git/commits/{commit_sha}`, 200, got.body);
      expect(got.body).toEqual(res.body);

      const dated = await call('/git/commits', 'POST', {
        message: 'Dated',
        tree,
        parents: [],
        author: { name: 'Ann', email: 'ann@example.com', date: '2024-03-01T10:00:00+02:00' },
      });
      expect(dated.body.author).toEqual({
        name: 'Ann',
        email: 'ann@example.com',
        date: '2024-03-01T08:00:00Z',
      });
      expect(dated.body.parents).toEqual([]);
    });

    it('refuses unknown trees and parents', async () => {
      const tree = await git('rev-parse', 'main^{tree}');
      const badTree = await call('/git/commits', 'POST', { message: 'm', tree: '3'.repeat(40) });
      expect(badTree.status).toBe(422);
      expectGitHubResponse('POST', `${R}/git/commits`, 422, badTree.body);
      expect(badTree.body.message).toBe('Tree SHA does not exist');
      const badParent = await call('/git/commits', 'POST', { message: 'm', tree, parents: [tree] });
      expect(badParent.body.message).toBe('Parent SHA does not exist or is not a commit object');
      expect((await call(`/git/commits/${'4'.repeat(40)}`)).status).toBe(404);
    });
  });

  describe('refs', () => {
    let base: string;
    let child: string;

    beforeAll(async () => {
      base = await git('rev-parse', 'main');
      const tree = await git('rev-parse', 'main^{tree}');
      child = (await call('/git/commits', 'POST', { message: 'child', tree, parents: [base] })).body
        .sha;
    });

    it('reads a ref, including names with slashes (raw or percent-encoded)', async () => {
      const res = await call('/git/ref/heads/main');
      expect(res.status).toBe(200);
      expectGitHubResponse('GET', `${R}/git/ref/{ref}`, 200, res.body);
      expect(res.body).toMatchObject({
        ref: 'refs/heads/main',
        url: `${host.gh.apiUrl}/repos/demo/blog/git/refs/heads/main`,
        object: { type: 'commit', sha: base },
      });
      const missing = await call('/git/ref/heads/nope');
      expect(missing.status).toBe(404);
      expectGitHubResponse('GET', `${R}/git/ref/{ref}`, 404, missing.body);
    });

    it('creates, reads, fast-forwards, force-updates and deletes a branch', async () => {
      const created = await call('/git/refs', 'POST', {
        ref: 'refs/heads/cms/posts/hello',
        sha: base,
      });
      expect(created.status).toBe(201);
      expectGitHubResponse('POST', `${R}/git/refs`, 201, created.body);
      expect(created.headers.get('location')).toBe(
        `${host.gh.apiUrl}/repos/demo/blog/git/refs/heads/cms/posts/hello`,
      );
      expect(await git('rev-parse', 'refs/heads/cms/posts/hello')).toBe(base);

      const again = await call('/git/refs', 'POST', {
        ref: 'refs/heads/cms/posts/hello',
        sha: base,
      });
      expect(again.status).toBe(422);
      expectGitHubResponse('POST', `${R}/git/refs`, 422, again.body);
      expect(again.body.message).toBe('Reference already exists');

      expect((await call('/git/ref/heads%2Fcms%2Fposts%2Fhello')).body.object.sha).toBe(base);

      const forward = await call('/git/refs/heads/cms/posts/hello', 'PATCH', { sha: child });
      expect(forward.status).toBe(200);
      expectGitHubResponse('PATCH', `${R}/git/refs/{ref}`, 200, forward.body);
      expect(await git('rev-parse', 'refs/heads/cms/posts/hello')).toBe(child);

      const backward = await call('/git/refs/heads/cms/posts/hello', 'PATCH', { sha: base });
      expect(backward.status).toBe(422);
      expectGitHubResponse('PATCH', `${R}/git/refs/{ref}`, 422, backward.body);
      expect(backward.body.message).toBe('Update is not a fast forward');
      const forced = await call('/git/refs/heads/cms/posts/hello', 'PATCH', {
        sha: base,
        force: true,
      });
      expect(forced.status).toBe(200);
      expect(await git('rev-parse', 'refs/heads/cms/posts/hello')).toBe(base);

      const deleted = await call('/git/refs/heads/cms/posts/hello', 'DELETE');
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeUndefined();
      expect(await git('for-each-ref', 'refs/heads/cms/posts/hello')).toBe('');
      const gone = await call('/git/refs/heads/cms/posts/hello', 'DELETE');
      expect(gone.status).toBe(422);
      // GitHub documents this 422 without a body schema; the body is its usual validation error.
      expect(gone.body).toEqual({
        message: 'Reference does not exist',
        documentation_url: 'https://docs.github.com/rest/git/refs#delete-a-reference',
        status: '422',
      });
      expect(
        (await call('/git/refs/heads/cms/posts/hello', 'PATCH', { sha: base })).body.message,
      ).toBe('Reference does not exist');
    });

    it('refuses unknown objects and malformed names', async () => {
      const unknown = await call('/git/refs', 'POST', { ref: 'refs/heads/x', sha: '5'.repeat(40) });
      expect(unknown.status).toBe(422);
      expect(unknown.body.message).toBe('Object does not exist');
      for (const ref of ['heads/x', 'refs/x', 'refs/heads/a..b', 'refs/heads/x.lock']) {
        expect((await call('/git/refs', 'POST', { ref, sha: base })).status).toBe(422);
      }
    });

    it('lets exactly one of five concurrent creations of the same ref win', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          call('/git/refs', 'POST', { ref: 'refs/heads/race', sha: base }),
        ),
      );
      expect(results.map((res) => res.status).sort()).toEqual([201, 422, 422, 422, 422]);
    });

    it('lets exactly one of five concurrent fast-forwards from the same head win', async () => {
      await call('/git/refs', 'POST', { ref: 'refs/heads/ff-race', sha: base });
      const tree = await git('rev-parse', 'main^{tree}');
      const commits = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          call('/git/commits', 'POST', { message: `c${index}`, tree, parents: [base] }),
        ),
      );
      const results = await Promise.all(
        commits.map((commit) => call('/git/refs/heads/ff-race', 'PATCH', { sha: commit.body.sha })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 422, 422, 422, 422]);
      const winner = results.find((res) => res.status === 200);
      expect(await git('rev-parse', 'refs/heads/ff-race')).toBe(winner?.body.object.sha);
    });
  });

  describe('access', () => {
    it('hides repositories from users without access and refuses writes without push access', async () => {
      const bob = host.gh.issueUserToken('bob').access_token;
      expect((await api(host.gh, '/repos/demo/blog/git/trees/main', { token: bob })).status).toBe(
        404,
      );
      await host.gh.createRepository({
        owner: 'demo',
        name: 'readers',
        installApp: true,
        collaborators: { bob: 'read' },
      });
      await host.gh.commitFiles('demo', 'readers', {
        branch: 'main',
        expectedHead: null,
        changes: [{ path: 'a.md', content: 'a' }],
        message: 'a',
        author: { name: 'T', email: 't@example.com' },
      });
      expect(
        (await api(host.gh, '/repos/demo/readers/git/ref/heads/main', { token: bob })).status,
      ).toBe(200);
      const write = await api(host.gh, '/repos/demo/readers/git/refs', {
        token: bob,
        method: 'POST',
        body: { ref: 'refs/heads/x', sha: '6'.repeat(40) },
      });
      expect(write.status).toBe(404);
      expect(
        (await api(host.gh, '/repos/demo/not-installed/git/trees/main', { token })).status,
      ).toBe(404);
    });
  });
});
