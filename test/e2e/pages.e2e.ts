import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { seriousViolations } from './support/accessibility';
import { signInAs } from './support/actions';
import { launchBrowser } from './support/browser';
import { useEditorSession } from './support/session';

/**
 * The smaller pages in Chromium under the production CSP (#34 item 8): an item only on its change
 * request opens without a failed request, Activity names it by title, the Webhooks form explains its
 * disabled button, a repository without cms.config.json offers cms init, and bob (no access) gets
 * the one no-access message; each passes an axe audit and fits 360 and 390 px screens.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const slug = 'only-on-its-change-request';
const title = 'Only on its change request';

/** How far the page is wider than the screen at each phone width (0 or less: it fits). */
async function overflowAtPhoneWidths(target = page()): Promise<Record<number, number>> {
  const found: Record<number, number> = {};
  for (const width of [360, 390]) {
    await target.setViewportSize({ width, height: 844 });
    found[width] = await target.evaluate(() =>
      Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
    );
  }
  await target.setViewportSize({ width: 1280, height: 860 });
  return found;
}

describe('the smaller pages', () => {
  it('opens an item that exists only on its change request with no failed request, and fits a phone', async () => {
    const api = apiClient(session.service.url);
    const demo = await api.signIn('demo');
    const saved = await api.put(
      `/api/repos/demo%2Fblog/content/posts/${slug}`,
      {
        frontmatter: { title, date: '2026-11-28' },
        body: 'Written as a change request.\n',
        mode: 'branch',
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    const opened = await api.post(
      '/api/repos/demo%2Fblog/pulls',
      { branch: saved.body.branch, title },
      { session: demo },
    );
    expect(opened.status).toBe(200);

    const failed: string[] = [];
    const record = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    };
    page().on('response', record);
    try {
      await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/${slug}`);
      await expect.poll(() => page().getByLabel('Title').inputValue()).toBe(title);
      await page()
        .getByText(/You are editing change request/)
        .waitFor();
    } finally {
      page().off('response', record);
    }
    expect(failed).toEqual([]);
    expect(await overflowAtPhoneWidths()).toEqual({ 360: 0, 390: 0 });
  });

  it('shows Activity with item titles and files, the commit hash only for a publish', async () => {
    const api = apiClient(session.service.url);
    const demo = await api.signIn('demo');
    const item = '/api/repos/demo%2Fblog/content/posts/2024-02-14-hello-world';
    const hello = (await api.get(item, { session: demo })).body;
    const saved = await api.put(
      item,
      {
        frontmatter: hello.frontmatter,
        body: `${hello.body}\nOne more line.\n`,
        sha: hello.sha,
        mode: 'direct',
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);

    await page().goto(`${session.service.url}/app/r/demo/blog/activity`);
    const row = page().getByTestId('activity-row').first();
    await row.getByRole('link', { name: 'Hello, world' }).waitFor();
    expect(await row.textContent()).toContain('saved Hello, world Posts');
    expect(await row.textContent()).toContain('content/posts/2024-02-14-hello-world.md');
    expect(await row.textContent()).not.toMatch(/commit [0-9a-f]{7}/);
    // The item only on its change request is not in the list: its slug and file stand in.
    expect(
      await page().getByTestId('activity-row').filter({ hasText: slug }).first().textContent(),
    ).toContain(`content/posts/${slug}.md`);
    expect(await seriousViolations(page())).toEqual([]);
    expect(await overflowAtPhoneWidths()).toEqual({ 360: 0, 390: 0 });
  });

  it('words the Webhooks form: each event labelled with its checkbox, and why Add is disabled', async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/webhooks`);
    const add = page().getByRole('button', { name: 'Add webhook' });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    await page()
      .getByText('Enter the address to send to, then choose at least one event.')
      .waitFor();
    await page().getByLabel('A change request is published').check();
    await page().getByLabel('Address').fill('https://ci.example.com/cms');
    expect(await add.isDisabled()).toBe(false);
    expect(await seriousViolations(page())).toEqual([]);
    expect(await overflowAtPhoneWidths()).toEqual({ 360: 0, 390: 0 });
  });

  it('offers cms init for a repository without cms.config.json', async () => {
    session.browser.allow(/status of 400/);
    await page().goto(`${session.service.url}/app/`);
    await page().getByRole('button', { name: 'Connect demo/no-config' }).click();
    const alert = page()
      .getByRole('alert')
      .filter({ hasText: 'demo/no-config has no cms.config.json yet' });
    await alert.waitFor();
    expect(await alert.locator('pre').textContent()).toContain('cms init\n');
    expect(await alert.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe(
      '/api/docs#/repos/getConfig',
    );
    expect(await seriousViolations(page())).toEqual([]);
    expect(await overflowAtPhoneWidths()).toEqual({ 360: 0, 390: 0 });
  });

  it('gives bob, who reaches no repository, the one no-access message, with no Try again', async () => {
    const bob = await launchBrowser(session.service.url, session.service.github.url);
    try {
      // The service's one 404 for a repository bob cannot see.
      bob.allow(/status of 404/);
      await bob.page.goto(`${session.service.url}/app/`);
      await signInAs(bob.page, 'bob');
      await bob.page.getByRole('heading', { name: 'No repository you can edit yet' }).waitFor();
      await bob.page.getByText(/Ask an administrator of the repository to add you/).waitFor();
      expect(await seriousViolations(bob.page)).toEqual([]);
      expect(await overflowAtPhoneWidths(bob.page)).toEqual({ 360: 0, 390: 0 });

      await bob.page.goto(`${session.service.url}/app/r/demo/blog`);
      await bob.page.getByRole('heading', { name: 'You cannot open demo/blog' }).waitFor();
      expect(await bob.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await seriousViolations(bob.page)).toEqual([]);
      expect(await overflowAtPhoneWidths(bob.page)).toEqual({ 360: 0, 390: 0 });
      expect(bob.problems()).toEqual([]);
    } finally {
      await bob.close();
    }
  });
});
