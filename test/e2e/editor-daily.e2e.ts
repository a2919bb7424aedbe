import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendToBody, waitForSaveState } from './support/actions';
import { useEditorSession } from './support/session';
import { gitLog, gitShow } from './support/git';
import { screenshot } from './support/screenshots';

/**
 * The editor for daily use: edits kept across a reload, the command palette opening an item and
 * saving it, the layout switch, a conflict kept across a reload, and a draft's deployment framed
 * beside the editor (or linked when its host may not be framed). Local mode serves no site
 * previews, so the test serves the "deployment" itself and lets the editor frame its origin.
 */
let previews: http.Server;
let previewPort: number;
const author = { name: 'Alice Martin', email: 'alice@example.com' };

const session = useEditorSession({
  before: async () => {
    previews = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Draft preview</title></head><body><main><h1>Draft preview of ${req.url?.replace(/[^a-z0-9/-]/gi, '')}</h1></main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => previews.listen(0, '127.0.0.1', resolve));
    previewPort = (previews.address() as AddressInfo).port;
    return { previewFrameOrigins: [`http://127.0.0.1:${previewPort}`] };
  },
  after: () =>
    new Promise<void>((resolve) => (previews ? previews.close(() => resolve()) : resolve())),
});

beforeAll(() => {
  // A reload with unsaved edits asks first (beforeunload): the tests answer "leave", as a person reloading would.
  session.browser.page.on(
    'dialog',
    (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()),
  );
});
const page = () => session.browser.page;
const item = (slug: string) => `${session.service.url}/app/r/demo/blog/c/posts/i/${slug}`;
const kept = (slug: string) =>
  page().evaluate((key) => localStorage.getItem(key), `cms:draft:demo/blog:posts:${slug}`);

async function openItem(slug: string): Promise<void> {
  await page().goto(item(slug));
  await page().getByLabel('Title').waitFor();
}

async function palette(query: string, option: string | RegExp): Promise<void> {
  await page().keyboard.press('Control+K');
  await page().getByRole('combobox', { name: 'Item title, slug or action' }).fill(query);
  await page().getByRole('option', { selected: true }).filter({ hasText: option }).waitFor();
  await page().keyboard.press('Enter');
}

describe('the editor for daily use', () => {
  it('keeps edits in this browser as they are typed and offers them back after a reload', async () => {
    await openItem('2024-05-06-roadmap');
    const saved = await page().getByLabel('Title').inputValue();
    await page().getByLabel('Title').fill('Roadmap, kept across a reload');
    await expect
      .poll(async () => (await kept('2024-05-06-roadmap')) ?? '')
      .toContain('Roadmap, kept across a reload');
    await page().reload();
    await page()
      .getByText(/Restored your unsaved edits/)
      .waitFor();
    expect(await page().getByLabel('Title').inputValue()).toBe('Roadmap, kept across a reload');
    await page().getByRole('button', { name: 'Discard them' }).click();
    expect(await page().getByLabel('Title').inputValue()).toBe(saved);
    expect(await kept('2024-05-06-roadmap')).toBeNull();
  });

  it('opens an item and publishes it from the command palette', async () => {
    await palette('hello world', 'Hello, world');
    await page().waitForURL(/\/c\/posts\/i\/2024-02-14-hello-world$/);
    await page().getByLabel('Title').waitFor();
    await appendToBody(page(), '\nPublished from the palette.\n');
    await palette('publish', /^Publish/);
    await waitForSaveState(page(), /^Published$/);
    expect(
      await gitShow(session.gitDir, 'main', 'content/posts/2024-02-14-hello-world.md'),
    ).toContain('Published from the palette.');
  });

  it('puts the title and the body first, the other fields beside the body or under it, from the toolbar or the palette, and remembers the choice', async () => {
    const toggle = page().getByRole('button', { name: 'Form beside body' });
    const title = async () => (await page().getByLabel('Title').boundingBox())!;
    const body = async () => (await page().locator('.markdown-editor').boundingBox())!;
    const description = async () =>
      (await page().getByLabel('Description', { exact: true }).boundingBox())!;
    // Writing first: the body comes right under the title, before any other field.
    expect((await body()).y).toBeGreaterThan((await title()).y);
    expect((await body()).y).toBeLessThan((await title()).y + 200);
    expect((await body()).x).toBe((await title()).x);
    // By default on a wide screen the other fields (here the description) are a panel beside the body.
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect((await description()).x).toBeGreaterThan((await body()).x + (await body()).width);
    const details = page().getByRole('region', { name: 'Details' });
    expect(await details.getByLabel('Description', { exact: true }).count()).toBe(1);
    await page().evaluate(() => window.scrollTo(0, 0));
    await screenshot(page(), 'd1-layout-side');
    await toggle.click();
    await expect
      .poll(async () => (await description()).y > (await body()).y + (await body()).height)
      .toBe(true);
    await page().reload();
    await page().getByLabel('Title').waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page().evaluate(() => window.scrollTo(0, 0));
    await screenshot(page(), 'd2-layout-stacked');
    await palette('switch layout', /form beside the body/);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await description()).x > (await body()).x + (await body()).width)
      .toBe(true);

    // The shortcuts dialog lists the editor's palette actions with their keys.
    await page().getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const shortcuts = page().getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts
      .getByRole('rowheader', { name: 'Switch layout: the form beside or under the body' })
      .waitFor();
    expect(
      await shortcuts.getByRole('row', { name: /Publish \/ Save as change request/ }).textContent(),
    ).toContain('Ctrl S');
    await screenshot(page(), 'd2b-shortcuts');
    await page().keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'hidden' });
  });

  it('finds a word in the body with Ctrl F (loaded on first use) and closes with Escape', async () => {
    await openItem('2024-03-02-writing-in-markdown');
    await page().locator('.markdown-editor .cm-content').click();
    await page().keyboard.press('Control+f');
    const find = page().getByRole('textbox', { name: 'Find' });
    await find.waitFor();
    // Typed: the panel takes its query on key presses.
    await find.pressSequentially('blank line');
    await page().keyboard.press('Enter');
    await page().keyboard.press('Escape');
    // The panel closes and the body has the match selected, as CodeMirror's search leaves it.
    await expect.poll(() => find.count()).toBe(0);
    await expect
      .poll(() => page().evaluate(() => document.getSelection()?.toString() ?? ''))
      .toBe('blank line');
  });

  it('publishes with the commit message written in the toolbar, and clears it for the next save', async () => {
    await openItem('2024-04-18-static-sites-and-git');
    await appendToBody(page(), '\nA line with its own commit message.\n');
    const toolbar = page().getByRole('toolbar', { name: 'Item actions' });
    await toolbar.getByText('Commit message', { exact: true }).click();
    const message = toolbar.getByRole('textbox', { name: 'Commit message (optional)' });
    expect(await message.getAttribute('placeholder')).toBe(
      'Update posts/2024-04-18-static-sites-and-git',
    );
    await message.fill('Say why git suits a small site');
    await toolbar.getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);
    expect((await gitLog(session.gitDir, 'main', 1))[0]).toBe('Say why git suits a small site');
    // Cleared for the next save, and folded away again.
    expect(await toolbar.locator('.commit-message textarea').inputValue()).toBe('');
    expect(await toolbar.locator('.commit-message').getAttribute('open')).toBeNull();
  });

  it('keeps both sides of a conflict across a reload until it is resolved', async () => {
    const slug = '2024-04-18-static-sites-and-git';
    const file = `content/posts/${slug}.md`;
    await openItem(slug);
    const content = await gitShow(session.gitDir, 'main', file);
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Edited elsewhere',
      author,
      changes: [
        {
          path: file,
          content: content.replace(
            /^description: .*$/m,
            "description: 'Changed by Alice meanwhile.'",
          ),
        },
      ],
    });
    await appendToBody(page(), '\nMy conflicting addition.\n');
    session.browser.allow(/status of 409/);
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'This item was changed by someone else' });
    await dialog.getByRole('row', { name: /Description/ }).waitFor();
    // Closing the dialog decides nothing: the conflict stays, with both sides kept in this session.browser.
    await page().keyboard.press('Escape');
    await page().getByTestId('conflict-banner').waitFor();
    await expect
      .poll(
        async () =>
          JSON.parse((await kept(slug)) ?? '{}').conflict?.theirs?.frontmatter?.description,
      )
      .toBe('Changed by Alice meanwhile.');
    expect(JSON.parse((await kept(slug))!).body).toContain('My conflicting addition.');

    await page().reload();
    await dialog.getByRole('row', { name: /Description/ }).waitFor();
    expect(await dialog.getByRole('row', { name: /Description/ }).textContent()).toContain(
      'Changed by Alice meanwhile.',
    );
    await screenshot(page(), 'd3-conflict-after-reload');
    // The body on screen is mine (CodeMirror draws only the lines in view: go to the end first).
    await page().keyboard.press('Escape');
    const bodyEnd = async () => {
      await page().locator('.cm-content').click();
      await page().keyboard.press('Control+End');
      return page().locator('.cm-content').textContent();
    };
    expect(await bodyEnd()).toContain('My conflicting addition.');
    await page().getByRole('button', { name: 'Compare and resolve' }).click();
    await dialog.getByRole('button', { name: 'Load their version' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => kept(slug)).toBeNull();
    expect(await bodyEnd()).not.toContain('My conflicting addition.');
    expect(await page().getByTestId('conflict-banner').count()).toBe(0);
  });

  it("frames a draft's preview deployment beside the editor when its host may be framed", async () => {
    const slug = '2024-03-02-writing-in-markdown';
    await openItem(slug);
    await appendToBody(page(), '\nA draft with a preview.\n');
    await palette('save as change', /^Save as change request/);
    await waitForSaveState(page(), /Change request #\d+ saved/);
    const url = `http://127.0.0.1:${previewPort}/posts/${slug}/`;
    await session.service.github.createDeployment('demo', 'blog', {
      ref: `cms/posts/${slug}`,
      environmentUrl: url,
    });
    session.browser.allow(
      new RegExp(`request outside the service: http://127\\.0\\.0\\.1:${previewPort}/`),
    );
    await page().reload();
    await page().getByRole('button', { name: 'Preview site' }).click();
    const frame = page().getByTitle(/^Preview of “.+” on the site$/);
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(url);
    expect(await frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-popups',
    );
    await page()
      .frameLocator('iframe.site-preview-frame')
      .getByRole('heading', { name: `Draft preview of /posts/${slug}/` })
      .waitFor();
    await screenshot(page(), 'd4-preview-site');
  });

  it('links a preview on a host this deployment may not frame, saying why', async () => {
    const slug = '2024-05-06-roadmap';
    await openItem(slug);
    await appendToBody(page(), '\nAnother draft.\n');
    await page().getByRole('button', { name: 'Save as change request' }).click();
    await waitForSaveState(page(), /Change request #\d+ saved/);
    const url = `http://localhost:${previewPort}/posts/${slug}/`;
    await session.service.github.createDeployment('demo', 'blog', {
      ref: `cms/posts/${slug}`,
      environmentUrl: url,
    });
    await page().reload();
    await page().getByRole('button', { name: 'Preview site' }).click();
    const link = page().getByRole('link', { name: 'Open the preview in a new tab' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(url);
    expect(await page().getByTestId('site-preview').textContent()).toContain(
      `localhost:${previewPort}, which this deployment does not let the editor show inline`,
    );
    expect(await page().locator('iframe').count()).toBe(0);
    await screenshot(page(), 'd5-preview-link');
  });

  it('previews code blocks that keyboard users can reach and scroll', async () => {
    await openItem('2024-03-02-writing-in-markdown');
    const blocks = page().getByTestId('preview').locator('pre');
    await blocks.first().waitFor();
    await blocks.first().focus();
    expect(await blocks.first().evaluate((block) => block === document.activeElement)).toBe(true);
    await screenshot(page(), 'd6-preview-code-blocks');
  });

  it('logged no console errors, page errors or requests to other hosts', () => {
    expect(session.browser.problems()).toEqual([]);
  });
});
