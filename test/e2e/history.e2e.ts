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
  });
});
