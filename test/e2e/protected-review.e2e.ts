import { describe, expect, it } from 'vitest';
import { signInAs, waitForSaveState } from './support/actions';
import { launchBrowser } from './support/browser';
import { gitShow } from './support/git';
import { screenshot } from './support/screenshots';
import { useEditorSession } from './support/session';
import { onGitHub } from '../support/drafts';

/**
 * A draft on a protected main: the review page says what the branch requires and why Publish
 * waits, a second person (alice, who may write to demo/blog) approves it with a comment in her own
 * browser, and then demo publishes it.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const file = 'content/posts/2024-04-18-static-sites-and-git.md';
const buildUrl = 'https://ci.example.org/build/42';

/** The local GitHub host's REST API, as `login` (protection and commit statuses are set there, as on GitHub). */
const host = (login: string, method: string, path: string, body?: unknown) =>
  onGitHub(session.service.github, login, method, path, body);

const blockerReasons = () =>
  page()
    .getByTestId('publish-blockers')
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-reason')));

describe('publishing a draft on a protected branch', () => {
  let reviewUrl: string;

  it('shows what main requires and keeps Publish disabled, saying why', async () => {
    await host('demo', 'PUT', '/repos/demo/blog/branches/main/protection', {
      required_status_checks: { strict: false, contexts: ['build'] },
      enforce_admins: true,
      required_pull_request_reviews: { required_approving_review_count: 1 },
      restrictions: null,
    });
    await page().goto(
      `${session.service.url}/app/r/demo/blog/c/posts/i/2024-04-18-static-sites-and-git`,
    );
    await page().getByLabel('Title').fill('Static sites, reviewed');
    await page().getByRole('button', { name: 'Save as change request' }).click();
    await waitForSaveState(page(), /Change request #\d+ saved/);
    await page().getByRole('link', { name: 'Open the change request' }).click();
    await page().getByRole('button', { name: 'Ready for review' }).click();
    await page().getByTestId('review-outcome').filter({ hasText: 'Ready for review' }).waitFor();
    reviewUrl = page().url();

    const publish = page().getByRole('button', { name: 'Publish', exact: true });
    await page().getByTestId('publish-blockers').waitFor();
    expect(await publish.isDisabled()).toBe(true);
    expect(await blockerReasons()).toEqual(['reviews', 'checks-pending']);
    expect(await page().getByTestId('publish-blockers').textContent()).toContain(
      'Needs 1 more approving review (1 required)',
    );
    expect(await page().getByTestId('review-requires').textContent()).toMatch(
      /1 approving review.*build/,
    );

    // The build reports success: only the approval is missing now, and the check links to its run.
    const pull = (await host(
      'demo',
      'GET',
      `/repos/demo/blog/pulls/${reviewUrl.split('/').pop()}`,
    )) as { head: { sha: string } };
    await host('demo', 'POST', `/repos/demo/blog/statuses/${pull.head.sha}`, {
      state: 'success',
      context: 'build',
      target_url: buildUrl,
    });
    await page().reload();
    await page().getByTestId('check-build').filter({ hasText: 'success' }).waitFor();
    expect(await page().getByTestId('check-build').getByRole('link').getAttribute('href')).toBe(
      buildUrl,
    );
    expect(await blockerReasons()).toEqual(['reviews']);
    expect(await publish.isDisabled()).toBe(true);
    expect(await page().getByTestId('publish-wait').allTextContents()).toEqual(['Needs approval']);
    expect(await page().getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await page()
      .getByLabel(/Reviewers/)
      .fill('alice');
    await page().getByRole('button', { name: 'Request review' }).click();
    await page().getByTestId('requested-reviewers').filter({ hasText: 'alice' }).waitFor();
    await screenshot(page(), '30-review-protected', { height: 1500 });
  });

  it('lets alice approve it with a comment in her own browser', async () => {
    const alice = await launchBrowser(session.service.url, session.service.github.url);
    try {
      await alice.page.goto(`${session.service.url}/app/`);
      await signInAs(alice.page, 'alice');
      await alice.page.getByRole('button', { name: 'Connect demo/blog' }).click();
      await alice.page
        .getByRole('list', { name: 'Connected repositories' })
        .getByRole('link', { name: 'demo/blog' })
        .waitFor();
      await alice.page.goto(reviewUrl);
      await alice.page.getByLabel('Your review').fill('Reads well, approved.');
      await alice.page.getByRole('button', { name: 'Approve' }).click();
      await alice.page.getByTestId('review-sent').waitFor();
      await alice.page.getByTestId('approved-by').filter({ hasText: 'alice' }).waitFor();
      await alice.page
        .getByTestId('review-entry')
        .filter({ hasText: 'Reads well, approved.' })
        .waitFor();
      await screenshot(alice.page, '31-review-approved', { height: 1500 });
      expect(alice.problems()).toEqual([]);
    } finally {
      await alice.close();
    }
  });

  it('publishes once approved', async () => {
    await page().reload();
    await page().getByTestId('approved-by').filter({ hasText: 'alice' }).waitFor();
    expect(
      await page().getByTestId('review-entry').filter({ hasText: 'alice' }).textContent(),
    ).toMatch(/Approved.*Reads well, approved\./);
    expect(await page().getByTestId('publish-blockers').count()).toBe(0);
    expect(await page().getByTestId('publish-wait').count()).toBe(0);
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page()
      .getByTestId('review-state')
      .filter({ hasText: 'Published' })
      .waitFor({ timeout: 20_000 });
    expect(await gitShow(session.gitDir, 'main', file)).toMatch(
      /^title: ['"]?Static sites, reviewed['"]?$/m,
    );
  });

  it('logged no console errors, page errors or requests to other hosts', () => {
    expect(session.browser.problems()).toEqual([]);
  });
});
