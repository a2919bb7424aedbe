import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/** Drafts of items with object and list fields: nested diffs and the deep merge of an update. */
let service: TestService;
let api: ApiClient;
let demo: string;
const repo = 'demo/nested';
const base = '/api/repos/demo%2Fnested';
const author = { name: 'Site', email: 'site@example.com' };
const config = {
  name: 'Nested',
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
            { name: 'title', type: 'string', label: 'Title' },
            { name: 'description', type: 'string', label: 'Description' },
          ],
        },
        {
          name: 'links',
          type: 'list',
          label: 'Links',
          fields: [
            { name: 'label', type: 'string', label: 'Label' },
            { name: 'url', type: 'string', label: 'URL' },
          ],
        },
      ],
    },
  },
};
const page = [
  '---',
  'title: About',
  '# Search engines',
  'seo:',
  '  title: About us',
  '  description: Who we are',
  'links:',
  '  - label: Home',
  '    url: /',
  '  - label: Blog',
  '    url: /blog',
  '  - label: Contact',
  '    url: /contact',
  '---',
  'Hello.',
  '',
].join('\n');

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'nested', installApp: true });
  const changes = [
    { path: 'cms.config.json', content: JSON.stringify(config) },
    ...['one', 'two', 'three'].map((slug) => ({ path: `content/pages/${slug}.md`, content: page })),
  ];
  await service.github.commitFiles('demo', 'nested', {
    branch: 'main',
    message: 'Site',
    author,
    changes,
  });
  expect((await api.post('/api/repos', { fullName: repo }, { session: demo })).status).toBe(201);
});
afterAll(async () => {
  await service?.stop();
});

type Change = (frontmatter: Record<string, any>) => void;

async function save(slug: string, change: Change, mode: 'branch' | 'direct') {
  const branch = await api.get(`${base}/content/pages/${slug}?branch=cms/pages/${slug}`, {
    session: demo,
  });
  const item =
    mode === 'branch' && branch.status === 200
      ? branch.body
      : (await api.get(`${base}/content/pages/${slug}`, { session: demo })).body;
  const frontmatter = structuredClone(item.frontmatter);
  change(frontmatter);
  const response = await api.put(
    `${base}/content/pages/${slug}`,
    { frontmatter, body: item.body, sha: item.sha, mode },
    { session: demo },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function draftPull(slug: string, change: Change): Promise<number> {
  await save(slug, change, 'branch');
  const opened = await api.post(
    `${base}/pulls`,
    { branch: `cms/pages/${slug}`, title: `Edit ${slug}` },
    { session: demo },
  );
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return opened.body.number;
}

describe('nested fields in drafts', () => {
  it('diffs an object or list field with the changes inside it, by path', async () => {
    const number = await draftPull('one', (fm) => {
      fm.seo.title = 'About the team';
      fm.links[1].url = '/news';
    });
    const diff = await api.get(`${base}/pulls/${number}/diff`, { session: demo });
    expect(diff.status).toBe(200);
    const fields = diff.body[0].frontmatter.fields;
    expect(fields.find((field: { name: string }) => field.name === 'seo')).toMatchObject({
      changed: true,
      changes: [{ path: 'title', oldValue: 'About us', newValue: 'About the team' }],
    });
    expect(fields.find((field: { name: string }) => field.name === 'links')).toMatchObject({
      changed: true,
      changes: [{ path: '[1].url', oldValue: '/blog', newValue: '/news' }],
    });
    expect(fields.find((field: { name: string }) => field.name === 'title')).not.toHaveProperty(
      'changes',
    );
  });
});

describe('updating a draft of nested fields from main', () => {
  it('merges edits to different keys of one object, where git alone conflicts, keeping the other lines', async () => {
    const number = await draftPull('two', (fm) => (fm.seo.title = 'About the team'));
    await save('two', (fm) => (fm.seo.description = 'Who we are and what we do'), 'direct');
    const update = await api.put(`${base}/pulls/${number}/update`, {}, { session: demo });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const file = gitShow(service.github, repo, `cms/pages/two:content/pages/two.md`);
    expect(file).toBe(
      page
        .replace('  title: About us\n', '  title: About the team\n')
        .replace('Who we are\n', 'Who we are and what we do\n'),
    );
  });

  it('answers 409 naming the list item and key both sides changed (fields top-level, paths deep)', async () => {
    const number = await draftPull('three', (fm) => (fm.links[1].url = '/news'));
    await save('three', (fm) => (fm.links[1].url = '/journal'), 'direct');
    const update = await api.put(`${base}/pulls/${number}/update`, {}, { session: demo });
    expect(update.status).toBe(409);
    expect(update.body).toEqual({
      ok: false,
      reason: 'conflicts',
      fields: ['links'],
      paths: ['links[1].url'],
    });
  });
});
