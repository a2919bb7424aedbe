import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * An optional object with a required sub-field (what cms init writes when most files have the
 * object): items without the object save, an item with it must fill the sub-field. The editor's
 * form shows such an absent object as an Add button for the same reason.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const repo = 'demo/optional';
const base = '/api/repos/demo%2Foptional/content/pages';
const config = {
  name: 'Optional',
  collections: {
    pages: {
      label: 'Pages',
      directory: 'content/pages',
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        {
          name: 'seo',
          type: 'object',
          label: 'SEO',
          fields: [
            { name: 'title', type: 'string', label: 'SEO title', required: true },
            { name: 'description', type: 'string', label: 'Description' },
          ],
        },
      ],
    },
  },
};

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'optional', installApp: true });
  await service.github.commitFiles('demo', 'optional', {
    branch: 'main',
    message: 'Site',
    author: { name: 'Site', email: 'site@example.com' },
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      { path: 'content/pages/plain.md', content: '---\ntitle: Plain\n---\nNo SEO here.\n' },
    ],
  });
  expect((await api.post('/api/repos', { fullName: repo }, { session: demo })).status).toBe(201);
});
afterAll(async () => {
  await service?.stop();
});

describe('a required sub-field of an optional object over HTTP', () => {
  it('is not required on an item without the object: an update and a create both save', async () => {
    const item = (await api.get(`${base}/plain`, { session: demo })).body;
    const updated = await api.put(
      `${base}/plain`,
      { frontmatter: { title: 'Plain, edited' }, body: item.body, sha: item.sha, mode: 'direct' },
      { session: demo },
    );
    expect(updated.status).toBe(200);
    expect(gitShow(service.github, repo, 'main:content/pages/plain.md')).toBe(
      '---\ntitle: Plain, edited\n---\nNo SEO here.\n',
    );
    const created = await api.put(
      `${base}/fresh`,
      { frontmatter: { title: 'Fresh' }, body: 'New.\n', mode: 'direct' },
      { session: demo },
    );
    expect(created.status).toBe(200);
    expect(gitShow(service.github, repo, 'main:content/pages/fresh.md')).not.toContain('seo');
  });

  it('is required once the object is there: 400 naming the path, nothing committed', async () => {
    const commits = gitLog(service.github, repo).length;
    const refused = await api.put(
      `${base}/with-seo`,
      { frontmatter: { title: 'SEO', seo: { description: 'Words' } }, body: '', mode: 'direct' },
      { session: demo },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/frontmatter\.seo\.title: required/);
    expect(gitLog(service.github, repo)).toHaveLength(commits);
    const saved = await api.put(
      `${base}/with-seo`,
      {
        frontmatter: { title: 'SEO', seo: { title: 'Found', description: 'Words' } },
        body: '',
        mode: 'direct',
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
  });
});
