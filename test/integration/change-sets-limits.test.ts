import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, pushFiles, revParse } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Change sets (issue #38): the 100-item limit, a scheduled publish, and the GitHub round trips of
 * adding an item, reading the set's diff and publishing it, counted by the local host
 * (deterministic, so asserted; the bench prints the same figures).
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const measured: Record<string, number> = {};

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
  console.info('GitHub round trips (change sets):', JSON.stringify(measured));
});

async function count<T>(name: string, action: () => Promise<T>): Promise<T> {
  service.github.resetRequestCount();
  const value = await action();
  measured[name] = service.github.requestCount();
  return value;
}

const createSet = async (name: string) => {
  const created = await api.post(`${blog}/sets`, { name }, { session: demo });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.number as number;
};
const newAuthor = (slug: string, set: string) =>
  api.put(
    `${blog}/content/authors/${slug}`,
    { frontmatter: { name: `Author ${slug}` }, body: 'Writes.\n', set },
    { session: demo },
  );

describe('a change set', () => {
  it('holds at most 100 items: the 101st is refused with 409, one already in it is still saved', async () => {
    await createSet('big');
    const files = Object.fromEntries(
      Array.from({ length: 100 }, (_, n) => [
        `content/authors/guest-${n}.md`,
        `---\nname: Guest ${n}\n---\n`,
      ]),
    );
    await pushFiles(service, 'demo/blog', 'cms/_sets/big', files);
    const full = await newAuthor('one-more', 'big');
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(
      'Change set big holds 100 items, the most one set may hold (100); publish it or start another set',
    );
    expect((await api.get(`${blog}/content/authors/one-more`, { session: demo })).status).toBe(404);
    const item = (
      await api.get(`${blog}/content/authors/guest-7?branch=cms/_sets/big`, { session: demo })
    ).body;
    const again = await api.put(
      `${blog}/content/authors/guest-7`,
      { frontmatter: { name: 'Guest seven' }, body: item.body, sha: item.sha, set: 'big' },
      { session: demo },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('costs few GitHub round trips to add an item, diff and publish', async () => {
    const number = await createSet('counted');
    const added = await count('add an item', () => newAuthor('dora', 'counted'));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(measured['add an item']).toBeLessThanOrEqual(3);
    expect((await newAuthor('eve', 'counted')).status).toBe(200);
    const diff = await count('set diff', () =>
      api.get(`${blog}/pulls/${number}/diff`, { session: demo }),
    );
    expect(diff.body).toHaveLength(2);
    expect(measured['set diff']).toBeLessThanOrEqual(3);
    const merged = await count('publish', () =>
      api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo }),
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(measured['publish']).toBeLessThanOrEqual(5);
  });

  it('is published on schedule, every item in one commit', async () => {
    const number = await createSet('scheduled');
    expect((await newAuthor('frank', 'scheduled')).status).toBe(200);
    expect((await newAuthor('grace', 'scheduled')).status).toBe(200);
    const at = new Date(service.now() + 10 * 60_000).toISOString();
    const created = await api.post(
      `${blog}/schedules`,
      { action: 'publish', pull: number, at },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const before = revParse(service, 'demo/blog', 'main');
    service.advanceClock(11 * 60_000);
    await service.runDueSchedules();
    const schedule = (await api.get(`${blog}/schedules`, { session: demo })).body.schedules.find(
      (one: { id: string }) => one.id === created.body.id,
    );
    const main = revParse(service, 'demo/blog', 'main');
    expect(schedule).toMatchObject({ state: 'done', sha: main });
    expect(main).not.toBe(before);
    for (const slug of ['frank', 'grace'])
      expect((await api.get(`${blog}/content/authors/${slug}`, { session: demo })).status).toBe(
        200,
      );
  });
});
