import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appendToBody, waitForSaveState } from './support/actions';
import { seriousViolations } from './support/accessibility';
import { useEditorSession } from './support/session';

/**
 * The screenshots the README and docs/editor-guide.md show (docs/images/), taken of the screens
 * they describe so they stay current: with UPDATE_SCREENSHOTS=1 each is written anew; otherwise the
 * test walks the same screens and checks that the committed image is there, a PNG of at most
 * 1280×800. Each screen is audited with axe-core first, as every e2e screenshot is.
 */
const images = path.resolve(import.meta.dirname, '../../docs/images');
const update = process.env.UPDATE_SCREENSHOTS === '1';
const viewport = { width: 1280, height: 800 };

const session = useEditorSession();
const page = () => session.browser.page;

async function docsImage(screen: Page, name: string): Promise<void> {
  await screen.evaluate(() => document.fonts.ready);
  expect(await seriousViolations(screen)).toEqual([]);
  const file = path.join(images, `${name}.png`);
  if (update) {
    await mkdir(images, { recursive: true });
    await screen.screenshot({ path: file, animations: 'disabled' });
  }
  const png = await readFile(file).catch(() => {
    throw new Error(
      `docs/images/${name}.png is missing: run this test with UPDATE_SCREENSHOTS=1 and commit the image`,
    );
  });
  // A PNG starts with its signature, then the IHDR chunk: width and height as 32-bit big-endian numbers.
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect({
    width: png.readUInt32BE(16) <= viewport.width,
    height: png.readUInt32BE(20) <= viewport.height,
  }).toEqual({ width: true, height: true });
}

describe('the screenshots of the docs', () => {
  it('list: a collection of demo/blog', async () => {
    await page().setViewportSize(viewport);
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts`);
    await page().getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    await page()
      .getByRole('link', { name: /Hello, world/ })
      .waitFor();
    await docsImage(page(), 'list');
  });

  it('editor: a post with unsaved edits, its fields, body and preview', async () => {
    await page()
      .getByRole('link', { name: /Hello, world/ })
      .click();
    await page().getByLabel('Title').fill('Hello, editors');
    await appendToBody(page(), '\nEdited in the browser: every save is a commit.\n');
    await page()
      .getByTestId('preview')
      .getByText('Edited in the browser: every save is a commit.')
      .waitFor();
    await page().getByTestId('save-state').filter({ hasText: 'Unsaved changes' }).waitFor();
    // Typing scrolled to the end of the body: show the form from its top, as a person opening it sees it.
    await page().evaluate(() => window.scrollTo(0, 0));
    await docsImage(page(), 'editor');
  });

  it('review: the draft of that edit, field by field', async () => {
    await page().getByRole('button', { name: 'Save as change request' }).click();
    await waitForSaveState(page(), /Change request #\d+ saved/);
    await page().getByRole('link', { name: 'Open the change request' }).click();
    const titleRow = page().locator('tr[data-field="title"]');
    await titleRow.waitFor();
    expect(await titleRow.locator('td').allTextContents()).toEqual([
      'Hello, world',
      'Hello, editors',
    ]);
    // The field-by-field diff is what this page is for: bring it to the middle of the screen.
    await titleRow.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await docsImage(page(), 'review');
  });
});
