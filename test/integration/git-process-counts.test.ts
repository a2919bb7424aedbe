import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Local mode answers reads as fast as reading the files: the local GitHub host starts no git
 * process for a warm read (one long-lived reader per repository, refs read from files, objects by
 * sha cached), and a save starts only the processes git must run itself. The counts are exact
 * (every git process of the host goes through one function), so they are asserted.
 */

let service: TestService;
let api: ApiClient;
let session: string;
const base = '/api/repos/demo%2Fblog/content';

beforeAll(async () => {
  ({ service, api, session } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

/** Git processes the host started while `act` ran. */
async function processesDuring(act: () => Promise<unknown>): Promise<number> {
  const before = service.github.gitProcessCount();
  await act();
  return service.github.gitProcessCount() - before;
}

describe('git processes per operation in local mode', () => {
  it('starts none for a warm get-one, list or list of drafts', async () => {
    // Prepare: the first reads start the repository's reader and fill the caches.
    expect((await api.get(`${base}/posts`, { session })).status).toBe(200);
    expect((await api.get(`${base}/posts/2024-02-14-hello-world`, { session })).status).toBe(200);
    expect((await api.get('/api/repos/demo%2Fblog/pulls', { session })).status).toBe(200);

    // Act + Assess
    expect(
      await processesDuring(() => api.get(`${base}/posts/2024-02-14-hello-world`, { session })),
    ).toBe(0);
    expect(await processesDuring(() => api.get(`${base}/posts`, { session }))).toBe(0);
    expect(await processesDuring(() => api.get(`${base}/pages/about`, { session }))).toBe(0);
    expect(await processesDuring(() => api.get('/api/repos/demo%2Fblog/pulls', { session }))).toBe(
      0,
    );
  });

  it('sees a commit made behind its back at once (nothing is served stale from the caches)', async () => {
    // Prepare
    const before = await api.get(`${base}/pages/about`, { session });

    // Act: someone pushes straight to the repository.
    await service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Edit elsewhere',
      author: { name: 'Someone', email: 'someone@example.com' },
      changes: [
        {
          path: 'content/pages/about.md',
          content: '---\ntitle: Changed elsewhere\n---\nNew body\n',
        },
      ],
    });

    // Assess
    const after = await api.get(`${base}/pages/about`, { session });
    expect(after.body.sha).not.toBe(before.body.sha);
    expect(after.body.frontmatter.title).toBe('Changed elsewhere');
  });

  it('a direct save starts only what git must run itself', async () => {
    // Prepare
    const item = (await api.get(`${base}/pages/about`, { session })).body;

    // Act
    let status = 0;
    const processes = await processesDuring(async () => {
      status = (
        await api.put(
          `${base}/pages/about`,
          { frontmatter: { ...item.frontmatter, order: 3 }, body: item.body, sha: item.sha },
          { session },
        )
      ).status;
    });

    // Assess
    expect(status).toBe(200);
    expect(processes).toBe(2);
  });
});
