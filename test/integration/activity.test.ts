import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsActivity } from '../../shared/http/activity-entry';
import type { RouteDef } from '../../shared/http/route-def';
import { routes } from '../../shared/routes';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { blog, openPull, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/** The audit log: every write through the service is recorded, with who, when, what and the outcome. */
let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

type Entry = {
  at: string;
  action: string;
  status: number;
  request: string;
  repo?: string;
  actor: { login: string; via: string; tokenId?: string };
  target?: { [key: string]: string };
  result?: { [key: string]: string };
};

async function everything(
  path: string,
  credentials: { session?: string; token?: string },
): Promise<Entry[]> {
  const records: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { records: Entry[]; nextCursor: string | null } } =
      await api.get(`${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, credentials);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    records.push(...page.body.records);
    cursor = page.body.nextCursor;
  } while (cursor);
  return records;
}

const post = '2024-02-14-hello-world';
const samples: { [name: string]: string } = {
  repo: 'demo%2Fblog',
  collection: 'posts',
  slug: 'no-such-post',
  number: '9999',
  tokenId: 'AAAAAAAAAAAAAAAAAAAAAA',
  scheduleId: 'AAAAAAAAAAAAAAAAAAAAAA',
};
const pathFor = (route: RouteDef) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => samples[name] ?? 'x');

describe('every write route of the route table', () => {
  const writes = (routes as readonly RouteDef[]).filter(recordsActivity);

  it('is recorded once answered, whatever the outcome, with the action, the request and the status', async () => {
    // Act: each write, by a fresh session (logout ends the session it is sent with).
    const sent = new Map<string, number>();
    for (const route of writes) {
      const session = await api.signIn('demo');
      const response = await api.call(
        route.method,
        pathFor(route),
        { session },
        'body' in route ? {} : undefined,
      );
      sent.set(route.id, response.status);
    }

    // Assess
    const records = await everything('/api/activity', { session: demo });
    for (const route of writes) {
      const found = records.find((record) => record.action === route.id);
      expect(found, `${route.id} has no audit record`).toBeDefined();
      expect(found).toMatchObject({
        status: sent.get(route.id),
        request: `${route.method} ${pathFor(route).replace('%2F', '/')}`,
        actor: { login: 'demo', via: 'session' },
      });
    }
    expect(writes.length).toBeGreaterThan(20);
    // DELETE /api/repos/{repo} was among them: connect the repository again for what follows.
    expect(
      (await api.post('/api/repos', { fullName: 'demo/blog' }, { session: demo })).status,
    ).toBe(201);
  });
});

describe('what a record says', () => {
  let token: Awaited<ReturnType<ApiClient['createToken']>>;
  let saved: ApiResponse;
  let refused: Entry | undefined;
  let done: Entry | undefined;

  beforeAll(async () => {
    token = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:write'],
    });
    const item = (await api.get(`${blog}/content/posts/${post}`, { token: token.token })).body;
    saved = await api.put(
      `${blog}/content/posts/${post}`,
      { frontmatter: { ...item.frontmatter, title: 'Audited' }, body: item.body, sha: item.sha },
      { token: token.token },
    );
    expect(saved.status).toBe(200);
    const stale = await api.put(
      `${blog}/content/posts/${post}`,
      { frontmatter: item.frontmatter, body: item.body, sha: item.sha },
      { token: token.token },
    );
    expect(stale.status).toBe(409);
    [refused, done] = (await api.get(`${blog}/activity?limit=2`, { session: demo })).body
      .records as Entry[];
  });

  it('names the item and the commit of a save, and the token that made it', () => {
    expect(done).toMatchObject({
      action: 'putContent',
      status: 200,
      repo: 'demo/blog',
      actor: { login: 'demo', via: 'token', tokenId: token.tokenId },
      target: { collection: 'posts', slug: post },
      result: { sha: saved.body.sha, path: saved.body.path },
    });
  });

  it('records a refused save with its status and no result, after the save', () => {
    expect(refused).toMatchObject({ action: 'putContent', status: 409, actor: { via: 'token' } });
    expect(refused!.result).toBeUndefined();
    expect(Date.parse(refused!.at)).toBeGreaterThanOrEqual(Date.parse(done!.at));
  });

  it('pages newest first with a cursor, and refuses a cursor it did not give', async () => {
    const all = await everything(`${blog}/activity`, { session: demo });
    const first = (await api.get(`${blog}/activity?limit=3`, { session: demo })).body;
    const second = (
      await api.get(`${blog}/activity?limit=3&cursor=${first.nextCursor}`, { session: demo })
    ).body;
    expect([...first.records, ...second.records]).toEqual(all.slice(0, 6));
    const bad = await api.get(`${blog}/activity?cursor=bm90LWEtY3Vyc29y`, { session: demo });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('cursor: is not a cursor this list gave');
  });

  it("shows a token only its own repositories' records of its user, and refuses another repository", async () => {
    const token = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read'],
    });
    const mine = await everything('/api/activity', { token: token.token });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((record) => record.repo === 'demo/blog')).toBe(true);
    expect((await api.get('/api/repos/demo%2Fdocs/activity', { token: token.token })).status).toBe(
      403,
    );
  });

  it("records a scheduled run as its setter's action, via schedule", async () => {
    await saveDraft(api, demo, post, { title: 'Audited schedule' });
    const { number } = await openPull(api, demo, post, 'Audited schedule');
    const created = await api.post(
      `${blog}/schedules`,
      { action: 'publish', pull: number, at: new Date(service.now() + 120_000).toISOString() },
      { session: demo },
    );
    expect(created.status).toBe(201);
    service.advanceClock(180_000);
    await service.runDueSchedules();
    const [run] = (await api.get(`${blog}/activity?limit=1`, { session: demo })).body
      .records as Entry[];
    expect(run).toMatchObject({
      action: 'scheduledPublish',
      status: 200,
      actor: { login: 'demo', via: 'schedule' },
      target: { scheduleId: created.body.id, number: String(number) },
      result: { state: 'done' },
    });
  });
});
