import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { oidOrEmpty, revParse } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService, type SignedIn } from '../support/signed-in';

/**
 * Undoing a publish over real HTTP: a change request that reverts exactly what a published
 * change request changed in the item, three-way, so later edits of other fields and lines stay;
 * refused with a 409 naming the fields when a later edit overlaps.
 */
let fixture: SignedIn;
let service: TestService;
let api: ApiClient;
const repo = 'demo/undo';
const pulls = '/api/repos/demo%2Fundo/pulls';
const posts = '/api/repos/demo%2Fundo/content/posts';
const original = '---\ntitle: Hello\ndescription: A greeting\n---\n\nFirst line.\n\nLast line.\n';

beforeAll(async () => {
  fixture = await signedInService({
    repos: [repo],
    seed: async (started) => {
      await started.github.createRepository({ owner: 'demo', name: 'undo', installApp: true });
      await started.github.commitFiles('demo', 'undo', {
        branch: 'main',
        message: 'Start',
        author: { name: 'Demo', email: 'demo@example.com' },
        changes: [
          {
            path: 'cms.config.json',
            content: JSON.stringify({
              name: 'Undo',
              collections: {
                posts: {
                  label: 'Posts',
                  directory: 'content/posts',
                  fields: [
                    { name: 'title', type: 'string', label: 'Title', required: true },
                    { name: 'description', type: 'string', label: 'Description' },
                  ],
                  workflow: { default: 'pr' },
                },
              },
            }),
          },
          { path: 'content/posts/hello.md', content: original },
        ],
      });
    },
  });
  ({ service } = fixture);
  api = fixture.as('demo');
});
afterAll(async () => {
  await fixture?.close();
});

/** Saves `change` to the post's draft, opens its change request and publishes it; answers the published commit. */
async function publish(change: { title?: string; description?: string }) {
  const item = (await api.get(`${posts}/hello`)).body;
  const saved = await api.put(`${posts}/hello`, {
    frontmatter: { ...item.frontmatter, ...change },
    body: item.body,
    sha: item.sha,
    mode: 'branch',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const opened = await api.post(pulls, { branch: 'cms/posts/hello', title: 'Edit hello' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const merged = await api.put(`${pulls}/${opened.body.number}/merge`, {});
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  return revParse(service, repo, 'main');
}

/** Commits `change` straight to the default branch, as a later editor would. */
async function editDirectly(change: { title?: string; body?: string }) {
  const { body, ...fields } = change;
  const item = (await api.get(`${posts}/hello`)).body;
  const saved = await api.put(`${posts}/hello`, {
    frontmatter: { ...item.frontmatter, ...fields },
    body: body ?? item.body,
    sha: item.sha,
    mode: 'direct',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('undoing a publish', () => {
  it('opens a change request that reverts exactly its changes, keeping a later edit of the body', async () => {
    const published = await publish({ title: 'Hello, world', description: 'A warmer greeting' });
    await editDirectly({ body: 'First line.\n\nLast line, edited later.\n' });
    const main = revParse(service, repo, 'main');

    const undone = await api.post(`${posts}/hello/revert`, { version: published });

    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ branch: 'cms/posts/hello', number: expect.any(Number) });
    const later = gitShow(service.github, repo, 'main:content/posts/hello.md');
    expect(later).toContain('Last line, edited later.');
    expect(gitShow(service.github, repo, 'cms/posts/hello:content/posts/hello.md')).toBe(
      later
        .replace('title: Hello, world\n', 'title: Hello\n')
        .replace('description: A warmer greeting\n', 'description: A greeting\n'),
    );
    expect(revParse(service, repo, 'main')).toBe(main);
    const review = await api.get(`${pulls}/${undone.body.number}`);
    expect(review.status).toBe(200);
    expect(review.body.title).toBe('Undo "Edit hello (#1)"');

    const again = await api.post(`${posts}/hello/revert`, { version: published });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/has a draft already/);
    // Published, the undo leaves the item as it was before, with the later edit.
    expect((await api.put(`${pulls}/${undone.body.number}/merge`, {})).status).toBe(200);
  });

  it('is refused with a 409 naming the field when a later edit changed what the publish changed, and makes nothing', async () => {
    const published = await publish({ title: 'Hello again' });
    await editDirectly({ title: 'Hello, edited by hand' });

    const refused = await api.post(`${posts}/hello/revert`, { version: published });

    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/Later edits overlap .*\(title\)/);
    expect(oidOrEmpty(service, repo, 'refs/heads/cms/posts/hello')).toBe('');
  });

  it('answers unchanged when the item holds none of the changes any more, and refuses a version that created it', async () => {
    const published = await publish({ description: 'Short-lived' });
    const before = (await api.get(`${posts}/hello`)).body;
    await editDirectly({});
    const item = (await api.get(`${posts}/hello`)).body;
    const back = await api.put(`${posts}/hello`, {
      frontmatter: { ...item.frontmatter, description: 'A greeting' },
      body: item.body,
      sha: item.sha,
      mode: 'direct',
    });
    expect(back.status).toBe(200);
    expect(before.frontmatter.description).toBe('Short-lived');

    const nothing = await api.post(`${posts}/hello/revert`, { version: published });
    expect(nothing.status, JSON.stringify(nothing.body)).toBe(200);
    expect(nothing.body).toEqual({ unchanged: true });

    const history = (await api.get(`${posts}/hello/history?limit=100`)).body.versions;
    const created = await api.post(`${posts}/hello/revert`, {
      version: history[history.length - 1].sha,
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatch(/^version: .* created posts\/hello/);
  });
});
