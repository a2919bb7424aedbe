import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectionPresence,
  PresenceBeatResult,
} from '../../shared/presence/presence-schemas';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService, type SignedIn } from '../support/signed-in';

/** Presence over real HTTP: who else has an item open, whether its file moved on, and what it costs. */
let fixture: SignedIn<'demo' | 'alice'>;
let service: TestService;
let api: ApiClient;
let demo: string;
let alice: string;
const repo = 'demo%2Fblog';
const posts = `/api/repos/${repo}/content/posts`;
const presence = `/api/repos/${repo}/presence/posts`;
const author = { name: 'Demo', email: 'demo@example.com' };

beforeAll(async () => {
  fixture = await signedInService({ users: ['demo', 'alice'] });
  ({ service, api } = fixture);
  ({ demo, alice } = fixture.sessions);
  // A first push webhook shows the service that webhooks arrive for the repository.
  await service.github.commitFiles('demo', 'blog', {
    branch: 'main',
    message: 'Add a post',
    author,
    changes: [
      {
        path: 'content/posts/shared-post.md',
        content: '---\ntitle: Shared post\ndate: 2026-11-26\n---\nBody.\n',
      },
    ],
  });
});
afterAll(async () => {
  await fixture?.close();
});

const read = async (slug: string) =>
  (
    await api.get<{ sha: string; frontmatter: object; body: string }>(`${posts}/${slug}`, {
      session: demo,
    })
  ).body;

async function beat(session: string, slug: string, sha: string, branch?: string) {
  const response = await api.put<PresenceBeatResult>(
    `${presence}/${slug}`,
    { sha, ...(branch && { branch }) },
    { session },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe('two people with the same item open', () => {
  it('each sees the other, with when they opened it; the first opening is kept across heartbeats', async () => {
    // Prepare
    const { sha } = await read('shared-post');
    const first = await beat(demo, 'shared-post', sha);
    service.advanceClock(20_000);

    // Act
    const fromAlice = await beat(alice, 'shared-post', sha);
    service.advanceClock(30_000);
    const fromDemo = await beat(demo, 'shared-post', sha);

    // Assess
    expect(first.others).toEqual([]);
    expect(first.heartbeatSeconds).toBe(30);
    expect(fromAlice.others).toEqual([
      expect.objectContaining({ login: 'demo', sha, openedAt: expect.any(String) }),
    ]);
    expect(fromDemo.others.map((other) => other.login)).toEqual(['alice']);
    const demoSeenByAlice = fromAlice.others[0]!;
    const aliceSeenByDemo = fromDemo.others[0]!;
    // The clock advanced 20 s between the two openings (and real time a little more).
    expect(
      Date.parse(aliceSeenByDemo.openedAt) - Date.parse(demoSeenByAlice.openedAt),
    ).toBeGreaterThanOrEqual(20_000);
    const again = await beat(alice, 'shared-post', sha);
    expect(again.others[0]!.openedAt).toBe(demoSeenByAlice.openedAt);
    expect(Date.parse(again.others[0]!.seenAt)).toBeGreaterThan(Date.parse(demoSeenByAlice.seenAt));
    expect(fromDemo.file).toEqual({ status: 'unchanged', sha });
  });

  it("the collection's presence lists who has which item open, never the caller", async () => {
    // Act
    const seenByDemo = await api.get<CollectionPresence>(presence, { session: demo });
    const seenByAlice = await api.get<CollectionPresence>(presence, { session: alice });

    // Assess
    expect(seenByDemo.status).toBe(200);
    expect(seenByDemo.body.editors).toEqual([
      expect.objectContaining({ slug: 'shared-post', login: 'alice' }),
    ]);
    expect(seenByAlice.body.editors).toEqual([
      expect.objectContaining({ slug: 'shared-post', login: 'demo' }),
    ]);
  });

  it('after the other side saved, a heartbeat from the old version says the file changed and gives the new version', async () => {
    // Prepare: both have the post open at the same version; demo saves.
    const item = await read('shared-post');
    await beat(alice, 'shared-post', item.sha);
    const saved = await api.put<{ sha: string }>(
      `${posts}/shared-post`,
      {
        frontmatter: { ...item.frontmatter, title: 'Saved by demo' },
        body: item.body,
        sha: item.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    await beat(demo, 'shared-post', saved.body.sha);

    // Act
    const fromAlice = await beat(alice, 'shared-post', item.sha);

    // Assess
    expect(fromAlice.file).toEqual({ status: 'changed', sha: saved.body.sha });
    expect(fromAlice.others).toEqual([
      expect.objectContaining({ login: 'demo', sha: saved.body.sha }),
    ]);
  });

  it('a heartbeat on a draft branch does not compare with the default branch', async () => {
    const { sha } = await read('shared-post');
    const onDraft = await beat(alice, 'shared-post', sha, 'cms/posts/shared-post');
    expect(onDraft.file).toEqual({ status: 'unknown', sha: null });
  });
});

describe('presence expires and ends', () => {
  it('someone whose heartbeats stopped is no longer listed after 90 seconds', async () => {
    // Prepare
    const { sha } = await read('shared-post');
    await beat(alice, 'shared-post', sha);
    await beat(demo, 'shared-post', sha);
    service.advanceClock(60_000);
    expect((await beat(demo, 'shared-post', sha)).others.map((o) => o.login)).toEqual(['alice']);

    // Act: alice's tab stays hidden (no heartbeat) past the 90 seconds of her last one.
    service.advanceClock(31_000);
    const later = await beat(demo, 'shared-post', sha);

    // Assess
    expect(later.others).toEqual([]);
    expect((await api.get<CollectionPresence>(presence, { session: demo })).body.editors).toEqual(
      [],
    );
  });

  it('leaving removes the caller at once', async () => {
    // Prepare
    const { sha } = await read('shared-post');
    await beat(alice, 'shared-post', sha);

    // Act
    const left = await api.delete(`${presence}/shared-post`, { session: alice });

    // Assess
    expect(left.status).toBe(200);
    expect((await beat(demo, 'shared-post', sha)).others).toEqual([]);
  });
});

describe('who may see presence', () => {
  it('someone GitHub does not let read the repository gets a 404 and is never listed', async () => {
    // Prepare
    const bob = await api.signIn('bob');
    const { sha } = await read('shared-post');

    // Act
    const beaten = await api.put(`${presence}/shared-post`, { sha }, { session: bob });
    const listed = await api.get(presence, { session: bob });

    // Assess
    expect(beaten.status).toBe(404);
    expect(listed.status).toBe(404);
    const seen = await api.get<CollectionPresence>(presence, { session: demo });
    expect(seen.body.editors.map((editor) => editor.login)).not.toContain('bob');
  });

  it('refuses a sha that is no git object id with a 400 naming it, and records nothing', async () => {
    const response = await api.put(`${presence}/shared-post`, { sha: 'abc' }, { session: alice });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^body\.sha: /);
    expect((await api.get<CollectionPresence>(presence, { session: demo })).body.editors).toEqual(
      [],
    );
  });
});

describe('what a heartbeat costs', () => {
  it('with push webhooks, no GitHub request and three DynamoDB requests; nothing in the activity log', async () => {
    // Prepare: a warm list, as the editor had before opening the item.
    const { sha } = await read('shared-post');
    await beat(demo, 'shared-post', sha);
    await service.github.settleWebhooks();
    service.github.resetRequestCount();
    service.dynamo.resetRequestCount();

    // Act
    await beat(demo, 'shared-post', sha);

    // Assess: the credential with the list's records (BatchGetItem), the item's presence (Query), the heartbeat (PutItem).
    expect(service.github.requestCount()).toBe(0);
    expect(service.dynamo.requestCount()).toBe(3);
    const activity = await api.get<{ records: { action: string }[] }>(
      `/api/repos/${repo}/activity?limit=100`,
      { session: demo },
    );
    expect(activity.body.records.map((record) => record.action)).not.toContain('beatPresence');
  });
});
