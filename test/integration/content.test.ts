import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitLog, gitShow } from '../support/git-read';
import { rawRequest } from '../support/raw-request';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

let service: TestService;
let api: ApiClient;
let demo: string;
const base = '/api/repos/demo%2Fblog/content';
const hello = '2024-02-14-hello-world';

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

describe('reading content', () => {
  it('lists every post with parsed frontmatter and no body', async () => {
    const response = await api.get(`${base}/posts`, { session: demo });
    expect(response.status).toBe(200);
    expect(response.body.map((item: { slug: string }) => item.slug)).toContain(hello);
    const item = response.body.find((entry: { slug: string }) => entry.slug === hello);
    expect(item).toEqual({
      slug: hello,
      path: `content/posts/${hello}.md`,
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      frontmatter: {
        title: 'Hello, world',
        date: '2024-02-14',
        description: expect.any(String),
        tags: ['announcements', 'meta'],
        draft: false,
      },
    });
  });

  it('gets one item with its body exactly as stored', async () => {
    const response = await api.get(`${base}/posts/${hello}`, { session: demo });
    expect(response.status).toBe(200);
    const file = gitShow(service.github, 'demo/blog', `main:content/posts/${hello}.md`);
    expect(file.endsWith(response.body.body)).toBe(true);
    expect(response.body.body).toContain('Welcome to the demo blog!');
    expect(response.body).not.toHaveProperty('prNumber');
  });

  it('answers 404 for an unknown collection or item', async () => {
    expect((await api.get(`${base}/nope`, { session: demo })).status).toBe(404);
    expect((await api.get(`${base}/posts/missing-post`, { session: demo })).status).toBe(404);
  });

  it.each([
    ['..', '%2e%2e'],
    ['encoded slash', 'a%2Fb'],
    ['encoded backslash', 'a%5Cb'],
    ['NUL', 'a%00b'],
    ['newline', 'a%0Ab'],
    ['upper case', 'Hello'],
    ['too long', 'a'.repeat(201)],
    ['unicode', '%C3%A9t%C3%A9'],
    ['dot', '.'],
    ['percent sign', 'a%25b'],
  ])('refuses a hostile slug (%s) with 400 and reads nothing', async (_name, slug) => {
    service.github.resetRequestCount();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const path = `${base}/posts/${slug}${method === 'DELETE' ? '?sha=0123456789012345678901234567890123456789' : ''}`;
      const headers = { cookie: `cms_session=${demo}`, origin: service.url };
      const response = await rawRequest(
        service.url,
        method,
        path,
        headers,
        method === 'PUT' ? JSON.stringify({ frontmatter: {}, body: '' }) : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.body.error).toMatch(/slug/);
    }
    expect(service.github.requestCount()).toBe(0);
  });
});

describe('saving content', () => {
  it('updates one field and leaves every other line byte-identical, as one commit by the user', async () => {
    const before = gitShow(service.github, 'demo/blog', `main:content/posts/${hello}.md`);
    const item = (await api.get(`${base}/posts/${hello}`, { session: demo })).body;
    const commits = gitLog(service.github, 'demo/blog').length;
    const response = await api.put(
      `${base}/posts/${hello}`,
      { frontmatter: { ...item.frontmatter, title: 'Hello, git' }, body: item.body, sha: item.sha },
      { session: demo },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      path: `content/posts/${hello}.md`,
    });
    const after = gitShow(service.github, 'demo/blog', `main:content/posts/${hello}.md`);
    expect(after).toBe(before.replace('title: "Hello, world"', 'title: "Hello, git"'));
    const log = gitLog(service.github, 'demo/blog');
    expect(log).toHaveLength(commits + 1);
    expect(log[0]).toContain(`Update posts/${hello}`);
  });

  it('creates an item with defaults applied; a second create at the slug answers 409', async () => {
    const body = '# New\n\nA fresh post.\n';
    const created = await api.put(
      `${base}/posts/a-new-post`,
      { frontmatter: { title: 'A new post', date: '2025-01-02' }, body },
      { session: demo },
    );
    expect(created.status).toBe(200);
    const file = gitShow(service.github, 'demo/blog', 'main:content/posts/a-new-post.md');
    expect(file).toMatch(/^---\ntitle: A new post\ndate: 2025-01-02\ndraft: false\n---\n/);
    expect(file.endsWith(body)).toBe(true);
    const again = await api.put(
      `${base}/posts/a-new-post`,
      { frontmatter: { title: 'Again', date: '2025-01-02' }, body },
      { session: demo },
    );
    expect(again.status).toBe(409);
  });

  it('ends a created file with exactly one line break, whether or not the body ended in one', async () => {
    for (const [slug, body] of [
      ['no-final-newline', 'One line, no break at the end.'],
      ['one-final-newline', 'One line.\n'],
    ] as const) {
      const created = await api.put(
        `${base}/posts/${slug}`,
        { frontmatter: { title: slug, date: '2025-01-02' }, body },
        { session: demo },
      );
      expect(created.status).toBe(200);
      const file = gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`);
      expect(file).toMatch(/[^\n]\n$/);
      expect(file.endsWith(body.endsWith('\n') ? body : `${body}\n`)).toBe(true);
    }
  });

  it('answers 409 for a stale sha and changes nothing', async () => {
    const item = (await api.get(`${base}/posts/a-new-post`, { session: demo })).body;
    expect(
      (
        await api.put(
          `${base}/posts/a-new-post`,
          { frontmatter: { ...item.frontmatter, title: 'One' }, body: 'x', sha: item.sha },
          { session: demo },
        )
      ).status,
    ).toBe(200);
    const commits = gitLog(service.github, 'demo/blog').length;
    const stale = await api.put(
      `${base}/posts/a-new-post`,
      { frontmatter: { ...item.frontmatter, title: 'Two' }, body: 'y', sha: item.sha },
      { session: demo },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/sha/);
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(commits);
  });

  it.each([
    [{ date: '2025-01-01' }, /frontmatter\.title: required/],
    [{ title: 'x', date: '2025-02-30' }, /frontmatter\.date/],
    [{ title: 'x', date: '2025-01-01', tags: 'one' }, /frontmatter\.tags/],
    [{ title: 'x', date: '2025-01-01', draft: 'no' }, /frontmatter\.draft/],
  ])('answers 400 naming the field for %j', async (frontmatter, message) => {
    const response = await api.put(
      `${base}/posts/invalid-one`,
      { frontmatter, body: '' },
      { session: demo },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  it('keeps unknown frontmatter keys', async () => {
    const created = await api.put(
      `${base}/posts/with-extra`,
      { frontmatter: { title: 'X', date: '2025-01-01', layout: 'wide', weight: 3 }, body: '' },
      { session: demo },
    );
    expect(created.status).toBe(200);
    const item = (await api.get(`${base}/posts/with-extra`, { session: demo })).body;
    expect(item.frontmatter).toMatchObject({ layout: 'wide', weight: 3 });
  });

  it('refuses the other mode on a locked collection (400), and branch mode until drafts land', async () => {
    const page = (await api.get(`${base}/pages/about`, { session: demo })).body;
    const locked = await api.put(
      `${base}/pages/about`,
      { frontmatter: page.frontmatter, body: page.body, sha: page.sha, mode: 'branch' },
      { session: demo },
    );
    expect(locked.status).toBe(400);
    expect(locked.body.error).toMatch(/locked/);
  });

  it('deletes with the current sha; a missing sha answers 400, a stale one 409, a missing item 404', async () => {
    const item = (await api.get(`${base}/posts/with-extra`, { session: demo })).body;
    expect((await api.delete(`${base}/posts/with-extra`, { session: demo })).status).toBe(400);
    expect(
      (await api.delete(`${base}/posts/with-extra?sha=${'0'.repeat(40)}`, { session: demo }))
        .status,
    ).toBe(409);
    expect(
      (await api.delete(`${base}/posts/with-extra?sha=${item.sha}`, { session: demo })).body,
    ).toEqual({ ok: true });
    expect(() =>
      gitShow(service.github, 'demo/blog', 'main:content/posts/with-extra.md'),
    ).toThrow();
    expect(
      (await api.delete(`${base}/posts/with-extra?sha=${item.sha}`, { session: demo })).status,
    ).toBe(404);
  });

  it('lets alice (write access) save, and refuses bob, who cannot see the repository', async () => {
    const alice = await api.signIn('alice');
    const item = (await api.get(`${base}/pages/about`, { session: alice })).body;
    expect(
      (
        await api.put(
          `${base}/pages/about`,
          { frontmatter: { ...item.frontmatter, order: 2 }, body: item.body, sha: item.sha },
          { session: alice },
        )
      ).status,
    ).toBe(200);
    expect(gitLog(service.github, 'demo/blog')[0]).toMatch(/alice/i);
    const bob = await api.signIn('bob');
    expect((await api.get(`${base}/pages/about`, { session: bob })).status).toBe(404);
  });
});
