import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { gitShow } from '../support/git-read';
import { startTestService, type TestService } from '../support/local-service';

/**
 * A collection whose files use TOML (Zola, Hugo) or JSON frontmatter gets new items in that
 * format when its config says so (`"format"`, which cms init sets from the files): a new post in
 * an all-TOML site is no YAML island. Existing files keep their own format whatever it says.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const repo = 'demo/formats';
const base = `/api/repos/${encodeURIComponent(repo)}/content`;
const fields = [
  { name: 'title', type: 'string', label: 'Title', required: true },
  { name: 'date', type: 'date', label: 'Date' },
  { name: 'tags', type: 'string[]', label: 'Tags' },
  { name: 'draft', type: 'boolean', label: 'Draft' },
];

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.url);
  demo = await api.signIn('demo');
  await service.github.createRepository({ owner: 'demo', name: 'formats', installApp: true });
  const config = {
    name: 'Formats',
    collections: {
      blog: { label: 'Blog', directory: 'content/blog', format: 'toml', fields },
      data: { label: 'Data', directory: 'content/data', format: 'json', fields },
      notes: { label: 'Notes', directory: 'content/notes', fields },
    },
  };
  await service.github.commitFiles('demo', 'formats', {
    branch: 'main',
    message: 'Seed',
    author: { name: 'Demo', email: 'demo@example.com' },
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      // A YAML file in the TOML collection stays YAML when edited.
      { path: 'content/blog/old.md', content: '---\ntitle: Old\n---\nOld body.\n' },
    ],
  });
  expect((await api.post('/api/repos', { fullName: repo }, { session: demo })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

const frontmatter = { title: 'Hello "world"', date: '2026-11-28', tags: ['a', 'b'], draft: false };
const create = (collection: string, slug: string) =>
  api.put(`${base}/${collection}/${slug}`, { frontmatter, body: 'Body.\n' }, { session: demo });
const mainFile = (path: string) => gitShow(service.github, repo, `main:${path}`);

describe('new items in the format of their collection', () => {
  it('writes a new item of a "toml" collection with +++ frontmatter, fields in order, dates bare', async () => {
    const created = await create('blog', 'first');

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(mainFile('content/blog/first.md')).toBe(
      '+++\ntitle = "Hello \\"world\\""\ndate = 2026-11-28\ntags = ["a", "b"]\ndraft = false\n+++\nBody.\n',
    );
    const read = await api.get(`${base}/blog/first`, { session: demo });
    expect(read.body.frontmatter).toEqual(frontmatter);
  });

  it('writes a new item of a "json" collection as a JSON object before the body', async () => {
    const created = await create('data', 'first');

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(mainFile('content/data/first.md')).toBe(
      '{\n  "title": "Hello \\"world\\"",\n  "date": "2026-11-28",\n  "tags": [\n    "a",\n    "b"\n  ],\n  "draft": false\n}\nBody.\n',
    );
    expect((await api.get(`${base}/data/first`, { session: demo })).body.frontmatter).toEqual(
      frontmatter,
    );
  });

  it('keeps YAML for a collection that names no format', async () => {
    expect((await create('notes', 'first')).status).toBe(200);
    expect(mainFile('content/notes/first.md')).toMatch(/^---\ntitle: /);
  });

  it('edits an existing YAML file of a "toml" collection as YAML', async () => {
    const item = (await api.get(`${base}/blog/old`, { session: demo })).body;
    const saved = await api.put(
      `${base}/blog/old`,
      { frontmatter: { ...item.frontmatter, title: 'Still YAML' }, body: item.body, sha: item.sha },
      { session: demo },
    );

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(mainFile('content/blog/old.md')).toBe('---\ntitle: Still YAML\n---\nOld body.\n');
  });

  it('refuses a config whose format is none of yaml, toml and json, naming the field', async () => {
    const { parseCmsConfig } = await import('../../shared/content/config-read');
    expect(() =>
      parseCmsConfig(
        JSON.stringify({
          name: 'x',
          collections: { a: { label: 'A', directory: 'a', format: 'xml', fields } },
        }),
      ),
    ).toThrow(/collections\.a\.format/);
  });
});
