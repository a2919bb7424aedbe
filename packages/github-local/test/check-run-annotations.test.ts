import { describe, expect, it } from 'vitest';
import { expectGitHubResponse } from './support/github-openapi';
import { freshRepo, headOf } from './collaboration-helpers';
import { useSignedInHost } from './helpers';

const RUN = '/repos/{owner}/{repo}/check-runs/{check_run_id}';
const ANNOTATIONS = '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations';

const annotation = (line: number, message: string) => ({
  path: 'posts/a.md',
  start_line: line,
  end_line: line,
  annotation_level: 'failure',
  message,
  title: 'cms check (field)',
});

describe('check run annotations', () => {
  const host = useSignedInHost();
  const { call } = host;

  it("are added by each create and update, counted on the run and listed in GitHub's shapes", async () => {
    await freshRepo(host.gh, 'annotated-site', { 'posts/a.md': '---\ntitle: 1\n---\n' });
    const sha = await headOf(host.gh, 'demo', 'annotated-site', 'main');
    const created = await call('/repos/demo/annotated-site/check-runs', {
      method: 'POST',
      body: {
        name: 'cms check',
        head_sha: sha,
        status: 'in_progress',
        output: {
          title: 'Checking',
          summary: '1 file',
          annotations: [annotation(2, 'title: expected a string')],
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.output.annotations_count).toBe(1);
    const updated = await call(`/repos/demo/annotated-site/check-runs/${created.body.id}`, {
      method: 'PATCH',
      body: {
        conclusion: 'failure',
        output: {
          title: '2 errors',
          summary: '1 file',
          annotations: [annotation(1, 'date: required')],
        },
      },
    });
    expectGitHubResponse('PATCH', RUN, 200, updated.body);
    expect(updated.body.output.annotations_count).toBe(2);
    const listed = await call(
      `/repos/demo/annotated-site/check-runs/${created.body.id}/annotations`,
    );
    expect(listed.status).toBe(200);
    expectGitHubResponse('GET', ANNOTATIONS, 200, listed.body);
    expect(listed.body).toEqual([
      {
        path: 'posts/a.md',
        start_line: 2,
        end_line: 2,
        start_column: null,
        end_column: null,
        annotation_level: 'failure',
        title: 'cms check (field)',
        message: 'title: expected a string',
        raw_details: null,
        blob_href: `${host.gh.url}/demo/annotated-site/blob/${sha}/posts/a.md`,
      },
      expect.objectContaining({ start_line: 1, message: 'date: required' }),
    ]);
  });

  it('refuses more than 50 in one request, or one without a line, and keeps the run as it was', async () => {
    await freshRepo(host.gh, 'many-site', { 'posts/a.md': 'a\n' });
    const sha = await headOf(host.gh, 'demo', 'many-site', 'main');
    const created = await call('/repos/demo/many-site/check-runs', {
      method: 'POST',
      body: { name: 'cms check', head_sha: sha },
    });
    const tooMany = await call(`/repos/demo/many-site/check-runs/${created.body.id}`, {
      method: 'PATCH',
      body: {
        output: {
          title: 'x',
          summary: 'x',
          annotations: Array.from({ length: 51 }, (_, i) => annotation(i + 1, 'x')),
        },
      },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(
      'Invalid request.\n\nOnly 50 annotations are allowed per request.',
    );
    const noLine = await call(`/repos/demo/many-site/check-runs/${created.body.id}`, {
      method: 'PATCH',
      body: {
        output: {
          title: 'x',
          summary: 'x',
          annotations: [{ ...annotation(1, 'x'), start_line: 0 }],
        },
      },
    });
    expect(noLine.status).toBe(422);
    const listed = await call(`/repos/demo/many-site/check-runs/${created.body.id}/annotations`);
    expect(listed.body).toEqual([]);
  });
});
