import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { author, createGeneratedCollection, listUrl } from '../support/generated-collection';
import { startIndexedService } from '../support/indexed-service';

/**
 * Over real HTTP: a list names an item without a `title` by its body's first heading (`heading`,
 * an addition to the list answer), from a list read inline, from the collection index, and after a
 * save through the service.
 */
let indexed: Awaited<ReturnType<typeof startIndexedService>>;

beforeAll(async () => {
  indexed = await startIndexedService();
});
afterAll(() => indexed?.service.stop());

type Item = { slug: string; sha: string; heading?: string; frontmatter: Record<string, unknown> };

const files = (repo: string) => [
  { path: 'content/posts/zz-titled.md', content: `---\ntitle: Titled\n---\n# Not this\n${repo}\n` },
  {
    path: 'content/posts/zz-atx.md',
    content: `---\ndate: 2024-01-01\n---\nIntro for ${repo}.\n\n## Hello *world* \`x\`\n\n# Later\n`,
  },
  { path: 'content/posts/zz-setext.md', content: `Setext   title\n===\n\n${repo}\n` },
  {
    path: 'content/posts/zz-code.md',
    content: `---\n---\n\`\`\`\n# not a heading\n\`\`\`\n${repo}\n`,
  },
  { path: 'content/posts/zz-none.md', content: `---\ntags: [a]\n---\nJust text in ${repo}.\n` },
];
const expected = {
  'zz-titled': undefined,
  'zz-atx': 'Hello world x',
  'zz-setext': 'Setext title',
  'zz-code': undefined,
  'zz-none': undefined,
};
const headingsOf = (items: Item[]) =>
  Object.fromEntries(
    items.filter((item) => item.slug.startsWith('zz-')).map((item) => [item.slug, item.heading]),
  );

async function collectionWith(name: string, count: number) {
  const { api, demo, service } = indexed;
  const { fullName } = await createGeneratedCollection(service, api, demo, { name, count });
  await service.github.commitFiles('demo', name, {
    branch: 'main',
    message: 'Untitled posts',
    author,
    changes: files(name),
  });
  return fullName;
}

describe('an item without a title in a list', () => {
  it('carries its first heading in a list read inline, and none for a titled one or a body without a heading', async () => {
    const { api, demo } = indexed;
    const fullName = await collectionWith('headings-inline', 10);
    const answer = await api.get<Item[]>(listUrl(fullName), { session: demo });
    expect(answer.status).toBe(200);
    expect(headingsOf(answer.body)).toEqual(expected);
    // A titled generated post carries no heading: the answer grows only where a heading names an item.
    expect(answer.body.find((item) => item.slug === 'post-0001')).not.toHaveProperty('heading');
  });

  it('carries it from the collection index, sorted', async () => {
    const { api, demo, jobs } = indexed;
    const fullName = await collectionWith('headings-indexed', 60);
    const url = listUrl(fullName, { sort: 'title', limit: 200 });
    expect((await api.get(url, { session: demo })).status).toBe(503);
    await jobs.runAll();
    const answer = await api.get<Item[]>(url, { session: demo });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(65);
    expect(headingsOf(answer.body)).toEqual(expected);
  });

  it('carries the heading a save through the service wrote', async () => {
    const { api, demo } = indexed;
    const fullName = await collectionWith('headings-saved', 3);
    const item = `/api/repos/${encodeURIComponent(fullName)}/content/posts/zz-none`;
    const opened = await api.get<Item & { body: string }>(item, { session: demo });
    const saved = await api.put(
      item,
      {
        frontmatter: opened.body.frontmatter,
        body: '# Now with a heading\n',
        sha: opened.body.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    const answer = await api.get<Item[]>(listUrl(fullName), { session: demo });
    expect(headingsOf(answer.body)['zz-none']).toBe('Now with a heading');
  });
});
