import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/local-service';
import { appendToBody, replaceBody, signInAs, waitForSaveState } from './support/actions';
import { launchBrowser, type Browser } from './support/browser';
import { buildEditorIfStale, webRoot } from './support/build-editor';
import { bodyEditorStyle } from './support/editor-style';
import { gitShow } from './support/git';
import { screenshot } from './support/screenshots';
import { xssCorpus } from './support/xss-corpus';

/**
 * The scenario, in order, in one browser: sign in → connect demo/blog → edit and publish a
 * post → draft another, review it, publish it → a new post → the XSS corpus in the preview → API
 * tokens → a session that ends keeps unsaved edits. Screenshots of each screen are written on the way.
 */
let service: TestService;
let browser: Browser;
let gitDir: string;

beforeAll(async () => {
  await buildEditorIfStale();
  service = await startTestService({ webRoot });
  browser = await launchBrowser(service.url, service.github.url);
  gitDir = service.github.gitDir('demo', 'blog');
});

// The editor is served with its production headers: a CSP violation or console error fails the test that caused it.
afterEach(() => {
  expect(browser.newProblems()).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const page = () => browser.page;

describe('the editor, end to end', () => {
  it('signs in as demo through GitHub', async () => {
    await page().goto(`${service.url}/app/`);
    await page().getByRole('heading', { name: "Edit your site's content" }).waitFor();
    await screenshot(page(), '01-sign-in');
    await signInAs(page(), 'demo');
    await page().getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
  });

  it('explains why a repository cannot be connected, then connects demo/blog', async () => {
    browser.allow(/status of 400/);
    await page().getByRole('button', { name: 'Connect demo/no-config' }).click();
    await page()
      .getByRole('alert')
      .filter({ hasText: 'demo/no-config has no cms.config.json yet' })
      .filter({ hasText: 'cms init' })
      .waitFor();
    // 404, not the spec's 403: a repository the caller cannot see, the app's absence included, answers one 404.
    browser.allow(/status of 404/);
    await page().getByLabel('Another repository').fill('demo/not-installed');
    await page().locator('form.inline-form').getByRole('button', { name: 'Connect' }).click();
    await page().getByRole('alert').filter({ hasText: 'not installed' }).waitFor();
    await page().getByRole('button', { name: 'Connect demo/blog' }).click();
    await page()
      .getByRole('list', { name: 'Connected repositories' })
      .getByRole('link', { name: 'demo/blog' })
      .waitFor();
    await screenshot(page(), '02-repositories');
  });

  it('edits a post’s title and body and publishes it straight to main', async () => {
    await page().getByRole('link', { name: 'demo/blog' }).click();
    await page().getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    await page()
      .getByRole('link', { name: /Hello, world/ })
      .waitFor();
    await screenshot(page(), '03-items');
    await page()
      .getByRole('link', { name: /Hello, world/ })
      .click();
    const title = page().getByLabel('Title');
    await title.waitFor();
    // CodeMirror's generated styles apply under the production Content-Security-Policy. It parses
    // in slices of time: wait until the heading is highlighted (a span of its own) before reading.
    await page()
      .locator('.markdown-editor .cm-line span', { hasText: 'What to expect' })
      .first()
      .waitFor();
    const style = await bodyEditorStyle(page(), 'What to expect');
    expect(style.display).toBe('flex');
    expect(style.headingWeight).toBe('700');
    expect(style.headingColour).toBe(style.expectedHeadingColour);
    expect(style.scrollerFont).toBe(style.expectedScrollerFont);
    await title.fill('Hello, editors');
    await appendToBody(page(), '\nPublished from the browser test.\n');
    await page().getByTestId('save-state').filter({ hasText: 'Unsaved changes' }).waitFor();
    await page().getByTestId('preview').getByText('Published from the browser test.').waitFor();
    await screenshot(page(), '04-editor');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);
    const file = await gitShow(gitDir, 'main', 'content/posts/2024-02-14-hello-world.md');
    expect(file).toMatch(/^title: ['"]?Hello, editors['"]?$/m);
    expect(file).toContain('Published from the browser test.');
    expect(file).toMatch(/^description: /m);
  });

  it('counts the body’s words with its reading time, and writes distraction-free until Escape', async () => {
    const stats = page().locator('.writing-stats');
    await expect
      .poll(async () => /^\d[\d,]* words · \d+ min read$/.test((await stats.textContent()) ?? ''))
      .toBe(true);
    await page().getByRole('button', { name: 'Focus', exact: true }).click();
    await page().locator('.sidebar').waitFor({ state: 'hidden' });
    await page().getByLabel('Title').waitFor({ state: 'hidden' });
    expect(await page().locator('.markdown-editor').isVisible()).toBe(true);
    await screenshot(page(), '04b-focus');
    await page().keyboard.press('Escape');
    await page().locator('.sidebar').waitFor({ state: 'visible' });
    await page().getByLabel('Title').waitFor({ state: 'visible' });
  });

  it('opens an item by a word of its slug from the command palette (Ctrl K), runs an action from it, and lists the shortcuts (?)', async () => {
    await page().keyboard.press('Control+K');
    const input = page().getByRole('combobox', { name: 'Item title, slug or action' });
    await input.waitFor();
    await page()
      .getByRole('status')
      .filter({ hasText: /matches$/ })
      .waitFor();
    await input.fill('roadmap');
    await page().getByRole('option', { selected: true }).filter({ hasText: 'roadmap' }).waitFor();
    await screenshot(page(), '04c-palette');
    await page().keyboard.press('Enter');
    await page().waitForURL(/\/c\/posts\/i\/2024-05-06-roadmap$/);
    await page().getByLabel('Title').waitFor();
    await page()
      .getByRole('button', { name: /^Go to/ })
      .click();
    await input.fill('reviews');
    await page().keyboard.press('Enter');
    await page().waitForURL(/\/reviews$/);
    await page().keyboard.press('?');
    await page().getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page().keyboard.press('Escape');
    await page().getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'hidden' });
  });

  it('saves another post as a draft (In progress on the board), marks it ready for review (Ready to publish), shows the title row changed, and publishes it', async () => {
    await page().getByRole('link', { name: 'Posts' }).first().click();
    await page()
      .getByRole('link', { name: /Static sites, git/ })
      .click();
    await page().getByLabel('Title').fill('Static sites, git, and boring infrastructure');
    await appendToBody(page(), '\nA sentence added in a draft.\n');
    await page().keyboard.press('Control+S');
    await waitForSaveState(page(), /Change request #\d+ saved/);
    await page().getByTestId('draft-banner').waitFor();
    expect(
      await gitShow(gitDir, 'main', 'content/posts/2024-04-18-static-sites-and-git.md'),
    ).not.toContain('A sentence added in a draft.');
    const counts = page().getByTestId('review-counts');
    await counts.filter({ hasText: '1 in progress, 0 in review, 0 ready to publish' }).waitFor();
    // The counts are words on screen, not bare numbers with a label only a screen reader hears.
    expect(await counts.isVisible()).toBe(true);
    const reviewsLink = page()
      .getByRole('navigation', { name: 'demo/blog content' })
      .getByRole('link', { name: /^Reviews/ });
    await reviewsLink.click();
    const card = (column: string) =>
      page()
        .getByRole('list', { name: column })
        .getByRole('link', { name: /Static sites, git, and boring infrastructure/ });
    await card('In progress').waitFor();
    await screenshot(page(), '05-reviews');
    await card('In progress').focus();
    await page().keyboard.press('Enter');

    await page().getByTestId('review-state').filter({ hasText: 'In progress' }).waitFor();
    await page().getByRole('button', { name: 'Ready for review' }).click();
    await page().getByTestId('review-outcome').filter({ hasText: 'Ready for review' }).waitFor();
    await page()
      .getByTestId('review-state')
      .filter({ hasText: 'Ready to publish' })
      .waitFor({ timeout: 20_000 });
    await counts
      .filter({ hasText: '0 in progress, 0 in review, 1 ready to publish' })
      .waitFor({ timeout: 20_000 });
    await page().getByRole('button', { name: 'Back to in progress' }).waitFor();
    await reviewsLink.click();
    await card('Ready to publish').waitFor();
    await screenshot(page(), '05b-reviews-ready');
    await card('Ready to publish').click();

    const titleRow = page().locator('tr[data-field="title"]');
    await titleRow.waitFor();
    expect(await titleRow.getAttribute('class')).toBe('changed');
    expect(await titleRow.locator('th').textContent()).toContain('Title');
    expect(await titleRow.locator('td').allTextContents()).toEqual([
      'Static sites, git, and the joy of boring infrastructure',
      'Static sites, git, and boring infrastructure',
    ]);
    expect(await page().locator('tr[data-field="date"]').getAttribute('class')).toBeNull();
    expect(await page().getByTestId('body-diff').locator('ins').allTextContents()).toContainEqual(
      expect.stringContaining('A sentence added in a draft.'),
    );
    await page().getByTestId('review-state').filter({ hasText: 'Ready to publish' }).waitFor();

    await page().getByLabel('Add a comment').fill('Reads well, publishing.');
    await page()
      .getByRole('region', { name: 'Comments' })
      .getByRole('button', { name: 'Comment' })
      .click();
    await page().locator('.comment-body').filter({ hasText: 'Reads well, publishing.' }).waitFor();
    await page().evaluate(() => window.scrollTo(0, 0));
    await screenshot(page(), '06-review', { height: 1500 });

    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page()
      .getByTestId('review-outcome')
      .filter({ hasText: 'Published' })
      .waitFor({ timeout: 20_000 });
    await page().getByTestId('review-state').filter({ hasText: 'Published' }).waitFor();
    const file = await gitShow(gitDir, 'main', 'content/posts/2024-04-18-static-sites-and-git.md');
    expect(file).toMatch(/^title: ['"]?Static sites, git, and boring infrastructure['"]?$/m);
    expect(file).toContain('A sentence added in a draft.');
  });

  it('creates a page with a slug derived from its title, after showing what is missing', async () => {
    await page().getByRole('link', { name: 'Pages' }).click();
    await page()
      .getByRole('link', { name: /New page/ })
      .click();
    await page().getByRole('button', { name: 'Publish' }).click();
    await page().getByText('Title is required.').waitFor();
    expect(await page().getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    expect(await page().getByRole('button', { name: 'Save as change request' }).count()).toBe(0);
    await page().getByLabel('Title').fill('Contact & imprint');
    expect(await page().getByLabel('Slug').inputValue()).toBe('contact-imprint');
    await page().getByLabel('Order').fill('two');
    await page().getByRole('button', { name: 'Publish' }).click();
    await page().getByText('Expected a number.').waitFor();
    await page().getByLabel('Order').fill('2');
    await replaceBody(page(), 'Write to us at **hello@example.com**.\n');
    await screenshot(page(), '07-new-item');
    await page().getByRole('button', { name: 'Publish' }).click();
    await waitForSaveState(page(), /^Published$/);
    await page().waitForURL(/\/c\/pages\/i\/contact-imprint$/);
    const file = await gitShow(gitDir, 'main', 'content/pages/contact-imprint.md');
    expect(file).toMatch(/^title: ['"]?Contact & imprint['"]?$/m);
    expect(file).toMatch(/^order: 2$/m);
  });

  it('renders a markdown XSS corpus inert in the preview, and asks before leaving unsaved edits', async () => {
    let dialogs = 0;
    page().on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page().getByRole('link', { name: 'Posts' }).first().click();
    await page()
      .getByRole('link', { name: /New post/ })
      .click();
    await page().getByLabel('Title').fill('XSS corpus');
    await replaceBody(page(), xssCorpus.join('\n\n'));
    const preview = page().getByTestId('preview');
    await preview.getByText('window.__xss = 1', { exact: false }).first().waitFor();
    await preview.locator('a').first().hover();
    const findings = await preview.evaluate((root) => {
      const found: string[] = [];
      for (const element of root.querySelectorAll('*')) {
        if (/^(SCRIPT|IFRAME|OBJECT|EMBED|STYLE|FORM|IMG|SVG)$/i.test(element.tagName))
          found.push(`<${element.tagName}>`);
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith('on'))
            found.push(`${attribute.name} on <${element.tagName}>`);
          if (/^\s*(javascript|vbscript|data):/i.test(attribute.value))
            found.push(`${attribute.name}=${attribute.value}`);
        }
      }
      return found;
    });
    expect(findings).toEqual([]);
    expect(await page().evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
    await screenshot(page(), '08-preview-xss');

    await page().getByRole('link', { name: 'API tokens' }).click();
    await page().getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
    await screenshot(page(), '09-unsaved-guard');
    await page().getByRole('button', { name: 'Leave and discard' }).click();
    await page().getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
  });

  it('creates an API token, shows its secret once, and revokes it', async () => {
    await page().getByLabel(/^Name/).fill('CI deploy');
    await page()
      .getByRole('checkbox', { name: /List repositories/ })
      .check();
    await page().getByLabel('Expires after').selectOption({ label: '90 days' });
    await page().getByRole('button', { name: 'Create token' }).click();
    const secret = await page().getByTestId('token-secret').inputValue();
    expect(secret).toMatch(/^cms_/);
    await page().getByRole('button', { name: 'Copy' }).click();
    await page().getByText('Copied to the clipboard.').waitFor();
    await screenshot(page(), '10-token-created');
    const asToken = () =>
      fetch(`${service.url}/api/repos`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asToken()).status).toBe(200);
    await page().getByRole('button', { name: 'Done' }).click();

    const row = page().getByRole('row', { name: /CI deploy/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('All repositories');
    await screenshot(page(), '11-tokens');
    await row.getByRole('button', { name: 'Revoke CI deploy' }).click();
    await page()
      .getByRole('dialog', { name: /Revoke/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page().getByText('No tokens yet').waitFor();
    expect((await asToken()).status).toBe(401);
  });

  it('returns to sign-in when the session ends and keeps the unsaved edits', async () => {
    await page().goto(`${service.url}/app/r/demo/blog/c/posts/i/2024-05-06-roadmap`);
    await page().getByLabel('Title').fill('Roadmap, rewritten offline');
    await page().waitForTimeout(400);
    await browser.context.clearCookies();
    browser.allow(/status of 401/);
    await page().keyboard.press('Control+S');
    await page().getByRole('heading', { name: 'Your session has ended' }).waitFor();
    await screenshot(page(), '12-session-ended');
    await signInAs(page(), 'demo');
    await page().waitForURL(/2024-05-06-roadmap$/);
    expect(await page().getByLabel('Title').inputValue()).toBe('Roadmap, rewritten offline');
    await page()
      .getByText(/Restored your unsaved edits/)
      .waitFor();
    await page().getByRole('button', { name: 'Show what differs' }).click();
    const differs = page().getByTestId('restored-diff');
    await differs
      .getByRole('row', { name: 'Title, changed' })
      .getByText('Roadmap, rewritten offline')
      .waitFor();
    expect(await differs.getByRole('columnheader').allTextContents()).toEqual([
      'Field',
      'Saved',
      'Your edits',
    ]);
    await differs.getByText('The body did not change.').waitFor();
    await screenshot(page(), '12b-restored-diff');
  });

  it('looks right in the dark theme and on a tablet', async () => {
    await page().getByLabel('Colour theme').selectOption('dark');
    await screenshot(page(), '13-editor-dark');
    await page().setViewportSize({ width: 820, height: 1180 });
    await page().getByRole('link', { name: 'Posts' }).first().click();
    await page()
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave and discard' })
      .click();
    await page()
      .getByRole('link', { name: /Hello, editors/ })
      .waitFor();
    await screenshot(page(), '14-items-tablet-dark');
    await page()
      .getByRole('link', { name: /Hello, editors/ })
      .click();
    await page().getByLabel('Title').waitFor();
    await screenshot(page(), '15-editor-tablet-dark');
    expect(await page().getByTestId('preview').isVisible()).toBe(false);
    await page().getByRole('button', { name: 'Preview', exact: true }).click();
    await page().getByTestId('preview').getByRole('heading', { name: 'Hello, editors' }).waitFor();
    expect(await page().getByLabel('Title').isVisible()).toBe(false);
    await screenshot(page(), '16-preview-tablet-dark');
  });

  it('on a phone, folds the navigation behind a menu, keeps the save buttons in view and its controls 44 px tall', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    const menu = page().getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page().getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const sidebar = page().getByRole('navigation', { name: 'demo/blog content' });
    expect(await sidebar.isVisible()).toBe(false);
    expect(await page().getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page().getByRole('button', { name: 'Sign out' }).waitFor();
    await screenshot(page(), '17-phone-menu-open');
    await sidebar.getByRole('link', { name: 'Posts' }).click();
    await page()
      .getByRole('link', { name: /Hello, editors/ })
      .click();
    await page().getByLabel('Title').waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page(), '18-phone-editor');
    // Writing at the end of a long body: the save buttons stay on screen.
    await page().getByLabel('Title').fill('Hello, phones');
    await page().locator('.cm-content').click();
    await page().keyboard.press('Control+End');
    await page().mouse.wheel(0, 4000);
    const publish = page().getByRole('button', { name: 'Publish', exact: true });
    const box = await publish.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    expect(await page().evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const short = await page()
      .locator('.editor-toolbar button:visible, .topbar button:visible')
      .evaluateAll((buttons) =>
        buttons
          .filter((button) => button.getBoundingClientRect().height < 44)
          .map((button) => button.textContent),
      );
    expect(short).toEqual([]);
    // On a wide screen the links are in the header and the sidebar: no menu button.
    await page().setViewportSize({ width: 1280, height: 800 });
    await menu.waitFor({ state: 'hidden' });
    expect(await page().getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
  });

  it('logged no console errors, page errors or requests to other hosts', () => {
    expect(browser.problems()).toEqual([]);
  });
});
