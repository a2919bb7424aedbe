import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './accessibility';

const dir = path.resolve(import.meta.dirname, '../screenshots');

/** Phone widths every captured screen is held to: nothing may scroll sideways there. */
export const phoneWidths = [360, 390] as const;

/**
 * Writes test/e2e/screenshots/<name>.png (gitignored), after fonts and pending renders settle, and
 * audits the screen with axe-core first: a serious or critical violation fails the test, naming
 * the screen, the rule and the element. The same screen is then laid out at each phone width and
 * fails if the page is wider than the window there, naming what sticks out.
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
  if (viewport) await assertNoSidewaysScroll(page, name, viewport);
}

async function assertNoSidewaysScroll(
  page: Page,
  name: string,
  viewport: { width: number; height: number },
): Promise<void> {
  const problems: string[] = [];
  for (const width of phoneWidths) {
    await page.setViewportSize({ width, height: viewport.height });
    // Two frames: media-query listeners re-render (React) before the layout is measured.
    const found = await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const scroller = document.scrollingElement ?? document.documentElement;
      const limit = window.innerWidth;
      if (scroller.scrollWidth <= limit) return undefined;
      const sticksOut = (element: Element | null) =>
        element !== null && element.getBoundingClientRect().right > limit + 0.5;
      // The outermost elements that stick out: their children follow them.
      const wide = [...document.body.querySelectorAll('*')]
        .filter((element) => sticksOut(element) && !sticksOut(element.parentElement))
        .slice(0, 5)
        .map((element) => {
          const tag = element.tagName.toLowerCase();
          const classes = element.getAttribute('class')?.trim().replace(/\s+/g, '.');
          return `${tag}${classes ? `.${classes}` : ''} (right ${Math.round(element.getBoundingClientRect().right)})`;
        });
      return `${scroller.scrollWidth} px wide: ${wide.join(', ')}`;
    });
    if (found) problems.push(`at ${width} px the page is ${found}`);
  }
  await page.setViewportSize(viewport);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  if (problems.length > 0)
    throw new Error(`Sideways scrolling on screen ${name}:\n${problems.join('\n')}`);
}
