import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './accessibility';

const dir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Writes test/e2e/screenshots/<name>.png (gitignored), after fonts and pending renders settle, and
 * audits the screen with axe-core first: a serious or critical violation fails the test, naming
 * the screen, the rule and the element.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { height?: number } = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  const violations = await seriousViolations(page);
  if (process.env.AUDIT_REPORT) console.log(`[audit] ${name}: ${JSON.stringify(violations)}`);
  if (violations.length > 0)
    throw new Error(`Accessibility (axe-core) on screen ${name}:\n${violations.join('\n')}`);
  // A taller viewport rather than fullPage: the sticky header and toolbar stay where a reader sees them.
  const viewport = page.viewportSize();
  if (options.height && viewport)
    await page.setViewportSize({ width: viewport.width, height: options.height });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
  if (options.height && viewport) await page.setViewportSize(viewport);
}
