import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { blog, onGitHub, openPull, pushFiles, saveDraft } from '../support/drafts';
import { seriousViolations } from './support/accessibility';
import { useEditorSession } from './support/session';

/**
 * Content checks in the editor: a change request's review shows a check run's result beside the
 * other checks, with its annotations named by field and a way to the field in the diff; an item
 * that fails the field checks on the default branch is marked in its collection's list, with the
 * reason, and "Failing checks" shows such items alone.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const slug = '2024-02-14-hello-world';
const file = `content/posts/${slug}.md`;

/**
 * A check run written on the local host through GitHub's REST API, as the service's App will (the
 * host lets a user who may push write check runs; its App has no `checks` permission yet).
 */
const checkRun = async (body: Record<string, unknown>, id?: number) =>
  (await onGitHub(
    session.service.github,
    'demo',
    id === undefined ? 'POST' : 'PATCH',
    `/repos/demo/blog/check-runs${id === undefined ? '' : `/${id}`}`,
    body,
  )) as { id: number };

describe('content checks in the review', () => {
  it("shows the check run's state, summary and annotations, and goes to the field a line is on", async () => {
    // Prepare: a draft of a post with its change request, and a check run queued on its head.
    const api = apiClient(session.service.url);
    const demo = await api.signIn('demo');
    await saveDraft(api, demo, slug, { title: 'Hello, checked world' });
    const { number } = await openPull(api, demo, slug);
    const { headSha } = (await api.get(`${blog}/pulls/${number}`, { session: demo })).body;
    const run = await checkRun({ name: 'CMS content', head_sha: headSha, status: 'queued' });

    // Act: the review page while the run is queued.
    await page().goto(`${session.service.url}/app/r/demo/blog/reviews/${number}`);
    const shown = page().getByTestId('check-run-CMS content');
    await shown.and(page().locator('[data-state="queued"]')).waitFor();
    expect(await shown.textContent()).toContain('queued');

    // Act: the run completes with a failure and an annotation on `tags` (line 6 of the file);
    // the page reads the runs again while one is queued.
    await checkRun(
      {
        conclusion: 'failure',
        output: {
          title: '1 error',
          summary: `${file}: 1 error`,
          annotations: [
            {
              path: file,
              start_line: 6,
              end_line: 6,
              annotation_level: 'failure',
              message: 'tags[0]: is not one of the options',
            },
          ],
        },
      },
      run.id,
    );
    await shown.and(page().locator('[data-state="failure"]')).waitFor();

    // Assess: the state, title, summary and the annotation naming the field by its label.
    const text = (await shown.textContent()) ?? '';
    expect(text).toContain('failure');
    expect(text).toContain('1 error');
    expect(text).toContain(`${file}: 1 error`);
    const annotation = shown.getByTestId('check-annotation');
    expect(await annotation.getAttribute('data-field')).toBe('tags');
    expect(await annotation.textContent()).toMatch(
      /failure.*line 6.*field Tags.*tags\[0\]: is not one of the options/,
    );
    // The reviewer goes to the field's row of the field-by-field diff.
    await annotation.getByRole('button', { name: 'Show field Tags in the changes' }).click();
    expect(
      await page().evaluate(() => document.activeElement?.getAttribute('data-field') ?? null),
    ).toBe('tags');
    expect(await seriousViolations(page())).toEqual([]);
  });

  it('marks an item that fails the checks in the list, with the reason, and filters by it', async () => {
    // Prepare: a post pushed to main with a category that is not an option and no date.
    await pushFiles(session.service, 'demo/blog', 'main', {
      'content/posts/2024-06-01-unchecked.md':
        '---\ntitle: Unchecked\ncategory: gossip\n---\nText.\n',
    });

    // Act
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts`);
    const rows = page().getByRole('list', { name: 'Items' }).getByRole('listitem');
    const row = rows.filter({ hasText: 'Unchecked' });
    const badge = row.getByTestId('problems-badge');
    await badge.waitFor();

    // Assess: the mark says how many problems and, as its title and to a screen reader, the first.
    expect(await badge.textContent()).toMatch(/^Fails checks \(2\): frontmatter\.\w+: /);
    expect(await badge.getAttribute('title')).toMatch(/^frontmatter\.\w+: /);
    const sound = rows.filter({ hasText: 'Static sites, git' });
    expect(await sound.getByTestId('problems-badge').count()).toBe(0);

    // Act: show only the items failing the checks.
    await page().getByLabel('Show').selectOption('problems');
    await sound.waitFor({ state: 'detached' });
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('Unchecked')]);
    expect(await seriousViolations(page())).toEqual([]);
  });
});
