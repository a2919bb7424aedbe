import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveWith } from '../../../web/src/components/editor/save-flow';

const kept = {
  branch: 'cms/posts/hello',
  headSha: 'c'.repeat(40),
  number: 6,
  message:
    'A save landed on the draft while it was being published and is not in what was published; it stays on cms/posts/hello, in draft pull request #6.',
};
const putBodies: unknown[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method === 'PUT' && url.includes('/content/'))
      putBodies.push(JSON.parse(String(init.body)));
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
      });
    if (method === 'POST' && url.endsWith('/pulls'))
      return json(200, {
        number: 5,
        htmlUrl: 'https://github.example/demo/blog/pull/5',
        previewUrl: null,
      });
    if (method === 'PUT' && url.endsWith('/pulls/5/merge'))
      return json(200, { sha: 'd'.repeat(40), merged: true, keptBranch: kept });
    if (method === 'GET' && url.includes('/content/'))
      return json(200, {
        slug: 'hello',
        path: 'content/posts/hello.md',
        sha: 'd'.repeat(40),
        frontmatter: { title: 'Hello' },
        body: 'Hi\n',
      });
    return json(500, { error: 'unexpected' });
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('publishing while someone else saves the same draft', () => {
  it('publishes, and says where the other save stays', async () => {
    const outcome = await saveWith(
      'publish',
      {
        repo: 'demo/blog',
        collection: 'posts',
        slug: 'hello',
        isNew: false,
        sha: 'a'.repeat(40),
        branch: 'cms/posts/hello',
      },
      { frontmatter: { title: 'Hello' }, body: 'Hi\n', title: 'Hello' },
    );
    expect(outcome).toMatchObject({ published: true, location: { sha: 'd'.repeat(40) } });
    expect(outcome.warning).toBe(`Published. ${kept.message}`);
  });
});

describe("a new item's file layout", () => {
  it('is sent as `path` for a new item only', async () => {
    putBodies.length = 0;
    const at = { repo: 'demo/blog', collection: 'posts', slug: 'hello' };
    const content = { frontmatter: { title: 'Hello' }, body: 'Hi\n', title: 'Hello' };
    await saveWith('publish', { ...at, isNew: true }, { ...content, pattern: '{slug}/index.md' });
    await saveWith(
      'publish',
      { ...at, isNew: false, sha: 'a'.repeat(40) },
      { ...content, pattern: '{slug}/index.md' },
    );
    expect(putBodies.map((body) => (body as { path?: string }).path)).toEqual([
      '{slug}/index.md',
      undefined,
    ]);
  });
});
