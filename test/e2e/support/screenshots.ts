import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '../screenshots');

/** Writes test/e2e/screenshots/<name>.png (gitignored), after fonts and pending renders settle. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false, animations: 'disabled' });
}
