import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, publishDirect } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * GitHub round trips of the draft workflow, counted by the local host (deterministic, so
 * asserted): first branch save ≤ 4, later ≤ 2, create PR ≤ 2, diff ≤ 3, merge ≤ 4, update ≤ 3,
 * list PRs ≤ 2 with 100 open drafts. Merge and update read the files the draft keeps at its head
 * (one query: GitHub's list of a pull request's files has no modes, and a file turned into a link
 * or made executable is reported as added or modified); the diff does not check the draft.
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
  console.info('GitHub round trips (drafts):', JSON.stringify(measured));
});

async function count<T>(name: string, action: () => Promise<T>): Promise<T> {
  service.github.resetRequestCount();
  const value = await action();
  measured[name] = service.github.requestCount();
  return value;
}

describe('draft workflow round trips', () => {
  const slug = '2024-02-14-hello-world';
  const path = `${blog}/content/posts/${slug}`;
  let number: number;

  it('branch saves: first ≤ 4, later ≤ 2', async () => {
    const item = (await api.get(path, { session: demo })).body;
    const first = await count('first branch save', () =>
      api.put(
        path,
        {
          frontmatter: { ...item.frontmatter, title: 'One' },
          body: item.body,
          sha: item.sha,
          mode: 'branch',
        },
        { session: demo },
      ),
    );
    expect(first.status).toBe(200);
    expect(measured['first branch save']).toBeLessThanOrEqual(4);
    const later = await count('later branch save', () =>
      api.put(
        path,
        {
          frontmatter: { ...item.frontmatter, title: 'Two' },
          body: item.body,
          sha: first.body.sha,
          mode: 'branch',
        },
        { session: demo },
      ),
    );
    expect(later.status).toBe(200);
    expect(measured['later branch save']).toBeLessThanOrEqual(2);
  });

  it('create PR ≤ 2, diff ≤ 3, update ≤ 3, merge ≤ 4', async () => {
    const created = await count('create PR', () =>
      api.post(`${blog}/pulls`, { branch: `cms/posts/${slug}`, title: 'Two' }, { session: demo }),
    );
    expect(created.status).toBe(200);
    number = created.body.number;
    expect(measured['create PR']).toBeLessThanOrEqual(2);
    const diff = await count('diff', () =>
      api.get(`${blog}/pulls/${number}/diff`, { session: demo }),
    );
    expect(diff.body).toHaveLength(1);
    expect(measured.diff).toBeLessThanOrEqual(3);
    await publishDirect(api, demo, '2024-05-06-roadmap', { description: 'Moved on.' });
    const update = await count('update', () =>
      api.put(`${blog}/pulls/${number}/update`, {}, { session: demo }),
    );
    expect(update.body).toEqual({ ok: true });
    expect(measured.update).toBeLessThanOrEqual(3);
    const merge = await count('merge', () =>
      api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo }),
    );
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    expect(measured.merge).toBeLessThanOrEqual(4);
  });

  it('lists 100 open drafts in ≤ 2 round trips, with preview URLs from deployments', async () => {
    const gitDir = service.github.gitDir('demo', 'blog');
    const main = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'main'], {
      encoding: 'utf8',
    }).trim();
    const token = service.github.issueUserToken('demo').access_token;
    for (let n = 0; n < 100; n += 1) {
      const branch = `cms/posts/draft-${n}`;
      execFileSync('git', ['--git-dir', gitDir, 'update-ref', `refs/heads/${branch}`, main]);
      await service.github.commitFiles('demo', 'blog', {
        branch,
        message: `Draft ${n}`,
        author: { name: 'Demo', email: 'demo@example.com' },
        changes: [
          {
            path: `content/posts/draft-${n}.md`,
            content: `---\ntitle: Draft ${n}\ndate: 2025-01-01\n---\n`,
          },
        ],
      });
      const response = await fetch(`${service.github.url}/api/v3/repos/demo/blog/pulls`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Draft ${n}`, head: branch, base: 'main' }),
      });
      expect(response.status).toBe(201);
    }
    await service.github.createDeployment('demo', 'blog', {
      ref: 'cms/posts/draft-7',
      environmentUrl: 'https://draft-7.preview.example',
    });
    const list = await count('list 100 PRs', () => api.get(`${blog}/pulls`, { session: demo }));
    expect(list.body).toHaveLength(100);
    expect(measured['list 100 PRs']).toBeLessThanOrEqual(2);
    expect(list.body.find((pull: { slug: string }) => pull.slug === 'draft-7').previewUrl).toBe(
      'https://draft-7.preview.example',
    );
    expect(
      list.body.find((pull: { slug: string }) => pull.slug === 'draft-8').previewUrl,
    ).toBeNull();
  }, 120_000);
});
