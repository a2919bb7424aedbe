import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { blog, onGitHub, openPull, revParse, saveDraft } from '../support/drafts';
import { gitLog, gitShow } from '../support/git-read';
import { startTestService, type TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Scheduled publishing: a draft merged, or an item unpublished, at a set time, with the access of
 * whoever set it. The clock is moved instead of waiting; `runDueSchedules` runs what the
 * in-process timer would run at that time.
 */
let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

const post = '2024-02-14-hello-world';
const minutes = (n: number) => new Date(service.now() + n * 60_000).toISOString();
const hostPull = async (number: number) =>
  (await service.github.pulls('demo', 'blog')).find((pull) => pull.number === number)!;
const schedules = async () =>
  (await api.get(`${blog}/schedules`, { session: demo })).body.schedules as {
    id: string;
    state: string;
    pull?: number;
    error?: string;
    sha?: string;
  }[];
const advance = async (ms: number) => {
  service.advanceClock(ms);
  await service.runDueSchedules();
};

async function draftPull(title: string) {
  await saveDraft(api, demo, post, { title });
  return (await openPull(api, demo, post, title)).number;
}

describe('scheduling the publish of a draft', () => {
  let number: number;
  let id: string;

  it('sets a schedule for an open draft, listed as pending with who set it', async () => {
    number = await draftPull('Scheduled hello');
    const created = await api.post(
      `${blog}/schedules`,
      { action: 'publish', pull: number, at: minutes(10) },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      action: 'publish',
      pull: number,
      state: 'pending',
      createdBy: 'demo',
    });
    id = created.body.id;
    expect(await schedules()).toEqual([expect.objectContaining({ id, state: 'pending' })]);
  });

  it('refuses a second publish of the same draft, a past or unzoned time, and a pull request that is no draft', async () => {
    const again = await api.post(
      `${blog}/schedules`,
      { action: 'publish', pull: number, at: minutes(20) },
      { session: demo },
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toContain(`schedule ${id}`);
    const past = await api.post(
      `${blog}/schedules`,
      { action: 'publish', pull: number, at: minutes(-1) },
      { session: demo },
    );
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/^at: must be at least 60 seconds from now/);
    const unzoned = await api.post(
      `${blog}/schedules`,
      { action: 'publish', pull: number, at: '2030-01-01T10:00:00' },
      { session: demo },
    );
    expect(unzoned.status).toBe(400);
    expect(unzoned.body.error).toMatch(/^body\.at: expected an ISO date-time with an offset/);
    expect(
      (
        await api.post(
          `${blog}/schedules`,
          { action: 'publish', pull: 9999, at: minutes(5) },
          { session: demo },
        )
      ).status,
    ).toBe(404);
    expect(await schedules()).toHaveLength(1);
  });

  it('does nothing before its time, and is moved to a new one', async () => {
    const moved = await api.put(`${blog}/schedules/${id}`, { at: minutes(30) }, { session: demo });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await advance(11 * 60_000);
    expect((await hostPull(number)).state).toBe('open');
    expect((await schedules())[0]).toMatchObject({ state: 'pending' });
  });

  it("publishes at its time: squash merged with the setter's access, recorded with the commit", async () => {
    await advance(20 * 60_000);
    expect(await hostPull(number)).toMatchObject({ state: 'closed', mergedAt: expect.any(String) });
    expect((await schedules()).find((schedule) => schedule.id === id)).toMatchObject({
      state: 'done',
      sha: revParse(service, 'demo/blog', 'main'),
    });
    // The item's history names the schedule that published it.
    const history = await api.get(`${blog}/content/posts/${post}/history?limit=1`, {
      session: demo,
    });
    expect(history.body.versions[0]).toMatchObject({
      sha: revParse(service, 'demo/blog', 'main'),
      cms: { action: 'Published on schedule', by: 'demo', schedule: id },
      changeRequest: { number },
    });
    const late = await api.put(`${blog}/schedules/${id}`, { at: minutes(60) }, { session: demo });
    expect(late.status).toBe(409);
    expect(late.body.error).toContain('is done');
  });
});

describe('a schedule that does not run', () => {
  it('is cancelled, and the draft stays open', async () => {
    const number = await draftPull('Cancelled hello');
    const created = (
      await api.post(
        `${blog}/schedules`,
        { action: 'publish', pull: number, at: minutes(5) },
        { session: demo },
      )
    ).body;
    const cancelled = await api.delete(`${blog}/schedules/${created.id}`, { session: demo });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id: created.id, state: 'cancelled' });
    await advance(6 * 60_000);
    expect((await hostPull(number)).state).toBe('open');
    await api.delete(`${blog}/pulls/${number}`, { session: demo });
  });

  it('ends when the pull request was closed meanwhile', async () => {
    const number = await draftPull('Closed hello');
    const created = (
      await api.post(
        `${blog}/schedules`,
        { action: 'publish', pull: number, at: minutes(5) },
        { session: demo },
      )
    ).body;
    expect((await api.delete(`${blog}/pulls/${number}`, { session: demo })).status).toBe(200);
    await advance(6 * 60_000);
    expect((await schedules()).find((schedule) => schedule.id === created.id)).toMatchObject({
      state: 'ended',
      error: 'The pull request is closed',
    });
  });

  it('fails when the API token that set it was revoked, with the reason recorded and commented on the pull request', async () => {
    const number = await draftPull('Revoked hello');
    const token = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:publish'],
    });
    const created = await api.post(
      `${blog}/schedules`,
      { action: 'publish', pull: number, at: minutes(5) },
      { token: token.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api.delete(`/api/tokens/${token.tokenId}`, { session: demo })).status).toBe(200);
    await advance(6 * 60_000);
    const failed = (await schedules()).find((schedule) => schedule.id === created.body.id);
    expect(failed).toMatchObject({
      state: 'failed',
      error: 'the API token that set this schedule was revoked or has expired',
    });
    expect((await hostPull(number)).state).toBe('open');
    const comments = (await api.get(`${blog}/pulls/${number}/comments`, { session: demo }))
      .body as { body: string }[];
    expect(comments.at(-1)?.body).toContain(
      'failed: the API token that set this schedule was revoked or has expired',
    );
    await api.delete(`${blog}/pulls/${number}`, { session: demo });
  });
});

describe('scheduling an unpublish', () => {
  const unpublishAt = async (slug: string, mode: 'draft' | 'delete', minutesAway = 5) => {
    const created = await api.post(
      `${blog}/schedules`,
      { action: 'unpublish', collection: 'posts', slug, mode, at: minutes(minutesAway) },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const scheduleOf = async (id: string) =>
    (await schedules()).find((schedule) => schedule.id === id);

  it('sets draft: true on the item at its time, keeping every other byte, recorded with the commit it made', async () => {
    const before = (await api.get(`${blog}/content/posts/${post}`, { session: demo })).body;
    const id = await unpublishAt(post, 'draft');
    await advance(6 * 60_000);
    const after = (await api.get(`${blog}/content/posts/${post}`, { session: demo })).body;
    expect(after.frontmatter).toEqual({ ...before.frontmatter, draft: true });
    expect(after.body).toBe(before.body);
    const head = revParse(service, 'demo/blog', 'main');
    expect(await scheduleOf(id)).toMatchObject({ state: 'done', sha: head });
    expect(revParse(service, 'demo/blog', `main:content/posts/${post}.md`)).toBe(after.sha);
    expect(head).not.toBe(after.sha);
  });

  it('of an item that is already a draft is done without a commit, and names none', async () => {
    const head = revParse(service, 'demo/blog', 'main');
    const id = await unpublishAt(post, 'draft');
    await advance(6 * 60_000);
    const done = await scheduleOf(id);
    expect(done).toMatchObject({ state: 'done' });
    expect(done).not.toHaveProperty('sha');
    expect(revParse(service, 'demo/blog', 'main')).toBe(head);
  });

  it('deletes the item at its time, recorded with the commit that deleted it', async () => {
    const slug = '2024-04-18-static-sites-and-git';
    const id = await unpublishAt(slug, 'delete');
    await advance(6 * 60_000);
    expect((await api.get(`${blog}/content/posts/${slug}`, { session: demo })).status).toBe(404);
    expect(await scheduleOf(id)).toMatchObject({
      state: 'done',
      sha: revParse(service, 'demo/blog', 'main'),
    });
  });

  it('fails, saying where draft: true went, when the default branch takes only pull requests (the item stays published)', async () => {
    const slug = '2024-03-02-writing-in-markdown';
    await onGitHub(service.github, 'demo', 'PUT', '/repos/demo/blog/branches/main/protection', {
      required_status_checks: null,
      enforce_admins: true,
      required_pull_request_reviews: { required_approving_review_count: 1 },
      restrictions: null,
    });
    try {
      const head = revParse(service, 'demo/blog', 'main');
      const id = await unpublishAt(slug, 'draft');
      await advance(6 * 60_000);
      const failed = await scheduleOf(id);
      expect(failed).toMatchObject({
        state: 'failed',
        error: expect.stringContaining(`saved on cms/posts/${slug} instead`),
      });
      expect(failed).not.toHaveProperty('sha');
      expect(revParse(service, 'demo/blog', 'main')).toBe(head);
      expect(
        gitShow(service.github, 'demo/blog', `cms/posts/${slug}:content/posts/${slug}.md`),
      ).toMatch(/^draft: true$/m);
    } finally {
      await onGitHub(service.github, 'demo', 'DELETE', '/repos/demo/blog/branches/main/protection');
    }
  });

  it('refuses an item that does not exist, and deletion for a token without content:delete', async () => {
    expect(
      (
        await api.post(
          `${blog}/schedules`,
          {
            action: 'unpublish',
            collection: 'posts',
            slug: 'nope',
            mode: 'delete',
            at: minutes(5),
          },
          { session: demo },
        )
      ).status,
    ).toBe(404);
    const token = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:publish'],
    });
    const refused = await api.post(
      `${blog}/schedules`,
      { action: 'unpublish', collection: 'posts', slug: post, mode: 'delete', at: minutes(5) },
      { token: token.token },
    );
    expect(refused.status).toBe(403);
  });
});

describe('who may move or cancel a schedule: whoever set it, or an admin of the repository on GitHub', () => {
  const item = '2024-03-02-writing-in-markdown';
  let alice: string;
  const unpublish = (session: string, at = minutes(30)) =>
    api.post(
      `${blog}/schedules`,
      { action: 'unpublish', collection: 'posts', slug: item, mode: 'draft', at },
      { session },
    );
  const listed = async (id: string) =>
    (await schedules()).find((schedule) => schedule.id === id) as
      Record<string, unknown> | undefined;

  beforeAll(async () => {
    alice = await api.signIn('alice');
  });

  it('refuses another write collaborator, by session or by their API token, with a 403 naming who set it, and changes nothing', async () => {
    // Prepare: demo (the owner) sets one; alice has write access
    const created = await unpublish(demo);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, at } = created.body as { id: string; at: string };
    const token = (
      await api.createToken(alice, {
        repos: ['demo/blog'],
        permissions: ['content:read', 'content:publish'],
      })
    ).token;
    const refusal = `Schedule ${id} was set by demo: only they or an admin of demo/blog on GitHub may move or cancel it; you have write`;

    for (const credentials of [{ session: alice }, { token }]) {
      // Act
      const moved = await api.put(`${blog}/schedules/${id}`, { at: minutes(90) }, credentials);
      const cancelled = await api.delete(`${blog}/schedules/${id}`, credentials);

      // Assess
      expect(moved.status).toBe(403);
      expect(moved.body).toEqual({ error: refusal });
      expect(cancelled.status).toBe(403);
      expect(cancelled.body).toEqual({ error: refusal });
    }
    expect(await listed(id)).toMatchObject({ state: 'pending', at, createdBy: 'demo' });
    expect((await api.delete(`${blog}/schedules/${id}`, { session: demo })).status).toBe(200);
  });

  it('lets the setter move their own, through any of their credentials, and an admin move it without taking it over: it runs as its setter', async () => {
    // Prepare
    const created = await unpublish(alice);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body as { id: string };
    const token = (
      await api.createToken(alice, {
        repos: ['demo/blog'],
        permissions: ['content:read', 'content:publish'],
      })
    ).token;

    // Act
    const byToken = await api.put(`${blog}/schedules/${id}`, { at: minutes(20) }, { token });
    const adminsTime = minutes(10);
    service.github.resetRequestCount();
    const byAdmin = await api.put(`${blog}/schedules/${id}`, { at: adminsTime }, { session: demo });
    // The admin flag comes with the repository read that checks write access, as before: one GitHub request.
    const githubRequests = service.github.requestCount();
    await advance(11 * 60_000);

    // Assess
    expect(byToken.status, JSON.stringify(byToken.body)).toBe(200);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body).toMatchObject({ id, at: adminsTime, createdBy: 'alice' });
    expect(githubRequests).toBe(1);
    expect(await listed(id)).toMatchObject({ state: 'done', createdBy: 'alice' });
    const [head = ''] = gitLog(service.github, 'demo/blog');
    expect(head).toMatch(/^[0-9a-f]{40} Alice /);
  });

  it("lets an admin cancel someone else's; the answer still says who set it", async () => {
    const created = await unpublish(alice);
    const cancelled = await api.delete(`${blog}/schedules/${created.body.id}`, { session: demo });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: created.body.id,
      state: 'cancelled',
      createdBy: 'alice',
    });
  });
});

describe('a pending schedule across a restart', () => {
  it('is armed again from the table when the service starts, and runs at its time', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-schedules-'));
    try {
      const first = await startTestService({ dataDir });
      const firstApi = apiClient(first.url);
      const session = await firstApi.signIn('demo');
      expect(
        (await firstApi.post('/api/repos', { fullName: 'demo/blog' }, { session })).status,
      ).toBe(201);
      await saveDraft(firstApi, session, post, { title: 'After a restart' });
      const { number } = await openPull(firstApi, session, post, 'After a restart');
      const at = new Date(first.now() + 5 * 60_000).toISOString();
      expect(
        (
          await firstApi.post(
            `${blog}/schedules`,
            { action: 'publish', pull: number, at },
            { session },
          )
        ).status,
      ).toBe(201);
      await first.stop();

      const second = await startTestService({ dataDir });
      try {
        second.advanceClock(6 * 60_000);
        await second.runDueSchedules();
        expect(
          (await second.github.pulls('demo', 'blog')).find((pull) => pull.number === number),
        ).toMatchObject({ state: 'closed', mergedAt: expect.any(String) });
        const listed = (await apiClient(second.url).get(`${blog}/schedules`, { session })).body
          .schedules;
        expect(listed).toEqual([expect.objectContaining({ pull: number, state: 'done' })]);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
