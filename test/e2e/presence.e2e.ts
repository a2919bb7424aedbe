import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { seriousViolations } from './support/accessibility';
import { useEditorSession } from './support/session';

/**
 * Presence in Chromium: demo opens an item alice has open, sees her on the item and in the list,
 * and hears, before saving, that she saved a newer version.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const slug = '2024-03-02-writing-in-markdown';
const item = `/api/repos/demo%2Fblog/content/posts/${slug}`;
const presence = `/api/repos/demo%2Fblog/presence/posts/${slug}`;

/** How far the notice reaches past the viewport's right edge (the item screen's own layout is checked elsewhere). */
const noticeOverflow = (width: number) =>
  page()
    .getByTestId('presence-notice')
    .evaluate((element, viewport) => element.getBoundingClientRect().right - viewport, width);

describe('who else is editing', () => {
  it('shows alice on the item and in the list, and announces her newer version before a save', async () => {
    // Prepare: alice has the item open (her editor's heartbeat).
    const api = apiClient(session.service.url);
    const alice = await api.signIn('alice');
    const opened = (await api.get(item, { session: alice })).body;
    expect((await api.put(presence, { sha: opened.sha }, { session: alice })).status).toBe(200);

    // Act: demo opens the same item.
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/${slug}`);
    await page().getByLabel('Title').waitFor();

    // Assess: the notice names her.
    const notice = page().getByTestId('presence-notice');
    await notice.filter({ hasText: 'alice is editing — opened just now.' }).waitFor();
    expect(await seriousViolations(page())).toEqual([]);
    for (const width of [360, 390]) {
      await page().setViewportSize({ width, height: 844 });
      expect(await noticeOverflow(width), `overflow at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page().setViewportSize({ width: 1440, height: 900 });

    // Act: alice saves, and her next heartbeat names her new version; demo's tab shows again.
    const saved = await api.put(
      item,
      {
        frontmatter: { ...opened.frontmatter, description: 'Alice saved this first.' },
        body: opened.body,
        sha: opened.sha,
      },
      { session: alice },
    );
    expect(saved.status).toBe(200);
    expect((await api.put(presence, { sha: saved.body.sha }, { session: alice })).status).toBe(200);
    await page().evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

    // Assess: the save that would need merging is announced before it is tried.
    await notice
      .filter({ hasText: 'alice saved a newer version — your save will need merging.' })
      .waitFor();

    // And in the list, her row says she is editing it.
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts`);
    const row = page().getByRole('listitem').filter({ hasText: 'Writing in Markdown' });
    await row.getByTestId('editing-badge').filter({ hasText: 'alice is editing' }).waitFor();
    expect(await seriousViolations(page())).toEqual([]);
  });

  it("finds the favicon on a deep page (the icon's address does not depend on the page's)", async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/${slug}`);
    await page().getByLabel('Title').waitFor();
    const icon = await page().evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href;
      const response = await fetch(href);
      return { href, status: response.status, type: response.headers.get('content-type') };
    });
    expect(icon.href).toBe(`${session.service.url}/app/favicon.svg`);
    expect(icon).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/) });
  });
});
