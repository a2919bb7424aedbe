import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/accessibility';
import { waitForSaveState } from './support/actions';
import { gitShow } from './support/git';
import { useEditorSession } from './support/session';

/**
 * A translated collection in the editor: its list and its items switch locale (the locale in the
 * address, so a link keeps it), a translation saves its own locale's file and no other, a locale
 * the item has no file in says so, and a translation's form has the default locale's version
 * beside it, read-only.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const author = { name: 'Alice Martin', email: 'alice@example.com' };

const blogConfig = JSON.parse(
  readFileSync(
    new URL('../../packages/github-local/src/seed-content/blog/cms.config.json', import.meta.url),
    'utf8',
  ),
) as { collections: Record<string, unknown> };

const config = {
  ...blogConfig,
  i18n: { locales: ['en', 'fr', 'de'], default: 'en' },
  collections: {
    ...blogConfig.collections,
    guides: {
      label: 'Guides',
      directory: 'content/guides',
      i18n: { structure: 'directories', directory: 'content/{locale}/guides' },
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        { name: 'date', type: 'date', label: 'Date', i18n: 'shared' },
        { name: 'summary', type: 'string', label: 'Summary' },
      ],
      workflow: { default: 'direct' },
    },
  },
};
const files = {
  'content/guides/install.md':
    '---\ntitle: Install\ndate: 2024-03-01\nsummary: Get it running\n---\n\nRun the installer.\n\nThen sign in.\n',
  'content/guides/deploy.md': '---\ntitle: Deploy\ndate: 2024-04-01\n---\n\nShip it.\n',
  'content/fr/guides/install.md':
    "---\ntitle: Installer\ndate: 2024-03-01\nsummary: Le démarrer\n---\n\nLancez l'installateur.\n",
};

const items = () => page().getByRole('list', { name: 'Items' });
const locales = () => page().getByRole('navigation', { name: 'Locales' });

describe('a translated collection in the editor', () => {
  it('switches the list and the item between locales, the locale in the address; a translation saves its own file', async () => {
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Guides in English and French',
      author,
      changes: [
        { path: 'cms.config.json', content: JSON.stringify(config, null, 2) },
        ...Object.entries(files).map(([path, content]) => ({ path, content })),
      ],
    });
    await page().goto(`${session.service.url}/app/r/demo/blog/c/guides`);
    await items().locator('.item-title', { hasText: 'Deploy' }).waitFor();
    expect((await items().locator('.item-title').allTextContents()).sort()).toEqual([
      'Deploy',
      'Install',
    ]);
    expect(await locales().getByRole('link').allTextContents()).toEqual([
      'English (en) · default',
      'French (fr)',
      'German (de)',
    ]);
    expect(
      await locales()
        .getByRole('link', { name: 'English (en) · default' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await seriousViolations(page())).toEqual([]);

    // French: the address names the locale, the list is the French files, a reload keeps it.
    await locales().getByRole('link', { name: 'French (fr)' }).click();
    await page().waitForURL(/\/c\/guides\?locale=fr$/);
    await items().locator('.item-title', { hasText: 'Installer' }).waitFor();
    await page().reload();
    await items().locator('.item-title', { hasText: 'Installer' }).waitFor();
    expect(await items().locator('.item-title').allTextContents()).toEqual(['Installer']);
    // New items start in the default locale; another locale's rows are not bulk-deleted.
    expect(await page().getByRole('link', { name: /^New / }).count()).toBe(0);
    expect(await items().getByRole('checkbox').count()).toBe(0);
    // The switcher wraps on a phone: nothing scrolls sideways.
    await page().setViewportSize({ width: 360, height: 844 });
    expect(
      await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page().setViewportSize({ width: 1280, height: 860 });

    // The French item, edited and published: its own file changes, the English one does not.
    await items()
      .getByRole('link', { name: /Installer/ })
      .click();
    await page().waitForURL(/\/c\/guides\/i\/install\?locale=fr$/);
    const title = page().getByLabel('Title');
    await title.waitFor();
    expect(await title.inputValue()).toBe('Installer');
    // Presence and its "newer version" notice are about the default locale's file: not shown here.
    expect(
      await page()
        .getByText(/saved a newer version/)
        .count(),
    ).toBe(0);

    await title.fill('Installer le service');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);
    expect(await gitShow(session.gitDir, 'main', 'content/fr/guides/install.md')).toContain(
      'title: Installer le service\n',
    );
    expect(await gitShow(session.gitDir, 'main', 'content/guides/install.md')).toBe(
      files['content/guides/install.md'],
    );

    // German: the item has no file there, and the screen says so, offering to make one (below).
    // Whether it has one is asked of the service: its 404 is logged by Chromium itself.
    session.browser.allow(/status of 404 .*locale=de/);
    await locales().getByRole('link', { name: 'German (de)' }).click();
    await page().waitForURL(/\/c\/guides\/i\/install\?locale=de$/);
    await page().getByText('This item has no German (de) translation yet').waitFor();
    expect(await page().getByRole('button', { name: 'Create translation' }).count()).toBe(1);
    await page().getByRole('link', { name: 'Open its English (en) version' }).click();
    await page().waitForURL(/\/c\/guides\/i\/install$/);
    expect(await page().getByLabel('Title').inputValue()).toBe('Install');
    // Back to the list keeps the item's locale: the English list.
    await page().getByRole('link', { name: 'Guides' }).first().click();
    await page().waitForURL(/\/c\/guides$/);
  });

  it("shows the default locale's version beside a translation's form, read-only and in the form's order", async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/guides/i/install?locale=fr`);
    await page().getByLabel('Title').waitFor();
    // Beside the form: the English version, read-only, in the form's order, the shared field noted.
    const source = page().getByRole('region', { name: 'English (en) version' });
    await source.locator('.source-field').first().waitFor();
    expect(await source.locator('.source-field dt').allTextContents()).toEqual([
      'Title',
      'Body',
      'DateKept equal across locales',
      'Summary',
    ]);
    expect(await source.locator('[data-field="title"] dd').textContent()).toBe('Install');
    expect(await source.locator('.source-body pre').textContent()).toBe(
      '\nRun the installer.\n\nThen sign in.\n',
    );
    expect(await source.locator('[data-field="summary"] dd').textContent()).toBe('Get it running');
    expect(await source.getByRole('textbox').count()).toBe(0);
    // The form's own shared field says so too; the others do not.
    expect(await page().getByTestId('shared-note-date').textContent()).toBe(
      'Kept equal across locales',
    );
    expect(await page().locator('.edit-pane .field-note').count()).toBe(1);
    expect(await seriousViolations(page())).toEqual([]);
    // Hidden, the preview is back; shown again from the toolbar.
    const beside = page().getByRole('button', { name: 'English (en) beside' });
    expect(await beside.getAttribute('aria-pressed')).toBe('true');
    await source.getByRole('button', { name: 'Hide' }).click();
    await page().getByTestId('preview').waitFor();
    expect(await source.count()).toBe(0);
    await beside.click();
    await source.locator('.source-field').first().waitFor();
    // On a phone the column is on the Preview tab, and nothing scrolls sideways.
    await page().setViewportSize({ width: 390, height: 844 });
    await page().getByRole('button', { name: 'Preview', exact: true }).click();
    await source.locator('.source-field').first().waitFor();
    expect(
      await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page().getByRole('button', { name: 'Write', exact: true }).click();
    await page().setViewportSize({ width: 1280, height: 860 });

    // The default locale's own screen has no such column, nor its switch.
    await locales().getByRole('link', { name: 'English (en) · default' }).click();
    await page().waitForURL(/\/c\/guides\/i\/install$/);
    await page().getByLabel('Title').waitFor();
    await page().getByTestId('preview').waitFor();
    expect(await page().getByTestId('translation-source').count()).toBe(0);
    // A shared field is kept equal from every locale, the default's included.
    await page().getByTestId('shared-note-date').waitFor();
    expect(
      await page()
        .getByRole('button', { name: /beside$/ })
        .count(),
    ).toBe(0);
  });

  it('badges the translations that are missing or outdated, in the lists and on the item', async () => {
    // The English guide changes after its French translation was published: French is outdated.
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'The English install guide, revised',
      author,
      changes: [
        {
          path: 'content/guides/install.md',
          content: files['content/guides/install.md'].replace(
            'Then sign in.',
            'Then sign in again.',
          ),
        },
      ],
    });
    const badges = (title: string) =>
      items()
        .getByRole('listitem')
        .filter({ has: page().locator('.item-title', { hasText: new RegExp(`^${title}$`) }) })
        .getByTestId('translation-badge');
    await page().goto(`${session.service.url}/app/r/demo/blog/c/guides`);
    await badges('Install').first().waitFor();
    expect(await badges('Install').allTextContents()).toEqual(['fr outdated', 'de missing']);
    expect(await badges('Deploy').allTextContents()).toEqual(['fr missing', 'de missing']);

    await locales().getByRole('link', { name: 'French (fr)' }).click();
    await badges('Installer le service').first().waitFor();
    expect(await badges('Installer le service').allTextContents()).toEqual(['outdated']);

    await items()
      .getByRole('link', { name: /Installer le service/ })
      .click();
    await locales().locator('.locale-status').first().waitFor();
    expect(await locales().getByRole('link').allTextContents()).toEqual([
      'English (en) · default',
      'French (fr) outdated',
      'German (de) missing',
    ]);
    expect(await seriousViolations(page())).toEqual([]);
  });

  it("shows the collection's translation board: locales as columns, its items as links, at phone width too", async () => {
    // After the test above: French `install` is outdated, `deploy` missing; German has neither.
    await page().goto(`${session.service.url}/app/r/demo/blog/c/guides`);
    await page().getByRole('link', { name: 'Translation board' }).click();
    await page().waitForURL(/\/c\/guides\/translations$/);
    const board = page().getByRole('table');
    await board.waitFor();
    expect(await board.getByRole('columnheader').allTextContents()).toEqual([
      'French (fr)',
      'German (de)',
    ]);
    const row = (name: string) => board.getByRole('row').filter({ hasText: name });
    const counts = (name: string) => row(name).locator('.translation-count').allTextContents();
    expect(await counts('Outdated')).toEqual(['1', '0']);
    expect(await counts('Current')).toEqual(['0', '0']);
    const missing = row('Missing').getByRole('cell');
    expect(await counts('Missing')).toEqual(['1', '2']);
    expect(await seriousViolations(page())).toEqual([]);

    // The outdated French item opens in French.
    const [french] = await row('Outdated').getByRole('cell').all();
    await french!.locator('summary').click();
    expect(await french!.getByRole('link', { name: 'install' }).getAttribute('href')).toBe(
      '/app/r/demo/blog/c/guides/i/install?locale=fr',
    );

    // On a phone the table stacks, each cell named by its locale: nothing scrolls sideways.
    await page().setViewportSize({ width: 360, height: 844 });
    expect(
      await page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page().setViewportSize({ width: 1280, height: 860 });

    // A missing one opens in English, French marked and focused in the switcher.
    await missing.first().locator('summary').click();
    await missing.first().getByRole('link', { name: 'deploy' }).click();
    await page().waitForURL(/\/c\/guides\/i\/deploy\?translate=fr$/);
    const wanted = locales().getByRole('link', { name: /^French \(fr\)/ });
    await expect.poll(() => wanted.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await wanted.getAttribute('class')).toContain('wanted');
    expect(
      await locales()
        .getByRole('link', { name: 'English (en) · default' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('creates a missing translation in one action: the French form with its copied fields marked, then current once saved', async () => {
    session.browser.allow(/status of 404 .*locale=fr/);
    await page().goto(`${session.service.url}/app/r/demo/blog/c/guides/i/deploy?locale=fr`);
    await page().getByText('This item has no French (fr) translation yet').waitFor();
    await page().getByRole('button', { name: 'Create translation' }).click();

    // The French form: the required title copied from English and marked, the shared date and
    // the body copied; the address stays the French item's.
    const title = page().getByLabel('Title');
    await title.waitFor();
    expect(page().url()).toMatch(/\/c\/guides\/i\/deploy\?locale=fr$/);
    expect(await title.inputValue()).toBe('Deploy');
    expect(await page().getByTestId('placeholder-title').textContent()).toBe(
      'Copied from English (en) — translate me',
    );
    expect(await page().getByLabel('Date').inputValue()).toBe('2024-04-01');
    expect(await gitShow(session.gitDir, 'main', 'content/fr/guides/deploy.md')).toBe(
      files['content/guides/deploy.md'],
    );
    expect(await locales().getByRole('link').allTextContents()).toEqual([
      'English (en) · default',
      'French (fr)',
      'German (de) missing',
    ]);
    expect(await seriousViolations(page())).toEqual([]);

    // Translated: the mark goes; published, French is current (no badge) and its file is French.
    await title.fill('Déployer');
    expect(await page().getByTestId('placeholder-title').count()).toBe(0);
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);
    expect(await gitShow(session.gitDir, 'main', 'content/fr/guides/deploy.md')).toContain(
      'title: Déployer\n',
    );
    expect(await gitShow(session.gitDir, 'main', 'content/guides/deploy.md')).toBe(
      files['content/guides/deploy.md'],
    );
    await page().reload();
    await locales().getByRole('link', { name: 'French (fr)' }).waitFor();
    expect(
      await locales()
        .getByRole('link', { name: /French/ })
        .textContent(),
    ).toBe('French (fr)');
    expect(await page().getByTestId('placeholder-title').count()).toBe(0);
  });

  it('offers to apply a shared field changed in one locale to the others, and applies it in one commit', async () => {
    const english = await gitShow(session.gitDir, 'main', 'content/guides/install.md');
    await page().goto(`${session.service.url}/app/r/demo/blog/c/guides/i/install?locale=fr`);
    const date = page().getByLabel('Date');
    await date.waitFor();
    await date.fill('2024-05-01');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);
    // German has no file: only English is named; nothing was written to it yet.
    const offer = page().getByTestId('shared-offer');
    await offer.waitFor();
    expect(await offer.textContent()).toContain(
      'Date is kept equal across locales, and en holds another value.',
    );
    expect(await gitShow(session.gitDir, 'main', 'content/guides/install.md')).toBe(english);
    expect(await seriousViolations(page())).toEqual([]);

    await offer.getByRole('button', { name: 'Apply Date to en' }).click();
    await waitForSaveState(page(), /^Date applied to en$/);
    expect(await offer.count()).toBe(0);
    // The English file changed in that value alone.
    expect(await gitShow(session.gitDir, 'main', 'content/guides/install.md')).toBe(
      english.replace('date: 2024-03-01\n', 'date: 2024-05-01\n'),
    );
    expect(await gitShow(session.gitDir, 'main', 'content/fr/guides/install.md')).toContain(
      'date: 2024-05-01\n',
    );
  });

  it("opens a translation's History on that locale's file: its versions, compared and restored", async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/guides/i/install?locale=fr`);
    await page().getByLabel('Title').waitFor();
    await page().getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'History' });
    const timeline = dialog.getByRole('list', { name: 'Versions, newest first' });
    await timeline.getByRole('button').first().waitFor();
    // The French file's three versions; the English revision and the shared date's commit are not its.
    const messages = await timeline.locator('.history-message').allTextContents();
    expect(messages).toHaveLength(3);
    expect(messages.at(-1)).toBe('Guides in English and French');
    expect(messages.join('\n')).not.toContain('The English install guide, revised');
    // Restoring the first version writes the French file back, byte for byte, and no other.
    const english = await gitShow(session.gitDir, 'main', 'content/guides/install.md');
    await timeline.getByRole('button').nth(2).click();
    const compare = dialog.getByRole('region', { name: 'Compare' });
    await compare.getByText('Installer', { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: /^Restore the version of/ }).click();
    await expect
      .poll(() => page().getByLabel('Title').inputValue(), { timeout: 15_000 })
      .toBe('Installer');
    await expect
      .poll(() => gitShow(session.gitDir, 'main', 'content/fr/guides/install.md'))
      .toBe(files['content/fr/guides/install.md']);
    expect(await gitShow(session.gitDir, 'main', 'content/guides/install.md')).toBe(english);
  });
});
