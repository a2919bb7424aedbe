import { describe, expect, it } from 'vitest';
import { kb } from '../../bench/markdown';
import { measureWebSizes, webTargets } from '../../bench/web-sizes';

/**
 * The editor's JavaScript per screen, built as it ships, against its budgets (bytes, not time):
 * a change that makes a first visit download more than the targets fails here, not only in the
 * benchmark report.
 */
describe('what each screen of the editor downloads, gzipped', () => {
  it(
    `stays within ${kb(webTargets.listPageGzip)} KB for the list page and ${kb(webTargets.anyScreenGzip)} KB for any screen`,
    { timeout: 240_000 },
    async () => {
      // Built as `npm run build` builds it: the test runner's NODE_ENV=test would ship React's development code.
      const runnerEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      const sizes = await measureWebSizes(() => undefined).finally(() => {
        process.env.NODE_ENV = runnerEnv;
      });
      const [list] = sizes.screens;
      // An .mdx item loads MDX's reader besides: its screens are held to the same budget.
      expect(sizes.screens.map((screen) => screen.short)).toEqual(
        expect.arrayContaining([
          'the editor with an .mdx item and its preview',
          'the rich-text editor with an .mdx item and its preview',
        ]),
      );
      expect(list!.gzipBytes, `the list page: ${kb(list!.gzipBytes)} KB`).toBeLessThanOrEqual(
        webTargets.listPageGzip,
      );
      for (const screen of sizes.screens)
        expect(
          screen.gzipBytes,
          `${screen.screen}: ${kb(screen.gzipBytes)} KB`,
        ).toBeLessThanOrEqual(webTargets.anyScreenGzip);
      // The API reference (/api/docs) is a page of its own: no screen of the editor loads its renderer.
      const apiDocs = sizes.pages.find((page) => page.screen === 'web/api-docs.html');
      expect(apiDocs, 'the API reference is built as its own page').toBeDefined();
      const renderer = apiDocs!.files.at(-1)!;
      for (const screen of sizes.screens)
        expect(screen.files, screen.screen).not.toContain(renderer);
    },
  );
});
