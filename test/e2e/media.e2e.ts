import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/accessibility';
import { waitForSaveState } from './support/actions';
import { gitShow } from './support/git';
import { useEditorSession } from './support/session';
import { screenshot } from './support/screenshots';

/**
 * Media end to end on the demo blog (posts work in drafts; its media folder is static/media,
 * served at /media): an image uploaded into a post's Cover field and one pasted into the body go
 * to the post's draft, show in the field, the preview and the library, show as thumbnails in the
 * review, and reach main when the draft is published.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const slug = '2024-05-06-roadmap';
const picture = () =>
  readFile(
    new URL(
      '../../packages/github-local/src/seed-content/blog/static/media/hills.png',
      import.meta.url,
    ),
  );

/** Whether an <img> has loaded real pixels (it was served, and decoded as an image). */
const loaded = (selector: string) =>
  page()
    .locator(selector)
    .first()
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

describe('images in a post', () => {
  let number = 0;

  it('uploads an image into the cover field, showing its thumbnail read through the service', async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/${slug}`);
    await page().getByLabel('Title').waitFor();
    await page()
      .locator('input[type="file"][aria-label="Upload image for Cover image"]')
      .setInputFiles({ name: 'Cover Photo.png', mimeType: 'image/png', buffer: await picture() });
    await expect
      .poll(() => page().getByLabel('Cover image', { exact: true }).inputValue(), {
        timeout: 20_000,
      })
      .toBe('/media/cover-photo.png');
    const thumb = page().getByRole('img', { name: 'Preview of cover-photo.png' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toBe(
      `/api/repos/demo%2Fblog/media/file?path=static%2Fmedia%2Fcover-photo.png&ref=cms%2Fposts%2F${slug}`,
    );
    await expect.poll(() => loaded('img[alt="Preview of cover-photo.png"]')).toBe(true);
    expect(
      await gitShow(session.gitDir, `cms/posts/${slug}`, 'static/media/cover-photo.png').then(
        (bytes) => bytes.length > 0,
      ),
    ).toBe(true);
    await page().locator('.field-media').first().scrollIntoViewIfNeeded();
    await screenshot(page(), 'media-01-cover-field');
  });

  it('pastes an image into the body: a placeholder, then its markdown at the cursor, shown in the preview', async () => {
    const base64 = (await picture()).toString('base64');
    await page().locator('.cm-content').click();
    await page().keyboard.press('Control+End');
    await page().evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'Body Pic.png', { type: 'image/png' }));
      document
        .querySelector('.cm-content')!
        .dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
    }, base64);
    // The alternative text is asked for, not taken from the file's name.
    const describe = page().getByRole('dialog', { name: 'Describe the image' });
    await describe.getByLabel('Alternative text').fill('Hills at dawn');
    expect(await seriousViolations(page())).toEqual([]);
    await describe.getByRole('button', { name: 'Insert image' }).click();
    await page()
      .locator('.cm-content')
      .filter({ hasText: '![Hills at dawn](/media/body-pic.png)' })
      .waitFor({ timeout: 20_000 });
    expect(await page().locator('.cm-content').textContent()).not.toContain('Uploading');
    const shown = page().getByTestId('preview').locator('img[alt="Hills at dawn"]');
    await shown.waitFor();
    expect(await shown.getAttribute('src')).toBe(
      `/api/repos/demo%2Fblog/media/file?path=static%2Fmedia%2Fbody-pic.png&ref=cms%2Fposts%2F${slug}`,
    );
    await expect.poll(() => loaded('[data-testid="preview"] img[alt="Hills at dawn"]')).toBe(true);
  });

  it('uploads an image dropped on the body and links it where it was dropped', async () => {
    const base64 = (await picture()).toString('base64');
    await page().evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      const line = document.querySelector('.cm-content .cm-line')!.getBoundingClientRect();
      document.querySelector('.cm-content')!.dispatchEvent(
        new DragEvent('drop', {
          dataTransfer: transfer,
          clientX: line.left + 1,
          clientY: line.top + line.height / 2,
          bubbles: true,
          cancelable: true,
        }),
      );
    }, base64);
    // Closing the question without an answer marks the image decorative.
    await page().getByRole('dialog', { name: 'Describe the image' }).waitFor();
    await page().keyboard.press('Escape');
    await page()
      .locator('.cm-content')
      .filter({ hasText: '![](/media/dropped.png)' })
      .waitFor({ timeout: 20_000 });
    // Dropped on the first line: above the image pasted at the end.
    const text = (await page().locator('.cm-content').textContent()) ?? '';
    expect(text.indexOf('![](/media/dropped.png)')).toBeLessThan(text.indexOf('Next up'));
  });

  it('opens the media library on the draft: the folder as a grid, searchable, and closes with Escape back to its button', async () => {
    const opener = page().getByRole('button', { name: 'Choose from library' });
    await opener.click();
    const dialog = page().getByRole('dialog', { name: 'Media library' });
    const tiles = dialog
      .getByRole('list', { name: 'Media files' })
      .getByRole('button', { name: /^Choose / });
    await expect
      .poll(() => tiles.allTextContents())
      .toEqual(
        ['body-pic.png', 'cover-photo.png', 'dropped.png', 'hills.png'].map((name) =>
          expect.stringContaining(name),
        ),
      );
    await expect.poll(() => loaded('dialog .media-grid img')).toBe(true);
    await screenshot(page(), 'media-02-library');
    await dialog.getByRole('searchbox', { name: 'Search by name' }).fill('hill');
    await expect.poll(() => tiles.count()).toBe(1);
    // The first Escape empties the search box (the browser's own), the next closes the dialog.
    await page().keyboard.press('Escape');
    await expect.poll(() => tiles.count()).toBe(4);
    await page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('inserts a file chosen in the library into the body at the cursor', async () => {
    await page().locator('.cm-content').click();
    await page().keyboard.press('Control+End');
    await page().keyboard.insertText('\n\n');
    await page().getByRole('button', { name: 'Insert from library…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Media library' });
    await dialog.getByRole('button', { name: /^Choose hills\.png/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const describe = page().getByRole('dialog', { name: 'Describe the image' });
    await describe.getByLabel('Alternative text').fill('Green hills');
    await describe.getByLabel('Alternative text').press('Enter');
    await page()
      .locator('.cm-content')
      .filter({ hasText: '![Green hills](/media/hills.png)' })
      .waitFor();
    await page().getByTestId('preview').locator('img[alt="Green hills"]').waitFor();
  });

  it('warns before deleting a file the open item uses; Cancel deletes nothing; fits a phone', async () => {
    await page().getByRole('button', { name: 'Choose from library' }).click();
    const library = page().getByRole('dialog', { name: 'Media library' });
    await library.getByRole('button', { name: 'Delete cover-photo.png' }).click();
    const confirm = page().getByRole('dialog', { name: 'Delete cover-photo.png?' });
    await confirm.getByTestId('media-uses').filter({ hasText: 'This item uses it.' }).waitFor();
    expect(await confirm.getByTestId('media-uses').textContent()).toContain(
      "Other items' bodies are not searched",
    );
    expect(await seriousViolations(page())).toEqual([]);
    for (const width of [360, 390]) {
      await page().setViewportSize({ width, height: 844 });
      expect(
        await page().evaluate(() => document.documentElement.scrollWidth - innerWidth),
        `overflow at ${width} px`,
      ).toBeLessThanOrEqual(0);
    }
    await page().setViewportSize({ width: 1280, height: 860 });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await library.getByRole('button', { name: 'Close' }).click();
    await library.waitFor({ state: 'hidden' });
  });

  it('saves the draft, shows the new images as thumbnails in its review, publishes it, and main has them', async () => {
    await page().keyboard.press('Control+S');
    await waitForSaveState(page(), /Change request #\d+ saved/);
    number = Number(
      /#(\d+)/.exec((await page().getByTestId('save-state').textContent()) ?? '')?.[1],
    );
    await page().goto(`${session.service.url}/app/r/demo/blog/reviews/${number}`);
    const thumbs = page().getByTestId('diff-thumb');
    await expect.poll(() => thumbs.count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => loaded('[data-testid="diff-thumb"]')).toBe(true);
    expect(await page().locator('tr[data-field="cover"] td').allTextContents()).toContainEqual(
      expect.stringContaining('/media/cover-photo.png'),
    );
    await screenshot(page(), 'media-03-review', { height: 1500 });
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page()
      .getByTestId('review-outcome')
      .filter({ hasText: 'Published' })
      .waitFor({ timeout: 20_000 });
    const post = await gitShow(session.gitDir, 'main', `content/posts/${slug}.md`);
    expect(post).toContain('cover: /media/cover-photo.png');
    expect(post).toContain('![Hills at dawn](/media/body-pic.png)');
    expect(post).toContain('![Green hills](/media/hills.png)');
    for (const file of [
      'static/media/cover-photo.png',
      'static/media/body-pic.png',
      'static/media/dropped.png',
    ])
      expect((await gitShow(session.gitDir, 'main', file)).length).toBeGreaterThan(0);
  });
});
