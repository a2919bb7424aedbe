import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runGit } from '../src/git-command';
import { readFileAt } from '../src/git-objects';
import { resolveRef } from '../src/git-refs';
import { SEED_APP_ID, SEED_INSTALLATION_ID, SEED_USERS } from '../src/seed';
import { expectGitHubResponse } from './support/github-openapi';
import { api, signAppJwt, startTestHost, type TestHost } from './helpers';

const REPOS = ['blog', 'docs', 'no-config', 'not-installed'] as const;

describe('seeded instance', () => {
  let host: TestHost;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    host = await startTestHost();
    for (const login of ['demo', 'alice', 'bob'])
      tokens[login] = host.gh.issueUserToken(login).access_token;
  });
  afterAll(() => host.dispose());

  it('has the users demo, alice and bob with fixed ids and host avatars', async () => {
    for (const [login, id] of Object.entries(SEED_USERS)) {
      const res = await api(host.gh, '/user', { token: tokens[login] });
      expect(res.status).toBe(200);
      expectGitHubResponse('GET', '/user', 200, res.body);
      expect(res.body).toMatchObject({ login, id, type: 'User' });
      expect(res.body.avatar_url.startsWith(host.gh.url)).toBe(true);
      const avatar = await fetch(res.body.avatar_url);
      expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    }
  });

  it('creates the app with persisted credentials', () => {
    expect(host.gh.app.appId).toBe(SEED_APP_ID);
    expect(host.gh.app.clientId).toMatch(/^Iv1\.[0-9a-f]{16}$/);
    expect(host.gh.app.clientSecret).toMatch(/^[0-9a-f]{40}$/);
    expect(host.gh.app.privateKeyPem).toContain('BEGIN RSA PRIVATE KEY');
  });

  // GitHub's rule for user-to-server tokens: the user's access AND the app being installed.
  const matrix: Record<string, Record<(typeof REPOS)[number], 'admin' | 'push' | null>> = {
    demo: { blog: 'admin', docs: 'admin', 'no-config': 'admin', 'not-installed': null },
    alice: { blog: 'push', docs: null, 'no-config': null, 'not-installed': null },
    bob: { blog: null, docs: null, 'no-config': null, 'not-installed': null },
  };

  for (const [login, row] of Object.entries(matrix)) {
    for (const [repo, expected] of Object.entries(row)) {
      it(`${login} on demo/${repo}: ${expected ?? '404'}`, async () => {
        const res = await api(host.gh, `/repos/demo/${repo}`, { token: tokens[login] });
        if (expected === null) {
          expect(res.status).toBe(404);
          expectGitHubResponse('GET', '/repos/{owner}/{repo}', 404, res.body);
          expect(res.body.message).toBe('Not Found');
          return;
        }
        expect(res.status).toBe(200);
        expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, res.body);
        expect(res.body).toMatchObject({
          full_name: `demo/${repo}`,
          private: true,
          default_branch: 'main',
        });
        expect(res.body.permissions).toMatchObject({
          admin: expected === 'admin',
          push: true,
          pull: true,
        });
      });
    }
  }

  it('numbers the repositories 2001-2004 in seed order', async () => {
    const ids = await Promise.all(
      REPOS.slice(0, 3).map(
        async (repo) => (await api(host.gh, `/repos/demo/${repo}`, { token: tokens.demo })).body.id,
      ),
    );
    expect(ids).toEqual([2001, 2002, 2003]);
  });

  it('has demo/not-installed, configured, reachable only without the app (installation lookup 404)', async () => {
    const jwt = signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId);
    const missing = await api(host.gh, '/repos/demo/not-installed/installation', { token: jwt });
    expect(missing.status).toBe(404);
    const config = await readFileAt(
      host.gh.gitDir('demo', 'not-installed'),
      'main',
      'cms.config.json',
    );
    expect(JSON.parse(config?.toString() ?? '')).toHaveProperty('collections');
    for (const repo of ['blog', 'docs', 'no-config']) {
      const res = await api(host.gh, `/repos/demo/${repo}/installation`, { token: jwt });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(SEED_INSTALLATION_ID);
    }
  });

  it('stores demo/blog as a real git repository with history and the fixed config', async () => {
    const gitDir = host.gh.gitDir('demo', 'blog');
    expect(await resolveRef(gitDir, 'refs/heads/main')).toMatch(/^[0-9a-f]{40}$/);
    const log = await runGit(gitDir, ['log', '--format=%an|%aI|%s', 'main']);
    const commits = log.trim().split('\n');
    expect(commits.length).toBeGreaterThanOrEqual(4);
    expect(new Set(commits.map((line) => line.split('|')[0])).size).toBeGreaterThan(1);
    const config = JSON.parse(
      (await readFileAt(gitDir, 'main', 'cms.config.json'))?.toString() ?? '',
    );
    expect(config.name).toBe('Demo blog');
    expect(Object.keys(config.collections)).toEqual(['posts', 'pages', 'authors']);
    expect(config.collections.pages.workflow).toEqual({ default: 'direct', locked: true });
    const postFields = config.collections.posts.fields;
    expect(postFields.map((field: { name: string }) => field.name)).toEqual([
      'title',
      'date',
      'description',
      'tags',
      'draft',
      'cover',
      'category',
      'author',
      'seo',
      'links',
    ]);
    expect(postFields[5]).toEqual({ name: 'cover', type: 'image', label: 'Cover image' });
    expect(postFields[6]).toMatchObject({ name: 'category', type: 'select' });
    expect(postFields.slice(7).map((field: { type: string }) => field.type)).toEqual([
      'relation',
      'object',
      'list',
    ]);
    expect(postFields[7]).toMatchObject({ collection: 'authors', displayField: 'name' });
    expect(
      config.collections.authors.fields.map(
        (field: { name: string; type: string }) => `${field.name}:${field.type}`,
      ),
    ).toEqual(['name:string', 'bio:text', 'avatar:image', 'links:list']);
    expect(config.media).toEqual({ directory: 'static/media', publicPath: '/media' });
  });

  it('holds one real PNG in the blog’s media folder', async () => {
    const png = await readFileAt(host.gh.gitDir('demo', 'blog'), 'main', 'static/media/hills.png');
    expect(png?.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png?.subarray(16, 24).readUInt32BE(0)).toBe(160);
  });

  it('has realistic posts and a page with YAML frontmatter', async () => {
    const gitDir = host.gh.gitDir('demo', 'blog');
    const files = (await runGit(gitDir, ['ls-tree', '-r', '--name-only', 'main']))
      .trim()
      .split('\n');
    const posts = files.filter((file) => /^content\/posts\/.+\.md$/.test(file));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(files).toContain('content/pages/about.md');
    expect(files).toContain('README.md');
    const texts = await Promise.all(
      posts.map(async (file) => (await readFileAt(gitDir, 'main', file))?.toString() ?? ''),
    );
    const frontmatters = texts.map((text) => {
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]+)$/.exec(text);
      expect(match).not.toBeNull();
      const [doc] = parseAllDocuments(match?.[1] ?? '');
      return {
        data: doc?.toJS() as Record<string, unknown>,
        raw: match?.[1] ?? '',
        body: match?.[2] ?? '',
      };
    });
    for (const { data, body } of frontmatters) {
      expect(typeof data.title).toBe('string');
      expect(data.date).toBeDefined();
      expect(Array.isArray(data.tags)).toBe(true);
      expect(body).toMatch(/^## /m);
    }
    expect(frontmatters.some(({ data }) => data.draft === true)).toBe(true);
    expect(frontmatters.some(({ raw }) => /^#\s/m.test(raw))).toBe(true);
    expect(frontmatters.some(({ raw }) => /^title: "/m.test(raw))).toBe(true);
    expect(texts.some((text) => text.includes('```'))).toBe(true);
  });

  it('has three authors, and posts that name them and use the nested field types', async () => {
    const gitDir = host.gh.gitDir('demo', 'blog');
    const files = (await runGit(gitDir, ['ls-tree', '-r', '--name-only', 'main']))
      .trim()
      .split('\n');
    const authors = files.filter((file) => file.startsWith('content/authors/'));
    expect(authors).toEqual([
      'content/authors/alice.md',
      'content/authors/bob.md',
      'content/authors/demo.md',
    ]);
    const frontmatterOf = async (file: string) => {
      const text = (await readFileAt(gitDir, 'main', file))?.toString() ?? '';
      return parseAllDocuments(
        /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '',
      )[0]?.toJS() as Record<string, unknown>;
    };
    expect(await frontmatterOf('content/authors/alice.md')).toMatchObject({
      name: 'Alice Martin',
      links: [{ label: 'Website' }, { label: 'Mastodon' }],
    });
    const post = await frontmatterOf('content/posts/2024-04-18-static-sites-and-git.md');
    expect(post).toMatchObject({
      author: 'alice',
      seo: { title: expect.any(String), description: expect.any(String) },
    });
    expect(post.links).toHaveLength(2);
    expect(await frontmatterOf('content/posts/2024-03-02-writing-in-markdown.md')).toMatchObject({
      author: 'demo',
    });
  });

  it('has demo/docs with two docs and demo/no-config with a README only', async () => {
    const docs = (
      await runGit(host.gh.gitDir('demo', 'docs'), ['ls-tree', '-r', '--name-only', 'main'])
    )
      .trim()
      .split('\n');
    expect(docs.filter((file) => file.startsWith('docs/'))).toHaveLength(2);
    const config = JSON.parse(
      (await readFileAt(host.gh.gitDir('demo', 'docs'), 'main', 'cms.config.json'))?.toString() ??
        '',
    );
    expect(config.collections.docs.directory).toBe('docs');
    const noConfig = (
      await runGit(host.gh.gitDir('demo', 'no-config'), ['ls-tree', '-r', '--name-only', 'main'])
    ).trim();
    expect(noConfig).toBe('README.md');
  });

  it('serves a landing page listing users and repositories', async () => {
    const html = await (await fetch(host.gh.url)).text();
    for (const name of ['demo', 'alice', 'bob', 'demo/blog', 'demo/not-installed'])
      expect(html).toContain(name);
  });
});
