import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * GitHub round trips per operation, counted by the local host (deterministic, so asserted).
 * Targets: list of N cold ≤ 2 + ⌈N/100⌉, warm ≤ 2; get, direct put and delete ≤ 2 each.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const sizes = [10, 100, 1000, 1500] as const;
const measured: Record<string, number> = {};

const post = (n: number, i: number) =>
  `---\ntitle: "Post ${i} of ${n}"\ndate: 2024-01-${String((i % 28) + 1).padStart(2, '0')}\ntags:\n  - t${i % 7}\n---\n\nBody of post ${i} in a collection of ${n}.\n`;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'big', installApp: true });
  const fields = [
    { name: 'title', type: 'string', label: 'Title', required: true },
    { name: 'date', type: 'date', label: 'Date' },
    { name: 'tags', type: 'string[]', label: 'Tags' },
  ];
  const config = {
    name: 'Big',
    collections: Object.fromEntries(
      sizes.map((n) => [`n${n}`, { label: `${n}`, directory: `content/n${n}`, fields }]),
    ),
  };
  const changes = [{ path: 'cms.config.json', content: JSON.stringify(config, null, 2) }];
  for (const n of sizes)
    for (let i = 0; i < n; i += 1)
      changes.push({
        path: `content/n${n}/post-${String(i).padStart(4, '0')}.md`,
        content: post(n, i),
      });
  await service.github.commitFiles('demo', 'big', {
    branch: 'main',
    message: 'Seed',
    author: { name: 'Demo', email: 'demo@example.com' },
    changes,
  });
  expect((await api.post('/api/repos', { fullName: 'demo/big' }, { session: demo })).status).toBe(
    201,
  );
}, 120_000);

afterAll(async () => {
  await service?.stop();
  // Printed for the closing note and the benchmarks; asserted below.
  console.info('GitHub round trips:', JSON.stringify(measured));
});

const count = async <T>(
  name: string,
  action: () => Promise<T>,
): Promise<{ value: T; trips: number }> => {
  service.github.resetRequestCount();
  const value = await action();
  measured[name] = service.github.requestCount();
  return { value, trips: measured[name]! };
};

describe.each(sizes)('listing %i entries', (n) => {
  it(`is complete, cold in ≤ 2 + ⌈N/100⌉ round trips and warm in ≤ 2`, async () => {
    const cold = await count(`list ${n} cold`, () =>
      api.get(`/api/repos/demo%2Fbig/content/n${n}`, { session: demo }),
    );
    expect(cold.value.status).toBe(200);
    expect(cold.value.body).toHaveLength(n);
    expect(cold.value.body[n - 1].frontmatter.title).toBe(`Post ${n - 1} of ${n}`);
    expect(cold.trips).toBeLessThanOrEqual(2 + Math.ceil(n / 100));
    const warm = await count(`list ${n} warm`, () =>
      api.get(`/api/repos/demo%2Fbig/content/n${n}`, { session: demo }),
    );
    expect(warm.value.body).toEqual(cold.value.body);
    expect(warm.trips).toBeLessThanOrEqual(2);
  });
});

describe('single-item operations', () => {
  it('get, direct put and delete take ≤ 2 round trips each, and a list after a write is fresh', async () => {
    const path = '/api/repos/demo%2Fbig/content/n10/post-0003';
    const get = await count('get', () => api.get(path, { session: demo }));
    expect(get.trips).toBeLessThanOrEqual(2);
    const item = get.value.body;
    const put = await count('direct put', () =>
      api.put(
        path,
        { frontmatter: { ...item.frontmatter, title: 'Changed' }, body: item.body, sha: item.sha },
        { session: demo },
      ),
    );
    expect(put.value.status).toBe(200);
    expect(put.trips).toBeLessThanOrEqual(2);
    const list = await count('list 10 after a write', () =>
      api.get('/api/repos/demo%2Fbig/content/n10', { session: demo }),
    );
    expect(
      list.value.body.find((entry: { slug: string }) => entry.slug === 'post-0003').frontmatter
        .title,
    ).toBe('Changed');
    expect(list.trips).toBeLessThanOrEqual(2);
    const removed = await count('direct delete', () =>
      api.delete(`${path}?sha=${put.value.body.sha}`, { session: demo }),
    );
    expect(removed.value.status).toBe(200);
    expect(removed.trips).toBeLessThanOrEqual(2);
  });
});
