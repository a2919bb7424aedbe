import { describe, expect, it } from 'vitest';
import { waitForSaveState } from './support/actions';
import { gitLog, gitShow } from './support/git';
import { useEditorSession } from './support/session';

/**
 * An item's history in the editor: the timeline names who changed it and why, a version is
 * compared with the published item field by field, and restored as a new commit whose file is
 * that version's, byte for byte.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const about = 'content/pages/about.md';

describe("an item's history in the editor", () => {
  it('lists the versions, compares one with the published item and restores it', async () => {
    const original = await gitShow(session.gitDir, 'main', about);
    await page().goto(`${session.service.url}/app/r/demo/blog/c/pages/i/about`);
    const title = page().getByRole('textbox', { name: 'Title' });
    await title.waitFor();
    const before = await title.inputValue();
    await title.fill('About us, rewritten');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);

    await page().getByRole('button', { name: 'History' }).click();
    const dialog = page().getByRole('dialog', { name: 'History' });
    const timeline = dialog.getByRole('list', { name: 'Versions, newest first' });
    await timeline.getByRole('button', { name: /Update pages\/about.*demo/ }).waitFor();
    const versions = timeline.getByRole('button');
    expect(await versions.count()).toBeGreaterThanOrEqual(2);

    await versions.nth(1).click();
    const compare = dialog.getByRole('region', { name: 'Compare' });
    await compare.getByText('About us, rewritten').waitFor();
    await compare.getByText(before, { exact: true }).first().waitFor();

    await dialog.getByRole('button', { name: /^Restore the version of/ }).click();
    await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toBe(before);
    expect(await gitShow(session.gitDir, 'main', about)).toBe(original);
    expect((await gitLog(session.gitDir, 'main', 1))[0]).toMatch(
      /^Restore pages\/about to [0-9a-f]{7}$/,
    );

    // The activity page links each change of an item to its history.
    await page().goto(`${session.service.url}/app/r/demo/blog/activity`);
    await page()
      .getByTestId('activity-row')
      .filter({ hasText: 'pages/about' })
      .first()
      .getByRole('link', { name: 'History' })
      .click();
    await page().waitForURL(/\/c\/pages\/i\/about\/history$/);
    await page()
      .getByRole('dialog', { name: 'History' })
      .getByRole('button', { name: /^Restore pages\/about to / })
      .waitFor();
  });

  it('undoes a published change request from its review with a change request of its own', async () => {
    const slug = '2024-05-06-roadmap';
    const api = `${session.service.url}/api/repos/demo%2Fblog`;
    const original = await gitShow(session.gitDir, 'main', `content/posts/${slug}.md`);
    // Published through the API, as an editor would through the review.
    const number = await page().evaluate(
      async ({ api, slug }) => {
        const ask = async (method: string, path: string, body?: unknown) => {
          const response = await fetch(`${api}${path}`, {
            method,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
          return response.json();
        };
        const item = await ask('GET', `/content/posts/${slug}`);
        await ask('PUT', `/content/posts/${slug}`, {
          frontmatter: { ...item.frontmatter, title: 'Roadmap, published then undone' },
          body: item.body,
          sha: item.sha,
          mode: 'branch',
        });
        const opened = await ask('POST', '/pulls', {
          branch: `cms/posts/${slug}`,
          title: 'Retitle the roadmap',
        });
        await ask('PUT', `/pulls/${opened.number}/merge`, {});
        return opened.number as number;
      },
      { api, slug },
    );
    const published = await gitShow(session.gitDir, 'main', `content/posts/${slug}.md`);
    expect(published).toContain('Roadmap, published then undone');

    await page().goto(`${session.service.url}/app/r/demo/blog/reviews/${number}`);
    await page().getByRole('button', { name: 'Undo publish' }).click();
    await page().waitForURL((url) => !url.pathname.endsWith(`/reviews/${number}`));
    await page()
      .getByRole('heading', { name: /Undo "Retitle the roadmap/ })
      .waitFor();
    const undone = await gitShow(session.gitDir, `cms/posts/${slug}`, `content/posts/${slug}.md`);
    expect(undone).toBe(original);
    expect(await gitShow(session.gitDir, 'main', `content/posts/${slug}.md`)).toBe(published);
  });
});
