import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/** The extension field types (text, select, datetime, hidden) through HTTP: saves, refusals, config errors. */
let service: TestService;
let api: ApiClient;
let demo: string;
const repo = 'demo/fields';
const base = '/api/repos/demo%2Ffields';
const author = { name: 'Site', email: 'site@example.com' };
const config = {
  name: 'Fields',
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        { name: 'summary', type: 'text', label: 'Summary' },
        {
          name: 'category',
          type: 'select',
          label: 'Category',
          options: ['news', { value: 'guides', label: 'Guides' }],
        },
        { name: 'topics', type: 'select', label: 'Topics', multiple: true, options: ['js', 'go'] },
        { name: 'published', type: 'datetime', label: 'Published' },
        { name: 'layout', type: 'hidden', label: 'Layout', default: 'post' },
      ],
    },
  },
};
const commitConfig = (content: unknown, name = 'fields') =>
  service.github.commitFiles('demo', name, {
    branch: 'main',
    message: 'Config',
    author,
    changes: [{ path: 'cms.config.json', content: JSON.stringify(content) }],
  });

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'fields', installApp: true });
  await commitConfig(config);
  expect((await api.post('/api/repos', { fullName: repo }, { session: demo })).status).toBe(201);
});
afterAll(async () => {
  await service?.stop();
});

describe('extension field types over HTTP', () => {
  const frontmatter = {
    title: 'Hi',
    summary: 'Line one.\nLine two.\n',
    category: 'guides',
    topics: ['go', 'js'],
    published: '2025-01-02T10:00:00+02:00',
  };

  it('creates an item with each type, written in its YAML form', async () => {
    const created = await api.put(
      `${base}/content/posts/hi`,
      { frontmatter, body: 'Body.\n', mode: 'direct' },
      { session: demo },
    );
    expect(created.status).toBe(200);
    const file = gitShow(service.github, repo, 'main:content/posts/hi.md');
    expect(file).toContain('summary: |\n  Line one.\n  Line two.\n');
    expect(file).toContain('topics:\n  - go\n  - js\n');
    expect(file).toContain('published: 2025-01-02T10:00:00+02:00\n');
  });

  it('gives the hidden field its default', () => {
    const file = gitShow(service.github, repo, 'main:content/posts/hi.md');
    expect(file).toContain('layout: post\n');
  });

  it('reads the item back as sent', async () => {
    const read = await api.get(`${base}/content/posts/hi`, { session: demo });
    expect(read.body.frontmatter).toEqual({ ...frontmatter, layout: 'post' });
  });

  it('changing one select changes only its line', async () => {
    const item = (await api.get(`${base}/content/posts/hi`, { session: demo })).body;
    const before = gitShow(service.github, repo, 'main:content/posts/hi.md');
    const saved = await api.put(
      `${base}/content/posts/hi`,
      {
        frontmatter: { ...item.frontmatter, category: 'news' },
        body: item.body,
        sha: item.sha,
        mode: 'direct',
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    const after = gitShow(service.github, repo, 'main:content/posts/hi.md');
    expect(after).toBe(before.replace('category: guides\n', 'category: news\n'));
  });

  it.each([
    [{ category: 'sports' }, 'frontmatter.category: expected one of "news", "guides"'],
    [{ topics: ['rust'] }, 'frontmatter.topics: expected an array of "js", "go"'],
    [{ topics: 'js' }, 'frontmatter.topics: expected an array of "js", "go"'],
    [
      { published: '2025-01-02' },
      'frontmatter.published: expected a date-time as YYYY-MM-DDTHH:MM[:SS][offset], e.g. 2025-01-02T10:00:00+02:00',
    ],
    [{ summary: 5 }, 'frontmatter.summary: expected a string (multi-line text)'],
  ])('answers 400 naming the field for %j and writes nothing', async (bad, error) => {
    const response = await api.put(
      `${base}/content/posts/bad`,
      { frontmatter: { title: 'Bad', ...bad }, body: '', mode: 'direct' },
      { session: demo },
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
    expect((await api.get(`${base}/content/posts/bad`, { session: demo })).status).toBe(404);
  });

  it('connects a config with an unknown field type, the collection answering its problem by type and path', async () => {
    await service.github.createRepository({ owner: 'demo', name: 'colors', installApp: true });
    const fields = [
      ...config.collections.posts.fields,
      { name: 'tint', type: 'color', label: 'Tint' },
    ];
    await commitConfig(
      { ...config, collections: { posts: { ...config.collections.posts, fields } } },
      'colors',
    );
    const response = await api.post('/api/repos', { fullName: 'demo/colors' }, { session: demo });
    expect(response.status).toBe(201);
    const problem =
      'collections.posts.fields[6].type: unknown field type "color" (known: string, string[], number, boolean, date, image, image[], file, file[], text, select, datetime, hidden, object, list, relation)';
    const read = await api.get('/api/repos/demo%2Fcolors/config', { session: demo });
    expect(read.body.problems).toEqual({ posts: problem });
    const list = await api.get('/api/repos/demo%2Fcolors/content/posts', { session: demo });
    expect(list.status).toBe(409);
    expect(list.body.error).toBe(
      `Collection posts is invalid in cms.config.json: ${problem}. Fix it there; the other collections work meanwhile`,
    );
  });

  it('names the path once a hidden field of a connected repository loses its default, and that collection answers 409', async () => {
    const fields = config.collections.posts.fields.map((field) =>
      field.type === 'hidden' ? { name: 'layout', type: 'hidden', label: 'Layout' } : field,
    );
    await commitConfig({
      ...config,
      collections: { posts: { ...config.collections.posts, fields } },
    });
    const problem =
      'collections.posts.fields[5].default: a "hidden" field needs a "default" (the editor does not show it; new items get it)';
    const response = await api.get(`${base}/config`, { session: demo });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ collections: {}, problems: { posts: problem } });
    // The collection's state, not the request, is wrong: 409.
    const item = await api.get(`${base}/content/posts/bad`, { session: demo });
    expect(item.status).toBe(409);
    expect(item.body.error).toContain(problem);
  });
});
