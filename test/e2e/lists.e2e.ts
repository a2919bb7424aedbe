import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/accessibility';
import { gitShow } from './support/git';
import { useEditorSession } from './support/session';

/**
 * The item list reads like the site (titles, real file names, the sort named), a draft's rename,
 * copy and schedule show on its rows and on the item, and Publish on the review asks first.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const author = { name: 'Alice Martin', email: 'alice@example.com' };

/** How far the page is wider than the viewport (0 when nothing scrolls sideways). */
const overflow = () =>
  page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function auditAtPhoneWidths() {
  expect(await seriousViolations(page())).toEqual([]);
  for (const width of [360, 390]) {
    await page().setViewportSize({ width, height: 844 });
    expect(await overflow(), `overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page().setViewportSize({ width: 1440, height: 900 });
}

const rowOf = (text: string) =>
  page().getByRole('list', { name: 'Items' }).getByRole('listitem').filter({ hasText: text });

describe('lists that read like the site', () => {
  it('shows titles, else first headings, else real file names, never encoded slugs, sorted by title without a date and by date with one, the sort named', async () => {
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Pages named as the site names them',
      author,
      changes: [
        { path: 'content/pages/_index.md', content: '---\norder: 0\n---\n\nHome.\n' },
        { path: 'content/pages/Contact-Us.md', content: '---\ntitle: Contact us\n---\n\nHi.\n' },
        {
          path: 'content/pages/faq.md',
          content: '---\norder: 3\n---\n\n# Questions, *answered*\n',
        },
      ],
    });
    await page().goto(`${session.service.url}/app/r/demo/blog/c/pages`);
    const status = page()
      .getByRole('status')
      .filter({ hasText: /items ·/ });
    await status.filter({ hasText: 'sorted by title, A–Z' }).waitFor();
    const list = page().getByRole('list', { name: 'Items' });
    expect(await list.locator('.item-title').allTextContents()).toEqual([
      '_index.md',
      'About',
      'Contact us',
      'Questions, answered',
    ]);
    expect(await list.locator('.item-file').allTextContents()).toEqual([
      '_index.md',
      'about.md',
      'Contact-Us.md',
      'faq.md',
    ]);
    expect(await list.textContent()).not.toMatch(/__5findex|__43ontact/);
    // The encoded slug stays in the address.
    expect(await rowOf('Contact us').getByRole('link').getAttribute('href')).toMatch(
      /\/i\/__43ontact-_55s$/,
    );
    expect(await page().getByLabel('Sort').locator('option').allTextContents()).toEqual([
      'Title, A–Z',
    ]);
    expect(await list.locator('.item-date').count()).toBe(0);
    await auditAtPhoneWidths();

    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts`);
    await status.filter({ hasText: 'sorted by date, newest first' }).waitFor();
    expect(await list.locator('.item-file').first().textContent()).toBe('2024-05-06-roadmap.md');
  });

  it('lists a renamed draft under its own title with the rename on both rows and its schedule on the row and the item; Publish asks first', async () => {
    // Rename a post as a change request, then schedule it on its review.
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/2024-02-14-hello-world`);
    await page().getByLabel('Title').waitFor();
    await page().getByRole('button', { name: 'Rename' }).click();
    const rename = page().getByRole('dialog', { name: /^Rename/ });
    await rename.getByLabel('New slug').fill('hello-again');
    // The new slug exists only on its draft: the editor's first read (main) answers 404, then it loads the draft.
    session.browser.allow(/status of 404/);
    await rename.getByRole('button', { name: 'Rename as a change request' }).click();
    await page().waitForURL(/\/c\/posts\/i\/hello-again$/);
    await page().getByRole('link', { name: 'Open the change request' }).click();
    const zone = await page().evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const day = await page().evaluate(() => {
      const date = new Date(Date.now() + 2 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    });
    await page()
      .getByLabel(/Publish at/)
      .fill(`${day}T09:30`);
    await page().getByRole('button', { name: 'Schedule publish' }).click();
    await page().getByTestId('schedule-pending').waitFor();
    const reviewUrl = page().url();
    const when = new RegExp(`^Publishes .*09:30.*\\(${zone.replace('/', '\\/')}\\)$`);

    // The list: the draft under the item's own title, both rows naming the rename, the schedule.
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts`);
    const renamed = rowOf('Renamed from 2024-02-14-hello-world.md');
    await renamed.waitFor();
    expect(await renamed.locator('.item-title').textContent()).toBe('Hello, world');
    expect(await renamed.locator('.item-file').textContent()).toBe('hello-again.md');
    expect(await renamed.textContent()).not.toContain('Rename “');
    expect(await renamed.getByTestId('scheduled-badge').textContent()).toMatch(when);
    expect(await rowOf('Renaming to hello-again.md').locator('.item-file').textContent()).toBe(
      '2024-02-14-hello-world.md',
    );
    await auditAtPhoneWidths();

    // The item says when it publishes.
    await renamed.getByRole('link').click();
    const note = page().getByTestId('draft-scheduled');
    await note.waitFor();
    expect(await note.textContent()).toMatch(
      new RegExp(`^Scheduled to publish .*09:30.*\\(${zone.replace('/', '\\/')}\\)\\.$`),
    );

    // Publish asks first, naming what goes live where; Cancel leaves the draft as it is.
    await page().goto(reviewUrl);
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    const question = page().getByRole('dialog', {
      name: 'Publish “Hello, world” to main of demo/blog?',
    });
    await question.waitFor();
    expect(await question.textContent()).toMatch(
      /merges change request #\d+ \(“Rename “Hello, world” to hello-again”\) into main: Posts \/ hello-again\.md \(renamed from 2024-02-14-hello-world\.md\) goes live/,
    );
    expect(await question.getByTestId('publish-in-progress').count()).toBe(0);
    expect(await seriousViolations(page())).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await page().getByTestId('review-state').textContent()).not.toBe('Published');
  });

  it('says a copy still in progress is one, lists it as new under its own title, and publishes it once confirmed', async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/2024-05-06-roadmap`);
    await page().getByLabel('Title').waitFor();
    await page().getByRole('button', { name: 'Duplicate' }).click();
    const duplicate = page().getByRole('dialog', { name: /^Duplicate/ });
    await duplicate.getByLabel('Slug of the copy').fill('roadmap-2025');
    session.browser.allow(/status of 404/);
    await duplicate.getByRole('button', { name: /^Duplicate/ }).click();
    await page().waitForURL(/\/c\/posts\/i\/roadmap-2025$/);
    await page().getByTestId('draft-banner').waitFor();

    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts`);
    const copy = rowOf('roadmap-2025.md');
    await copy.getByText('New', { exact: true }).waitFor();
    expect(await copy.locator('.item-title').textContent()).toBe(
      'Roadmap for the second half of 2024',
    );

    await copy.getByRole('link').click();
    await page().getByRole('link', { name: 'Open the change request' }).click();
    await page().getByTestId('in-progress-note').waitFor();
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    const question = page().getByRole('dialog', {
      name: 'Publish “Roadmap for the second half of 2024” to main of demo/blog?',
    });
    expect(await question.getByTestId('publish-in-progress').textContent()).toMatch(
      /^Still in progress/,
    );
    await question.getByRole('button', { name: 'Publish now' }).click();
    await page()
      .getByTestId('review-state')
      .filter({ hasText: 'Published' })
      .waitFor({ timeout: 20_000 });
    expect(await gitShow(session.gitDir, 'main', 'content/posts/roadmap-2025.md')).toContain(
      'Roadmap for the second half of 2024',
    );
  });
});
