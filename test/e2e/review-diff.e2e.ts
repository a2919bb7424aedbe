import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { blog } from '../support/drafts';
import { seriousViolations } from './support/accessibility';
import { useEditorSession } from './support/session';

/** The review page of a new item's draft: the diff first, the values themselves, nested ones by content, relations by name. */
const session = useEditorSession();
const page = () => session.browser.page;
let number = 0;

describe('the review page', () => {
  it("shows a new item's values, nested ones by content, before the review, the schedule and the comments", async () => {
    // Prepare: a new post saved as a draft, its review opened (through the API).
    const api = apiClient(session.service.url);
    const demo = await api.signIn('demo');
    const saved = await api.put(
      `${blog}/content/posts/review-first`,
      {
        frontmatter: {
          title: 'Review first',
          date: '2026-11-27',
          author: 'alice',
          seo: { title: 'Search me' },
          links: [{ label: 'Docs', url: 'https://example.com/docs' }],
        },
        body: 'A new post.\n',
        mode: 'branch',
      },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const opened = await api.post(
      `${blog}/pulls`,
      { branch: 'cms/posts/review-first', title: 'Review first' },
      { session: demo },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    number = opened.body.number;

    // Act
    await page().goto(`${session.service.url}/app/r/demo/blog/reviews/${opened.body.number}`);
    const diff = page().getByTestId('field-diff');
    await diff.waitFor();

    // Assess: values, not "Changed / (absent)"; nested values by content, not a count.
    const text = (await diff.textContent()) ?? '';
    expect(text).not.toContain('(absent)');
    expect(text).toContain('title: Search me');
    expect(text).toContain('label: Docs, url: https://example.com/docs');
    // A relation by the related item's display field, not its slug.
    await diff.locator('tr[data-field="author"] td').filter({ hasText: 'Alice Martin' }).waitFor();
    // The diff comes before the review, the schedule and the comments.
    const headings = (await page().getByRole('heading', { level: 2 }).allTextContents()).map(
      (heading) => heading.trim(),
    );
    const changes = headings.indexOf('Changes');
    expect(changes).toBeGreaterThanOrEqual(0);
    for (const after of ['Review', 'Publish later', 'Comments'])
      expect(changes, headings.join(' | ')).toBeLessThan(headings.indexOf(after));
    expect(await seriousViolations(page())).toEqual([]);
  });

  it('publishes later at a local time, named with its zone on the review page and on the board card', async () => {
    // Act: schedule the draft for a local time (the input speaks the browser's zone).
    await page().goto(`${session.service.url}/app/r/demo/blog/reviews/${number}`);
    const zone = await page().evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    // Two days ahead at 09:30, in the browser's own calendar (the service takes 1 minute to 366 days ahead).
    const day = await page().evaluate(() => {
      const date = new Date(Date.now() + 2 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    });
    await page()
      .getByLabel(/Publish at/)
      .fill(`${day}T09:30`);
    await page().getByRole('button', { name: 'Schedule publish' }).click();

    // Assess: the pending schedule and the board card both say 09:30 in that zone.
    const pending = page().getByTestId('schedule-pending');
    await pending.waitFor();
    expect(await pending.textContent()).toMatch(new RegExp(`09:30.*\\(${zone}\\)`));
    await page().goto(`${session.service.url}/app/r/demo/blog/reviews`);
    const badge = page().getByTestId('board-scheduled');
    await badge.waitFor();
    expect(await badge.textContent()).toMatch(new RegExp(`^Publishes .*09:30.*\\(${zone}\\)$`));
    expect(await seriousViolations(page())).toEqual([]);
  });
});
