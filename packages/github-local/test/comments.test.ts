import { beforeAll, describe, expect, it } from 'vitest';
import { expectGitHubResponse } from './support/github-openapi';
import { branchWith, freshRepo } from './collaboration-helpers';
import { api, useSignedInHost } from './helpers';

const COMMENTS = '/repos/{owner}/{repo}/issues/{issue_number}/comments';

describe('issue comments on pull requests', () => {
  const host = useSignedInHost();
  const { tokens, call } = host;

  beforeAll(async () => {
    await freshRepo(host.gh, 'talk-site', { 'a.md': 'a\n' }, { alice: 'read' });
    await branchWith(host.gh, 'demo', 'talk-site', 'topic', { 'a.md': 'b\n' });
    const created = await api(host.gh, '/repos/demo/talk-site/pulls', {
      token: tokens.demo,
      method: 'POST',
      body: { title: 't', head: 'topic', base: 'main' },
    });
    expect(created.body.number).toBe(1);
  });

  it('creates comments as the caller and lists them oldest first', async () => {
    const empty = await call('/repos/demo/talk-site/issues/1/comments');
    expect(empty.status).toBe(200);
    expectGitHubResponse('GET', COMMENTS, 200, empty.body);
    expect(empty.body).toEqual([]);

    const created = await call('/repos/demo/talk-site/issues/1/comments', {
      method: 'POST',
      body: { body: 'Looks good **to me**' },
    });
    expect(created.status).toBe(201);
    expectGitHubResponse('POST', COMMENTS, 201, created.body);
    expect(created.body).toMatchObject({
      body: 'Looks good **to me**',
      user: { login: 'demo' },
      author_association: 'OWNER',
      issue_url: `${host.gh.apiUrl}/repos/demo/talk-site/issues/1`,
      html_url: `${host.gh.url}/demo/talk-site/pull/1#issuecomment-${created.body.id}`,
    });
    expect(Date.parse(created.body.created_at)).toBeGreaterThan(0);
    expect(created.headers.get('location')).toBe(created.body.url);

    // Readers may comment on GitHub too.
    const reader = await call('/repos/demo/talk-site/issues/1/comments', {
      method: 'POST',
      token: tokens.alice,
      body: { body: 'A question' },
    });
    expect(reader.status).toBe(201);
    expect(reader.body).toMatchObject({
      user: { login: 'alice' },
      author_association: 'COLLABORATOR',
    });

    const listed = await call('/repos/demo/talk-site/issues/1/comments');
    expectGitHubResponse('GET', COMMENTS, 200, listed.body);
    expect(listed.body.map((comment: { body: string }) => comment.body)).toEqual([
      'Looks good **to me**',
      'A question',
    ]);
    expect((await call('/repos/demo/talk-site/pulls/1')).body.comments).toBe(2);
  });

  it('refuses empty bodies (422), unknown issues (404) and callers without access (404)', async () => {
    for (const body of [{ body: '' }, { body: '   \n' }, {}]) {
      const res = await call('/repos/demo/talk-site/issues/1/comments', { method: 'POST', body });
      expect(res.status).toBe(422);
      expectGitHubResponse('POST', COMMENTS, 422, res.body);
      expect(res.body.errors).toEqual([
        { resource: 'IssueComment', code: 'missing_field', field: 'body' },
      ]);
    }
    const unknown = await call('/repos/demo/talk-site/issues/42/comments', {
      method: 'POST',
      body: { body: 'x' },
    });
    expect(unknown.status).toBe(404);
    expectGitHubResponse('POST', COMMENTS, 404, unknown.body);
    const unknownList = await call('/repos/demo/talk-site/issues/42/comments');
    expectGitHubResponse('GET', COMMENTS, 404, unknownList.body);
    const outsider = await call('/repos/demo/talk-site/issues/1/comments', { token: tokens.bob });
    expect(outsider.status).toBe(404);
    const anonymous = await api(host.gh, '/repos/demo/talk-site/issues/1/comments');
    expect(anonymous.status).toBe(404);
  });

  it('paginates comments with Link headers', async () => {
    for (let i = 0; i < 5; i += 1)
      await call('/repos/demo/talk-site/issues/1/comments', {
        method: 'POST',
        body: { body: `Note ${i}` },
      });
    const page = await call('/repos/demo/talk-site/issues/1/comments?per_page=3&page=2');
    expectGitHubResponse('GET', COMMENTS, 200, page.body);
    expect(page.body.map((comment: { body: string }) => comment.body)).toEqual([
      'Note 1',
      'Note 2',
      'Note 3',
    ]);
    const base = `${host.gh.apiUrl}/repos/demo/talk-site/issues/1/comments`;
    expect(page.headers.get('link')).toBe(
      `<${base}?per_page=3&page=1>; rel="prev", <${base}?per_page=3&page=3>; rel="next", <${base}?per_page=3&page=3>; rel="last", <${base}?per_page=3&page=1>; rel="first"`,
    );
  });
});
