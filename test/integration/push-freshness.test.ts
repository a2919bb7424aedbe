import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshnessWindowSeconds } from '../../shared/freshness/repo-freshness';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

let service: TestService;
let api: ApiClient;
let demo: string;
const list = '/api/repos/demo%2Fblog/content/posts';
const author = { name: 'Someone on GitHub', email: 'someone@example.com' };

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(() => service.stop());

/** A list, with the GitHub requests it made once every push webhook sent so far has been delivered. */
async function listed(session = demo) {
  await service.github.settleWebhooks();
  service.github.resetRequestCount();
  const response = await api.get<{ slug: string; frontmatter: Record<string, unknown> }[]>(list, {
    session,
  });
  expect(response.status).toBe(200);
  return {
    slugs: response.body.map((item) => item.slug),
    items: response.body,
    github: service.github.requestCount(),
  };
}

/** What the webhooks page says of GitHub's push deliveries for the repository. */
const pushes = async () =>
  (await api.get('/api/repos/demo%2Fblog/webhooks', { session: demo })).body.githubPushes as {
    lastDeliveryAt: string | null;
    inUse: boolean;
  };

/** A commit made on GitHub, outside the service (the host sends its push webhook). */
const commitOnGitHub = (path: string, content: string) =>
  service.github.commitFiles('demo', 'blog', {
    branch: 'main',
    message: `Edit ${path}`,
    author,
    changes: [{ path, content }],
  });

const post = (title: string) => `---\ntitle: ${title}\ndate: 2026-11-26\n---\nBody.\n`;

describe('a warm list with push webhooks', () => {
  it('asks GitHub nothing while nothing changed', async () => {
    // The first push webhook (any commit) shows webhooks arrive for the repository.
    await commitOnGitHub('content/posts/first-push.md', post('First push'));
    const cold = await listed();
    expect(cold.slugs).toContain('first-push');
    expect(cold.github).toBeGreaterThan(0);
    const warm = await listed();
    expect(warm.github).toBe(0);
    expect(warm.items).toEqual(cold.items);
    expect((await pushes()).inUse).toBe(true);
  });

  it("shows the service's own save at once, with no webhook for it", async () => {
    // A save through the service forgets the head before it answers: the list shows it even
    // when GitHub's webhook for it has not come (here: it never does).
    const item = (await api.get(`${list}/first-push`, { session: demo })).body;
    service.github.setAppWebhook(null);
    expect(
      (
        await api.put(
          `${list}/first-push`,
          {
            frontmatter: { ...item.frontmatter, title: 'Saved here' },
            body: item.body,
            sha: item.sha,
          },
          { session: demo },
        )
      ).status,
    ).toBe(200);
    const afterSave = await listed();
    expect(afterSave.items.find((entry) => entry.slug === 'first-push')?.frontmatter.title).toBe(
      'Saved here',
    );
    expect(afterSave.github).toBeGreaterThan(0);
    expect((await listed()).github).toBe(0);
    service.github.setAppWebhook({
      url: `${service.url}/api/github/webhook`,
      secret: service.githubWebhookSecret,
    });
  });

  it('shows a commit made on GitHub on the next list, and stays warm after a push elsewhere in the repository', async () => {
    await listed();
    await commitOnGitHub('content/posts/from-github.md', post('From GitHub'));
    const after = await listed();
    expect(after.slugs).toContain('from-github');
    expect(after.github).toBeGreaterThan(0);
    expect((await listed()).github).toBe(0);

    await commitOnGitHub('README.md', '# The blog\n');
    const elsewhere = await listed();
    expect(elsewhere.github).toBe(0);
    expect(elsewhere.slugs).toContain('from-github');
  });

  it('lets a user whose access GitHub has not confirmed lately ask GitHub first', async () => {
    await listed();
    service.advanceClock((freshnessWindowSeconds - 30) * 1000);
    expect((await listed()).github).toBe(0);
    service.advanceClock(60 * 1000);
    expect((await listed()).github).toBeGreaterThan(0);
    expect((await listed()).github).toBe(0);
  });

  it('when webhooks stop, is at most the window behind, then reads GitHub and stops trusting its records until webhooks come back', async () => {
    await listed();
    service.github.setAppWebhook(null);
    await commitOnGitHub('content/posts/unannounced.md', post('Unannounced'));
    // Within the window the list may not know yet: the documented bound.
    expect((await listed()).slugs).not.toContain('unannounced');
    service.advanceClock(freshnessWindowSeconds * 1000 + 1000);
    const revalidated = await listed();
    expect(revalidated.slugs).toContain('unannounced');
    expect(revalidated.github).toBeGreaterThan(0);
    // A push no webhook announced: every list reads GitHub again, and the webhooks page says so.
    expect((await listed()).github).toBeGreaterThan(0);
    expect(await pushes()).toEqual({ lastDeliveryAt: expect.any(String), inUse: false });

    service.github.setAppWebhook({
      url: `${service.url}/api/github/webhook`,
      secret: service.githubWebhookSecret,
    });
    await commitOnGitHub('content/posts/announced.md', post('Announced'));
    expect((await listed()).slugs).toContain('announced');
    expect((await listed()).github).toBe(0);
  });

  it('answers 400 for a collection or repository name that cannot be one, however long: it never becomes a table key', async () => {
    for (const name of ['Not_A_Collection', 'a'.repeat(1100)]) {
      const response = await api.get(`/api/repos/demo%2Fblog/content/${name}`, { session: demo });
      expect(response.status, name.slice(0, 20)).toBe(400);
      expect(response.body.error).toMatch(/^collection: not a valid collection name/);
    }
    for (const repo of [`demo/${'b'.repeat(1100)}`, `${'o'.repeat(3000)}/blog`, 'demo/bl og']) {
      const response = await api.get(`/api/repos/${repo}/content/posts`, { session: demo });
      expect(response.status, repo.slice(0, 20)).toBe(400);
      expect(response.body.error).toMatch(
        /^repo: expected a repository name of the form owner\/name/,
      );
    }
  });

  it('refuses deliveries signed with another secret: they change nothing', async () => {
    await listed();
    service.github.setAppWebhook({
      url: `${service.url}/api/github/webhook`,
      secret: 'not the secret the service knows',
    });
    await commitOnGitHub('README.md', '# Forged?\n');
    await service.github.settleWebhooks();
    expect(service.github.webhookDeliveries().at(-1)).toMatchObject({ event: 'push', status: 401 });
    service.github.setAppWebhook({
      url: `${service.url}/api/github/webhook`,
      secret: service.githubWebhookSecret,
    });
  });
});
