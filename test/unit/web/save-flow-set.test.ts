import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveWith } from '../../../web/src/components/editor/save-flow';

/** A save into a change set: one request, `set` in place of `mode`, no pull request opened or merged. */
const requests: { method: string; url: string; body?: unknown }[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (method === 'PUT' && url.includes('/content/'))
      return json(200, {
        sha: 'b'.repeat(40),
        path: 'content/posts/hello.md',
        branch: 'cms/_sets/spring-launch',
      });
    return json(500, { error: 'unexpected' });
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('saving into a change set', () => {
  it("sends the set's name without a mode, and places the item on the set's branch and review", async () => {
    // Act: an item of main, added to the set chosen.
    const outcome = await saveWith(
      'set',
      {
        repo: 'demo/blog',
        collection: 'posts',
        slug: 'hello',
        isNew: false,
        sha: 'a'.repeat(40),
        set: { name: 'spring-launch', title: 'Spring launch', number: 14 },
      },
      { frontmatter: { title: 'Hello' }, body: 'Hi\n', title: 'Hello' },
    );

    // Assess
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.body).toEqual({
      frontmatter: { title: 'Hello' },
      body: 'Hi\n',
      sha: 'a'.repeat(40),
      set: 'spring-launch',
    });
    expect(outcome).toMatchObject({
      published: false,
      location: {
        sha: 'b'.repeat(40),
        branch: 'cms/_sets/spring-launch',
        pull: { number: 14 },
        set: { name: 'spring-launch', title: 'Spring launch', number: 14 },
      },
    });
  });
});
