import type { Page } from 'playwright-core';

/** Signs in through the editor's button and the local host's authorize page, as a person would. */
export async function signInAs(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.locator('select[name="login"]').selectOption(login);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('username').filter({ hasText: login }).waitFor();
}

/** Moves to the end of the CodeMirror body and types `text` (insertText: one input event, like a paste). */
export async function appendToBody(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(text);
}

/** Replaces the whole CodeMirror body. */
export async function replaceBody(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

export async function saveState(page: Page): Promise<string> {
  return (await page.getByTestId('save-state').textContent()) ?? '';
}

/** Waits until the save state reads `pattern` (Publishing… / Saving… come first). */
export async function waitForSaveState(page: Page, pattern: RegExp): Promise<void> {
  await page.getByTestId('save-state').filter({ hasText: pattern }).waitFor({ timeout: 20_000 });
}
