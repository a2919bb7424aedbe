import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, onGitHub, openPull, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * A change request's check runs over real HTTP: written on the local host through GitHub's REST
 * API as a CI does (with demo's token: the host lets a user who may push write check runs, and its
 * App has no `checks` permission yet), read back by an editor with the report, each annotation of
 * the item's file placed at the field (or the body) its line falls on, in counted round trips.
 */
const checkRun = async (body: Record<string, unknown>, id?: number) =>
  (await onGitHub(
    service.github,
    'demo',
    id === undefined ? 'POST' : 'PATCH',
    `/repos/demo/blog/check-runs${id === undefined ? '' : `/${id}`}`,
    body,
  )) as { id: number };

let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(() => service?.stop());

const slug = '2024-02-14-hello-world';
const file = `content/posts/${slug}.md`;

describe('GET /pulls/{number}/checks', () => {
  let number: number;
  let headSha: string;

  beforeAll(async () => {
    await saveDraft(api, demo, slug, { title: 'Hello, checks' });
    ({ number } = await openPull(api, demo, slug));
    headSha = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.headSha;
  });

  it('answers each check run with its state, summary and annotations placed on the fields', async () => {
    const queued = await checkRun({ name: 'CMS content', head_sha: headSha, status: 'queued' });
    await checkRun(
      {
        conclusion: 'failure',
        details_url: 'https://cms.example/checks/1',
        output: {
          title: '2 errors',
          summary: `${file}: 2 errors`,
          annotations: [
            // Line 6 is the second value of `tags:` (line 5); line 11 the body's first paragraph.
            {
              path: file,
              start_line: 6,
              end_line: 6,
              annotation_level: 'failure',
              message: 'tags[0]: not an option',
            },
            {
              path: file,
              start_line: 11,
              end_line: 11,
              annotation_level: 'warning',
              message: 'A link goes nowhere',
            },
            {
              path: 'README.md',
              start_line: 1,
              end_line: 1,
              annotation_level: 'notice',
              message: 'Not content',
            },
          ],
        },
      },
      queued.id,
    );
    await checkRun({ name: 'build', head_sha: headSha, status: 'in_progress' });

    service.github.resetRequestCount();
    const answer = await api.get(`${blog}/pulls/${number}/checks`, { session: demo });
    // The pull request with the config, the runs, the one run's annotations, the item's text.
    expect(service.github.requestCount()).toBe(4);
    expect(answer.status).toBe(200);
    expect(answer.body.headSha).toBe(headSha);
    const byName = Object.fromEntries(
      (answer.body.checkRuns as { name: string }[]).map((run) => [run.name, run]),
    );
    expect(byName['build']).toMatchObject({
      state: 'in_progress',
      title: null,
      summary: null,
      annotationsCount: 0,
      annotations: [],
    });
    expect(byName['CMS content']).toEqual({
      id: queued.id,
      name: 'CMS content',
      state: 'failure',
      title: '2 errors',
      summary: `${file}: 2 errors`,
      url: 'https://cms.example/checks/1',
      annotationsCount: 3,
      annotations: [
        {
          path: file,
          startLine: 6,
          endLine: 6,
          level: 'failure',
          message: 'tags[0]: not an option',
          title: null,
          collection: 'posts',
          slug,
          field: 'tags',
        },
        {
          path: file,
          startLine: 11,
          endLine: 11,
          level: 'warning',
          message: 'A link goes nowhere',
          title: null,
          collection: 'posts',
          slug,
          inBody: true,
        },
        {
          path: 'README.md',
          startLine: 1,
          endLine: 1,
          level: 'notice',
          message: 'Not content',
          title: null,
        },
      ],
    });
  });

  it('costs two round trips when no run has annotations', async () => {
    await saveDraft(api, demo, '2024-03-02-writing-in-markdown', { title: 'Tips, checked' });
    const other = await openPull(api, demo, '2024-03-02-writing-in-markdown');
    service.github.resetRequestCount();
    const answer = await api.get(`${blog}/pulls/${other.number}/checks`, { session: demo });
    expect(service.github.requestCount()).toBe(2);
    expect(answer.body.checkRuns).toEqual([]);
  });

  it('answers 404 for a pull request that is not a CMS draft', async () => {
    const answer = await api.get(`${blog}/pulls/999/checks`, { session: demo });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/999/);
  });
});
