import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveWith } from '../../../web/src/components/editor/save-flow';

const sent: { method: string; url: string }[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (method === 'PUT' && url.includes('/content/'))
      return json(200, {
        sha: 'b'.repeat(40),
        path: 'content/posts/hello.md',
        branch: 'cms/posts/hello',
        protectedBranch: true,
      });
    if (method === 'POST' && url.endsWith('/pulls'))
      return json(200, {
        number: 5,
        htmlUrl: 'https://github.example/demo/blog/pull/5',
        previewUrl: null,
      });
    return json(500, { error: 'unexpected' });
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('publishing an edit to a protected default branch', () => {
  it('opens the draft the service saved for review, merges nothing, and says why', async () => {
    const outcome = await saveWith(
      'publish',
      { repo: 'demo/blog', collection: 'posts', slug: 'hello', isNew: false, sha: 'a'.repeat(40) },
      { frontmatter: { title: 'Hello' }, body: 'Hi\n', title: 'Hello' },
    );
    expect(outcome).toMatchObject({
      published: false,
      location: { branch: 'cms/posts/hello', sha: 'b'.repeat(40), pull: { number: 5 } },
    });
    expect(outcome.warning).toMatch(/default branch is protected/);
    expect(sent.map((request) => request.method)).toEqual(['PUT', 'POST']);
  });
});
