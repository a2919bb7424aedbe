import { describe, expect, it } from 'vitest';
import { useEditorSession } from './support/session';
import { gitLog, gitShow } from './support/git';
import { screenshot } from './support/screenshots';

/**
 * Rename, duplicate and delete several items from the editor: a rename in a reviewed collection
 * goes to a draft whose review shows it as one rename; a duplicate in a direct collection is one
 * commit of the same bytes; two posts are deleted with one draft and published.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const exists = async (ref: string, file: string) =>
  gitShow(session.gitDir, ref, file).then(
    () => true,
    () => false,
  );

describe('moving, copying and deleting items', () => {
  it('renames a post (a reviewed collection) through a draft; the review shows one rename', async () => {
    const before = await gitShow(
      session.gitDir,
      'main',
      'content/posts/2024-04-18-static-sites-and-git.md',
    );
    await page().goto(
      `${session.service.url}/app/r/demo/blog/c/posts/i/2024-04-18-static-sites-and-git`,
    );
    await page().getByLabel('Title').waitFor();
    await page().getByRole('button', { name: 'Rename' }).click();
    const dialog = page().getByRole('dialog', { name: /^Rename/ });
    const slug = dialog.getByLabel('New slug');
    await slug.fill('Static Sites');
    await slug.blur();
    await dialog.getByText('Slug must be lowercase.').waitFor();
    await slug.fill('static-sites-and-git');
    await screenshot(page(), '30-rename-dialog');
    // The new slug exists only on its draft: the editor's first read (main) answers 404, then it loads the draft.
    session.browser.allow(/status of 404/);
    await dialog.getByRole('button', { name: 'Rename as a change request' }).click();
    await page().waitForURL(/\/c\/posts\/i\/static-sites-and-git$/);
    await page().getByTestId('draft-banner').waitFor();
    await page().getByRole('link', { name: 'Open the change request' }).click();
    const entry = page().locator('article.diff-item').filter({ hasText: 'static-sites-and-git' });
    await entry.getByText('Renamed').waitFor();
    await entry.getByText('from 2024-04-18-static-sites-and-git').waitFor();
    expect(await page().locator('article.diff-item').count()).toBe(1);
    await page()
      .getByTestId('review-state')
      .filter({ hasText: /Ready to publish|Checking/ })
      .waitFor();
    await screenshot(page(), '31-rename-review');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page()
      .getByTestId('review-outcome')
      .filter({ hasText: 'Published' })
      .waitFor({ timeout: 20_000 });
    expect(await gitShow(session.gitDir, 'main', 'content/posts/static-sites-and-git.md')).toBe(
      before,
    );
    expect(await exists('main', 'content/posts/2024-04-18-static-sites-and-git.md')).toBe(false);
  });

  it('duplicates a page (a direct collection) with one commit of the same bytes, and opens the copy', async () => {
    const before = await gitShow(session.gitDir, 'main', 'content/pages/about.md');
    await page().goto(`${session.service.url}/app/r/demo/blog/c/pages/i/about`);
    await page().getByLabel('Title').waitFor();
    await page().getByRole('button', { name: 'Duplicate' }).click();
    const dialog = page().getByRole('dialog', { name: /^Duplicate/ });
    await dialog.getByLabel('Slug of the copy').waitFor();
    expect(await dialog.getByLabel('Slug of the copy').inputValue()).toBe('about-copy');
    await screenshot(page(), '32-duplicate-dialog');
    await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await page().waitForURL(/\/c\/pages\/i\/about-copy$/);
    await page().getByLabel('Title').waitFor();
    expect(await gitShow(session.gitDir, 'main', 'content/pages/about-copy.md')).toBe(before);
    expect((await gitLog(session.gitDir, 'main', 1))[0]).toMatch(
      /^Duplicate pages\/about as pages\/about-copy$/,
    );
  });

  it('deletes two selected posts with one draft and publishes it', async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts`);
    await page()
      .getByRole('link', { name: /Hello, world/ })
      .waitFor();
    const selectAll = page().getByRole('checkbox', { name: 'Select all' });
    await selectAll.check();
    await page()
      .getByRole('status')
      .filter({ hasText: /\d+ selected/ })
      .waitFor();
    await selectAll.uncheck();
    // By keyboard: focus a row's box and press Space.
    await page()
      .getByRole('checkbox', { name: /Select Hello, world/ })
      .focus();
    await page().keyboard.press('Space');
    await page()
      .getByRole('checkbox', { name: /Select Writing in Markdown/i })
      .check();
    await page().getByRole('status').filter({ hasText: '2 selected' }).waitFor();
    await screenshot(page(), '33-items-selected');
    await page().getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page().getByRole('dialog', { name: 'Delete 2 items?' });
    await dialog.getByRole('list', { name: 'Items to delete' }).waitFor();
    expect(
      await dialog.getByRole('list', { name: 'Items to delete' }).getByRole('listitem').count(),
    ).toBe(2);
    await screenshot(page(), '34-bulk-delete-dialog');
    await dialog.getByRole('button', { name: 'Request deletion' }).click();
    await page().waitForURL(/\/reviews\/\d+$/);
    await page().locator('article.diff-item').nth(1).waitFor();
    expect(
      await page().locator('article.diff-item .diff-item-title .badge').allTextContents(),
    ).toEqual(['Deleted', 'Deleted']);
    await page()
      .getByTestId('review-state')
      .filter({ hasText: /Ready to publish|Checking/ })
      .waitFor();
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page()
      .getByTestId('review-outcome')
      .filter({ hasText: 'Published' })
      .waitFor({ timeout: 20_000 });
    expect(await exists('main', 'content/posts/2024-02-14-hello-world.md')).toBe(false);
    expect(await exists('main', 'content/posts/2024-03-02-writing-in-markdown.md')).toBe(false);
    expect(await exists('main', 'content/posts/2024-05-06-roadmap.md')).toBe(true);
  });
});
