import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { author, createGeneratedCollection, listUrl } from '../support/generated-collection';
import { startIndexedService } from '../support/indexed-service';

/**
 * Over real HTTP: a list marks an item whose fields break the collection's definitions with
 * `problems` (how many, and the first as `cms check` says it), read inline and from the
 * collection index; a sound item carries none, and a file that cannot be read keeps its `problem`.
 */
let indexed: Awaited<ReturnType<typeof startIndexedService>>;

beforeAll(async () => {
  indexed = await startIndexedService();
});
afterAll(() => indexed?.service.stop());

type Item = {
  slug: string;
  problem?: { code: string };
  problems?: { count: number; first: string };
};

// The generated collection declares title (string), date (date) and tags (string[]).
const files = [
  { path: 'content/posts/zz-tags.md', content: '---\ntitle: Tags\ntags: 5\n---\nBody\n' },
  {
    path: 'content/posts/zz-two.md',
    content: '---\ntitle: [1, 2]\ndate: someday\n---\nBody\n',
  },
  { path: 'content/posts/zz-broken.md', content: '---\ntitle: [unclosed\n---\nBody\n' },
];
const problemsOf = (items: Item[]) =>
  Object.fromEntries(
    items
      .filter((item) => item.slug.startsWith('zz-') || item.slug === 'post-0001')
      .map((item) => [item.slug, { problems: item.problems, problem: item.problem?.code }]),
  );
const expected = {
  'post-0001': { problems: undefined, problem: undefined },
  'zz-tags': {
    problems: { count: 1, first: expect.stringMatching(/^frontmatter\.tags: /) },
    problem: undefined,
  },
  'zz-two': {
    problems: { count: 2, first: expect.stringMatching(/^frontmatter\.title: /) },
    problem: undefined,
  },
  'zz-broken': { problems: undefined, problem: 'invalid-frontmatter' },
};

async function collectionWith(name: string, count: number) {
  const { api, demo, service } = indexed;
  const { fullName } = await createGeneratedCollection(service, api, demo, { name, count });
  await service.github.commitFiles('demo', name, {
    branch: 'main',
    message: 'Posts with problems',
    author,
    changes: files,
  });
  return fullName;
}

describe("a list marks the items that fail the collection's field checks", () => {
  it('in a list read inline', async () => {
    const { api, demo } = indexed;
    const fullName = await collectionWith('problems-inline', 10);
    const answer = await api.get<Item[]>(listUrl(fullName), { session: demo });
    expect(answer.status).toBe(200);
    expect(problemsOf(answer.body)).toEqual(expected);
    expect(answer.body.find((item) => item.slug === 'post-0001')).not.toHaveProperty('problems');
  });

  it('in a list from the collection index, sorted and in path order', async () => {
    const { api, demo, jobs } = indexed;
    const fullName = await collectionWith('problems-indexed', 60);
    const sorted = listUrl(fullName, { sort: 'title', limit: 200 });
    expect((await api.get(sorted, { session: demo })).status).toBe(503);
    await jobs.runAll();
    const answer = await api.get<Item[]>(sorted, { session: demo });
    expect(answer.status).toBe(200);
    expect(problemsOf(answer.body)).toEqual(expected);
    const whole = await api.get<Item[]>(listUrl(fullName), { session: demo });
    expect(whole.status).toBe(200);
    expect(problemsOf(whole.body)).toEqual(expected);
  });
});
