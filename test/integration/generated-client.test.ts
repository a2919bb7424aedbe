import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitShow } from '../support/git-read';
import type { paths } from '../support/generated/openapi-types';
import { signIn, startTestService, type TestService } from '../support/local-service';
import { responseValidator } from '../support/openapi-validator';

/**
 * A client generated from the OpenAPI document alone (openapi-typescript's types, openapi-fetch),
 * as an automation's author would make one, runs the token → save → 409 → draft → merge flow
 * against the service over real HTTP. `tsc --noEmit` checks every call below against the
 * generated types (test/support/generated/openapi-types.ts), and every answer is checked
 * against the document.
 */
let service: TestService;
let api: ReturnType<typeof createClient<paths>>;
let session: string;
const repo = 'demo/blog';
const slug = '2024-04-18-static-sites-and-git';
const item = { repo, collection: 'posts', slug };

/** Every answer the generated client receives must be one the document allows. */
const checkedAgainstDocument: Middleware = {
  async onResponse({ request, response }) {
    const url = new URL(request.url);
    const text = await response.clone().text();
    responseValidator().assertValid({
      method: request.method,
      path: url.pathname + url.search,
      status: response.status,
      contentType: response.headers.get('content-type'),
      text,
      headers: response.headers,
    });
    return undefined;
  },
};

beforeAll(async () => {
  service = await startTestService();
  api = createClient<paths>({ baseUrl: service.url });
  api.use(checkedAgainstDocument);
  session = await signIn(service.url, 'demo');
});
afterAll(async () => {
  await service?.stop();
});

/** A browser session's write: its cookie, and the service's own origin as a browser sends it. */
const asSession = () => ({ headers: { cookie: `cms_session=${session}`, origin: service.url } });

describe('a client generated from the OpenAPI document', () => {
  it('runs token → save → 409 → draft → merge with the types the document gives', async () => {
    // Prepare: the repository connected, and a token made with the session
    expect(
      (await api.POST('/api/repos', { body: { fullName: repo }, ...asSession() })).response.status,
    ).toBe(201);
    const created = await api.POST('/api/tokens', {
      body: {
        name: 'generated client',
        repos: [repo],
        permissions: ['content:read', 'content:write', 'content:publish'],
      },
      ...asSession(),
    });
    expect(created.response.status).toBe(201);
    const token = { headers: { authorization: `Bearer ${created.data!.token}` } };

    // Act / Assess: a direct save (`mode` left out: it defaults to direct, and the generated type lets it be left out)
    const read = await api.GET('/api/repos/{repo}/content/{collection}/{slug}', {
      params: { path: item },
      ...token,
    });
    expect(read.response.status).toBe(200);
    const first = read.data!;
    const saved = await api.PUT('/api/repos/{repo}/content/{collection}/{slug}', {
      params: { path: item },
      body: {
        frontmatter: { ...first.frontmatter, title: 'Saved by a generated client' },
        body: first.body ?? '',
        sha: first.sha,
      },
      ...token,
    });
    expect(saved.response.status).toBe(200);
    expect(saved.data).toEqual({ sha: expect.any(String), path: first.path });

    // The same save again, with the sha it read first: 409, and the error says to fetch the latest sha
    const stale = await api.PUT('/api/repos/{repo}/content/{collection}/{slug}', {
      params: { path: item },
      body: {
        frontmatter: { ...first.frontmatter, title: 'Lost update' },
        body: first.body ?? '',
        sha: first.sha,
      },
      ...token,
    });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toEqual({ error: expect.stringMatching(/sha/i) });

    // A draft on cms/posts/{slug}, its pull request, and the merge
    const draft = await api.PUT('/api/repos/{repo}/content/{collection}/{slug}', {
      params: { path: item },
      body: {
        frontmatter: { ...first.frontmatter, title: 'Published by a generated client' },
        body: first.body ?? '',
        sha: saved.data!.sha,
        mode: 'branch',
      },
      ...token,
    });
    expect(draft.data).toMatchObject({ branch: `cms/posts/${slug}` });
    const opened = await api.POST('/api/repos/{repo}/pulls', {
      params: { path: { repo } },
      body: { branch: draft.data!.branch!, title: `Edit ${slug}` },
      ...token,
    });
    expect(opened.response.status).toBe(200);
    const merged = await api.PUT('/api/repos/{repo}/pulls/{number}/merge', {
      params: { path: { repo, number: opened.data!.number } },
      ...token,
    });
    expect(merged.response.status).toBe(200);
    expect(merged.data).toMatchObject({ merged: true, sha: expect.any(String) });

    // On the default branch now
    expect(gitShow(service.github, repo, `main:content/posts/${slug}.md`)).toMatch(
      /title: ['"]?Published by a generated client/,
    );
    expect(
      (
        await api.GET('/api/repos/{repo}/content/{collection}/{slug}', {
          params: { path: item },
          ...token,
        })
      ).data?.frontmatter.title,
    ).toBe('Published by a generated client');
  });
});
