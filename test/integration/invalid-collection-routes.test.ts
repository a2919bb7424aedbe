import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { oidOrEmpty, openHostPull, pushFiles } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * A collection left out of cms.config.json for a problem of its own answers the same 409 on every
 * route that names it (media, schedules, pulls), as the content routes do, and changes nothing;
 * the other collections keep working.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const full = 'demo/broken';
const repo = '/api/repos/demo%2Fbroken';
const fields = [{ name: 'title', type: 'string', label: 'Title' }];
const invalid =
  'Collection pages is invalid in cms.config.json: collections.pages.path[1]: must contain "{slug}" exactly once. Fix it there; the other collections work meanwhile';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const headOf = (branch: string) => oidOrEmpty(service, full, branch);

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'broken', installApp: true });
  const config = {
    name: 'Broken',
    media: { directory: 'static/images', publicPath: '/images' },
    collections: {
      notes: { label: 'Notes', directory: 'content/notes', fields },
      pages: {
        label: 'Pages',
        directory: 'content/pages',
        path: ['{slug}.md', 'pages.md'],
        media: { directory: 'static/pages', publicPath: '/pages' },
        fields,
      },
    },
  };
  await service.github.commitFiles('demo', 'broken', {
    branch: 'main',
    message: 'Seed',
    author: { name: 'Site', email: 'site@example.com' },
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      { path: 'content/pages/about.md', content: '---\ntitle: About\n---\n\nAbout.\n' },
    ],
  });
  await pushFiles(service, full, 'cms/pages/about', {
    'content/pages/about.md': '---\ntitle: About, edited\n---\n\nAbout.\n',
  });
  await pushFiles(service, full, 'cms/pages/other', {
    'content/pages/other.md': '---\ntitle: Other\n---\n\nOther.\n',
  });
  expect((await api.post('/api/repos', { fullName: full }, { session: demo })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('a collection invalid in cms.config.json', () => {
  it('media: listing and uploading to its media directory answer the 409 naming the problem', async () => {
    const list = await api.get(`${repo}/media?collection=pages`, { session: demo });
    expect(list.status).toBe(409);
    expect(list.body).toEqual({ error: invalid });
    const upload = await api.post(
      `${repo}/media`,
      { uploadId: 'staged', name: 'b.png', draft: { collection: 'pages', slug: 'about' } },
      { session: demo },
    );
    expect(upload.status).toBe(409);
    expect(upload.body).toEqual({ error: invalid });
    expect((await api.get(`${repo}/media?collection=notes`, { session: demo })).status).toBe(200);
  });

  it('schedules: unpublishing its item, and publishing its draft, answer 409 naming the problem; nothing is scheduled', async () => {
    const unpublish = await api.post(
      `${repo}/schedules`,
      { action: 'unpublish', collection: 'pages', slug: 'about', mode: 'draft', at: inAnHour() },
      { session: demo },
    );
    expect(unpublish.status).toBe(409);
    expect(unpublish.body).toEqual({ error: invalid });
    // A draft opened on the host (before the config broke, say) cannot be scheduled either.
    const number = await openHostPull(service, { head: 'cms/pages/about', repo: full });
    const publish = await api.post(
      `${repo}/schedules`,
      { action: 'publish', pull: number, at: inAnHour() },
      { session: demo },
    );
    expect(publish.status).toBe(409);
    expect(publish.body.error).toBe(`Pull request #${number} cannot be published: ${invalid}.`);
    expect((await api.get(`${repo}/schedules`, { session: demo })).body.schedules).toEqual([]);
  });

  it('pulls: opening its draft answers 409 and opens nothing; an open one says the problem and is not merged', async () => {
    const opened = await api.post(
      `${repo}/pulls`,
      { branch: 'cms/pages/other', title: 'Other' },
      { session: demo },
    );
    expect(opened.status).toBe(409);
    expect(opened.body).toEqual({ error: invalid });
    const pulls = (await api.get(`${repo}/pulls`, { session: demo })).body as { branch: string }[];
    expect(pulls.map((pull) => pull.branch)).toEqual(['cms/pages/about']);

    const [{ number }] = (await api.get(`${repo}/pulls`, { session: demo })).body;
    const detail = await api.get(`${repo}/pulls/${number}`, { session: demo });
    expect(detail.body.mergeBlockers).toEqual([
      { reason: 'foreign-files', message: `${invalid}.` },
    ]);
    const main = headOf('main');
    const merged = await api.put(`${repo}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status).toBe(409);
    expect(merged.body.error).toContain(invalid);
    expect(headOf('main')).toBe(main);
  });
});
