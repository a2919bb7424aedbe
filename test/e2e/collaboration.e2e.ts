import { describe, expect, it } from 'vitest';
import { appendToBody, waitForSaveState } from './support/actions';
import { useEditorSession } from './support/session';
import { gitShow } from './support/git';
import { screenshot } from './support/screenshots';

/**
 * When others change things too: a save that meets a newer version, a draft whose item changed on
 * main (update refused, force rebase), and a collection of 1,000 items.
 */
const session = useEditorSession();
const author = { name: 'Alice Martin', email: 'alice@example.com' };
const page = () => session.browser.page;

/** Someone else rewrites a line of a file on main, as a push from outside the editor would. */
async function pushToMain(file: string, from: RegExp, to: string): Promise<void> {
  const content = await gitShow(session.gitDir, 'main', file);
  expect(content).toMatch(from);
  await session.service.github.commitFiles('demo', 'blog', {
    branch: 'main',
    message: 'Edited elsewhere',
    author,
    changes: [{ path: file, content: content.replace(from, to) }],
  });
}

describe('editing while others edit', () => {
  it('shows what changed remotely when a save meets a newer version, and loads it', async () => {
    const file = 'content/posts/2024-03-02-writing-in-markdown.md';
    await page().goto(
      `${session.service.url}/app/r/demo/blog/c/posts/i/2024-03-02-writing-in-markdown`,
    );
    await page().getByLabel('Title').waitFor();
    await pushToMain(
      file,
      /^description: .*$/m,
      "description: 'Changed by Alice while you were typing.'",
    );
    await appendToBody(page(), '\nMy addition.\n');
    session.browser.allow(/status of 409/);
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'This item was changed by someone else' });
    await dialog.getByRole('row', { name: /Description/ }).waitFor();
    expect(await dialog.getByRole('row', { name: /Description/ }).textContent()).toContain(
      'Changed by Alice while you were typing.',
    );
    expect(await page().getByTestId('save-state').textContent()).toContain('Conflict');
    await screenshot(page(), '20-conflict-dialog');
    await dialog.getByRole('button', { name: 'Copy my text' }).click();
    await dialog.getByText('Your body text is on the clipboard.').waitFor();
    expect(await page().evaluate(() => navigator.clipboard.readText())).toContain('My addition.');
    await dialog.getByRole('button', { name: 'Load their version' }).click();
    expect(await page().getByLabel('Description').inputValue()).toBe(
      'Changed by Alice while you were typing.',
    );
    await waitForSaveState(page(), /No changes/);
  });

  it('merges a title changed here with a body line changed elsewhere, showing the result before saving', async () => {
    const file = 'content/posts/2024-04-18-static-sites-and-git.md';
    await page().goto(
      `${session.service.url}/app/r/demo/blog/c/posts/i/2024-04-18-static-sites-and-git`,
    );
    await page().getByLabel('Title').waitFor();
    await pushToMain(file, /^## History for free$/m, '## History, for free');
    await page().getByLabel('Title').fill('Static sites and git, merged');
    session.browser.allow(/status of 409/);
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'This item was changed by someone else' });
    const result = dialog.getByTestId('merge-result');
    await result.waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(0);
    expect(await result.getByRole('row', { name: /Title/ }).textContent()).toContain(
      'Static sites and git, merged',
    );
    expect(await result.getByLabel('Merged body').textContent()).toContain('## History, for free');
    await screenshot(page(), '20b-conflict-merged');
    await dialog.getByRole('button', { name: 'Use the merged version' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page().getByLabel('Title').inputValue()).toBe('Static sites and git, merged');
    expect(await page().locator('.cm-content').textContent()).toContain('## History, for free');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);
    const published = await gitShow(session.gitDir, 'main', file);
    expect(published).toMatch(/^title: ['"]?Static sites and git, merged['"]?$/m);
    expect(published).toContain('## History, for free');
  });

  it('asks side by side, per field and per body hunk, for what both changed', async () => {
    const file = 'content/posts/2024-04-18-static-sites-and-git.md';
    await page().goto(
      `${session.service.url}/app/r/demo/blog/c/posts/i/2024-04-18-static-sites-and-git`,
    );
    await page().getByLabel('Title').waitFor();
    const content = await gitShow(session.gitDir, 'main', file);
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Edited elsewhere',
      author,
      changes: [
        {
          path: file,
          content: content
            .replace(/^title: .*$/m, 'title: "Their title"')
            .replace('## History, for free', '## History, theirs'),
        },
      ],
    });
    await page().getByLabel('Title').fill('My title');
    await page().getByText('## History, for free').click();
    await page().keyboard.press('End');
    await page().keyboard.insertText(', mine');
    session.browser.allow(/status of 409/);
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'This item was changed by someone else' });
    const title = dialog.getByRole('group', { name: 'Title' });
    await title.waitFor();
    const hunk = dialog.getByRole('group', { name: /^Body, from line \d+$/ });
    expect(await hunk.getByText('## History, for free, mine').count()).toBe(1);
    expect(await hunk.getByText('## History, theirs').count()).toBe(1);
    const apply = dialog.getByRole('button', { name: 'Use the merged version' });
    expect(await apply.isDisabled()).toBe(true);
    await title.getByRole('radio', { name: /Keep theirs/ }).check();
    await hunk.getByRole('radio', { name: /Keep yours/ }).check();
    await screenshot(page(), '20c-conflict-choices');
    await apply.click();
    expect(await page().getByLabel('Title').inputValue()).toBe('Their title');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);
    const published = await gitShow(session.gitDir, 'main', file);
    expect(published).toMatch(/^title: ['"]?Their title['"]?$/m);
    expect(published).toContain('## History, for free, mine');
    expect(published).not.toContain('## History, theirs');
  });

  it('offers force rebase when updating a draft meets conflicting edits on main, and explains it', async () => {
    const file = 'content/posts/2024-05-06-roadmap.md';
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/2024-05-06-roadmap`);
    await page().getByLabel('Title').fill('Roadmap: the draft’s title');
    await page().getByRole('button', { name: 'Save as change request' }).click();
    await waitForSaveState(page(), /Change request #\d+ saved/);
    await pushToMain(file, /^title: .*$/m, 'title: "Roadmap: main’s title"');

    await page().getByRole('link', { name: 'Open the change request' }).click();
    session.browser.allow(/status of 409/);
    await page().getByRole('button', { name: 'Update from main' }).click();
    await page().getByTestId('review-outcome').filter({ hasText: 'In conflict: Title' }).waitFor();
    await page().getByRole('button', { name: 'Force rebase…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Force rebase this change request?' });
    expect(await dialog.textContent()).toMatch(
      /replaced by the draft’s version.*\(Title\)|\(Title\).*replaced/s,
    );
    await screenshot(page(), '21-force-rebase');
    await dialog.getByRole('button', { name: 'Force rebase' }).click();
    await page()
      .getByTestId('review-outcome')
      .filter({ hasText: 'Rebased' })
      .waitFor({ timeout: 20_000 });
    // Saved as a draft, it is still In progress: publishing marks it ready for review on the way.
    await page()
      .getByTestId('review-state')
      .filter({ hasText: 'In progress' })
      .waitFor({ timeout: 20_000 });
    await page().getByText('Conflicts with main').waitFor({ state: 'detached', timeout: 20_000 });
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page()
      .getByTestId('review-state')
      .filter({ hasText: 'Published' })
      .waitFor({ timeout: 20_000 });
    expect(await gitShow(session.gitDir, 'main', file)).toMatch(
      /^title: ['"]?Roadmap: the draft’s title['"]?$/m,
    );
  });

  it('publishes an item that has a draft in review by saving the draft and merging it', async () => {
    const file = 'content/posts/2024-02-14-hello-world.md';
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/2024-02-14-hello-world`);
    await page().getByLabel('Title').fill('Hello, drafts');
    await page().getByRole('button', { name: 'Save as change request' }).click();
    await waitForSaveState(page(), /Change request #\d+ saved/);
    await page().reload();
    await page().getByTestId('draft-banner').waitFor();
    expect(await page().getByLabel('Title').inputValue()).toBe('Hello, drafts');
    await appendToBody(page(), '\nAdded just before publishing.\n');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    // Publishing merges the change request: the editor asks first, as the review page does.
    const question = page().getByRole('dialog', {
      name: 'Publish “Hello, drafts” to main of demo/blog?',
    });
    expect(await question.textContent()).toContain('This merges change request #');
    await question.getByRole('button', { name: 'Publish now' }).click();
    await waitForSaveState(page(), /^Published$/);
    expect(await page().getByTestId('draft-banner').count()).toBe(0);
    const published = await gitShow(session.gitDir, 'main', file);
    expect(published).toMatch(/^title: ['"]?Hello, drafts['"]?$/m);
    expect(published).toContain('Added just before publishing.');
  });

  it('lists 1,000 items quickly, rendering only the rows in view', async () => {
    await session.service.github.createRepository({
      owner: 'demo',
      name: 'big',
      description: 'A thousand notes.',
      installApp: true,
    });
    const config = {
      name: 'Big',
      collections: {
        notes: {
          label: 'Notes',
          directory: 'notes',
          fields: [
            { name: 'title', type: 'string', label: 'Title', required: true },
            { name: 'date', type: 'date', label: 'Date' },
          ],
        },
      },
    };
    const notes = Array.from({ length: 1000 }, (_, index) => {
      const n = String(index + 1).padStart(4, '0');
      const day = String((index % 28) + 1).padStart(2, '0');
      return {
        path: `notes/note-${n}.md`,
        content: `---\ntitle: Note ${n}\ndate: 2023-01-${day}\n---\n\nBody ${n}.\n`,
      };
    });
    await session.service.github.commitFiles('demo', 'big', {
      branch: 'main',
      message: 'A thousand notes',
      author,
      changes: [{ path: 'cms.config.json', content: JSON.stringify(config) }, ...notes],
    });

    await page().goto(`${session.service.url}/app/`);
    await page().getByRole('button', { name: 'Connect demo/big' }).click();
    await page()
      .getByRole('list', { name: 'Connected repositories' })
      .getByRole('link', { name: 'demo/big' })
      .click();
    const started = Date.now();
    await page().getByText('1000 items').waitFor({ timeout: 30_000 });
    const loadMs = Date.now() - started;
    expect(await page().locator('.item-row').count()).toBeLessThan(40);
    await page().getByRole('searchbox').fill('note 0999');
    await page().getByText('1 of 1000 items').waitFor();
    await page().getByRole('searchbox').fill('');
    await page().getByLabel('Sort').selectOption('title');
    await page()
      .locator('.item-scroller')
      .evaluate((scroller) => scroller.scrollTo(0, scroller.scrollHeight));
    await page()
      .getByRole('link', { name: /Note 1000/ })
      .waitFor();
    expect(await page().locator('.item-row').count()).toBeLessThan(40);
    await screenshot(page(), '22-items-1000');
    expect(loadMs).toBeLessThan(15_000);
  });

  it('deletes an item and disconnects a repository only after confirming; Escape cancels and returns focus', async () => {
    await page().goto(
      `${session.service.url}/app/r/demo/blog/c/posts/i/2024-03-02-writing-in-markdown`,
    );
    const deleteButton = page().getByRole('button', { name: 'Delete' });
    await deleteButton.click();
    await page()
      .getByRole('dialog', { name: /Delete “Writing in Markdown/ })
      .waitFor();
    expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page().keyboard.press('Escape');
    expect(await page().getByRole('dialog').count()).toBe(0);
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await deleteButton.click();
    await page().getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page().getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    await page()
      .getByText(/^\d+ items · sorted by date, newest first$/)
      .waitFor();
    expect(
      await page()
        .getByRole('link', { name: /Writing in Markdown/ })
        .count(),
    ).toBe(0);
    await expect(
      gitShow(session.gitDir, 'main', 'content/posts/2024-03-02-writing-in-markdown.md'),
    ).rejects.toThrow();

    await page().getByRole('link', { name: 'Repositories' }).click();
    await page().getByRole('button', { name: 'Disconnect demo/blog' }).click();
    await page()
      .getByRole('dialog', { name: 'Disconnect demo/blog?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await page().getByRole('button', { name: 'Connect demo/blog' }).waitFor();
  });

  it('logged no console errors, page errors or requests to other hosts', () => {
    expect(session.browser.problems()).toEqual([]);
  });
});
