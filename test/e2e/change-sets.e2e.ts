import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { blog } from '../support/drafts';
import { seriousViolations } from './support/accessibility';
import { waitForSaveState } from './support/actions';
import { gitLog, gitShow } from './support/git';
import { useEditorSession } from './support/session';

/**
 * Change sets in the editor (issue #38): items of two collections added to one set on save, the
 * set's page with their diffs, an item taken out, the set's card on the board, and one publish,
 * confirmed with what will change, putting every item on main.
 */
const session = useEditorSession();
beforeAll(() => {
  // Leaving a page whose edits a refused save kept asks first (beforeunload): the tests leave.
  session.browser.page.on(
    'dialog',
    (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()),
  );
});
const page = () => session.browser.page;
const url = (path: string) => `${session.service.url}/app/r/demo/blog${path}`;
const post = '2024-02-14-hello-world';

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
const sideways = () =>
  page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function open(collection: string, slug: string, label: string): Promise<void> {
  await page().goto(url(`/c/${collection}/i/${slug}`));
  await page().getByLabel(label).waitFor();
}

/** "Add to change set…", then an open set by its title, or a new one by name and title. */
async function addToSet(choice: { title: string } | { name: string; title: string }) {
  await page().getByRole('button', { name: 'Add to change set…' }).click();
  const dialog = page().getByRole('dialog', { name: 'Add to a change set' });
  if ('name' in choice) {
    await dialog.getByRole('radio', { name: 'A new change set' }).check();
    await dialog.getByLabel('Name').fill(choice.name);
    await dialog.getByLabel('Title').fill(choice.title);
  } else await dialog.getByRole('radio', { name: new RegExp(`^${choice.title}`) }).check();
  await dialog.getByRole('button', { name: 'Save to change set' }).click();
  return dialog;
}

describe('change sets in the editor', () => {
  it("adds items of two collections to a set on save, showing the service's refusals of a name and of an item another set holds", async () => {
    // Act: a post edited and added to a new set; first with a name the service refuses.
    await open('posts', post, 'Title');
    await page().getByLabel('Title').fill('Hello, spring');
    session.browser.allow(/status of 400/);
    const dialog = await addToSet({ name: 'Spring Launch', title: 'Spring launch' });

    // Assess: the service's 400 is shown in the dialog, and nothing was saved.
    const refusal = dialog.getByTestId('set-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/name: expected 1 to 64 lowercase letters/);
    await dialog.getByLabel('Name').fill('spring-launch');
    await dialog.getByRole('button', { name: 'Save to change set' }).click();
    await waitForSaveState(page(), /Saved in change set Spring launch/);
    const banner = page().getByTestId('set-banner');
    expect(await banner.textContent()).toContain('In change set Spring launch');
    expect(
      await gitShow(session.gitDir, 'cms/_sets/spring-launch', `content/posts/${post}.md`),
    ).toContain('title: "Hello, spring"');
    expect(await gitShow(session.gitDir, 'main', `content/posts/${post}.md`)).not.toContain(
      'Hello, spring',
    );

    // Act: two authors, added to the open set picked from the list.
    for (const [slug, bio] of [
      ['alice', 'Leads the spring launch.'],
      ['bob', 'Reviews the spring launch.'],
    ] as const) {
      await open('authors', slug, 'Name');
      await page().getByLabel('Bio').fill(bio);
      await addToSet({ title: 'Spring launch' });
      await waitForSaveState(page(), /Saved in change set Spring launch/);
    }

    // Assess: reopened, the item is the set's: saved into it only, no other choice offered.
    await open('posts', post, 'Title');
    expect(await page().getByLabel('Title').inputValue()).toBe('Hello, spring');
    await page().getByTestId('set-banner').waitFor();
    const toolbar = page().getByRole('toolbar', { name: 'Item actions' });
    expect(await toolbar.getByRole('button', { name: 'Save to change set' }).count()).toBe(1);
    for (const other of ['Add to change set…', 'Publish', 'Save as change request'])
      expect(await toolbar.getByRole('button', { name: other, exact: true }).count()).toBe(0);
    expect(await seriousViolations(page())).toEqual([]);
    await page().setViewportSize({ width: 360, height: 844 });
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page().setViewportSize({ width: 1280, height: 860 });

    // Prepare: another post with a change request of its own.
    await open('posts', '2024-05-06-roadmap', 'Title');
    await page().getByLabel('Title').fill('Roadmap, in review');
    await page().getByRole('button', { name: 'Save as change request' }).click();
    await waitForSaveState(page(), /Change request #\d+ saved/);

    // Assess: its own change request is named, and no change set is offered for it.
    await page().getByTestId('draft-banner').waitFor();
    expect(await toolbar.getByRole('button', { name: 'Add to change set…' }).count()).toBe(0);

    // Prepare: an author's page open, then saved into the set by someone else (the API), and a
    // second set started meanwhile.
    await open('authors', 'demo', 'Name');
    const api = apiClient(session.service.url);
    const demo = await api.signIn('demo');
    const author = (await api.get(`${blog}/content/authors/demo`, { session: demo })).body;
    const elsewhere = await api.put(
      `${blog}/content/authors/demo`,
      {
        frontmatter: { ...author.frontmatter, bio: 'Elsewhere.' },
        body: author.body,
        sha: author.sha,
        set: 'spring-launch',
      },
      { session: demo },
    );
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    const summer = await api.post(
      `${blog}/sets`,
      { name: 'summer', title: 'Summer' },
      { session: demo },
    );
    expect(summer.status, JSON.stringify(summer.body)).toBe(200);

    // Act: the stale page adds the author to the second set.
    session.browser.allow(/status of 409/);
    await page().getByLabel('Bio').fill('Summer too.');
    await addToSet({ title: 'Summer' });

    // Assess: the service's 409 names the set holding the item; nothing was saved into Summer.
    await waitForSaveState(
      page(),
      /Not added to the change set: authors\/demo is in change set spring-launch/,
    );
    await expect(
      gitShow(session.gitDir, 'cms/_sets/summer', 'content/authors/demo.md'),
    ).resolves.not.toContain('Summer too.');
    const out = await api.delete(`${blog}/sets/spring-launch/items/authors/demo`, {
      session: demo,
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
  });

  it("lists the set's items by collection with their diffs, takes one out, and says which it deletes", async () => {
    // Act: the set's page, from the item's banner.
    await open('posts', post, 'Title');
    await page().getByRole('link', { name: 'Open the change set' }).click();
    const items = page().getByTestId('set-item');
    await items.first().waitFor();

    // Assess: Posts then Authors, each item with its kind and its field diff.
    const groups = page().getByTestId('set-group').locator('h3');
    expect((await groups.allTextContents()).map((text) => text.trim())).toEqual([
      'Posts (1)',
      'Authors (2)',
    ]);
    const postItem = page().locator(`[data-item="posts/${post}"]`);
    expect(await postItem.getByTestId('set-item-kind').textContent()).toBe('Edit');
    expect(await postItem.locator('tr[data-field="title"]').textContent()).toContain(
      'Hello, spring',
    );
    const alice = page().locator('[data-item="authors/alice"]');
    expect(await alice.locator('tr[data-field="bio"]').textContent()).toContain(
      'Leads the spring launch.',
    );

    // Act: Bob taken out of the set.
    await page()
      .locator('[data-item="authors/bob"]')
      .getByRole('button', { name: 'Remove from set' })
      .click();
    await page().getByRole('dialog').getByRole('button', { name: 'Remove from set' }).click();

    // Assess: two items left; Bob's file on the set's branch is main's again.
    await page().locator('[data-item="authors/bob"]').waitFor({ state: 'detached' });
    expect(await items.count()).toBe(2);
    expect(await gitShow(session.gitDir, 'cms/_sets/spring-launch', 'content/authors/bob.md')).toBe(
      await gitShow(session.gitDir, 'main', 'content/authors/bob.md'),
    );
    expect(await seriousViolations(page())).toEqual([]);

    // A phone: nothing of the set's page scrolls sideways.
    await page().setViewportSize({ width: 360, height: 844 });
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page().setViewportSize({ width: 1280, height: 860 });

    // Prepare: an author deleted in the set (by the API).
    const api = apiClient(session.service.url);
    const demo = await api.signIn('demo');
    const inSet = 'branch=cms/_sets/spring-launch';
    const author = (await api.get(`${blog}/content/authors/demo?${inSet}`, { session: demo })).body;
    const deleted = await api.delete(
      `${blog}/content/authors/demo?sha=${author.sha}&set=spring-launch`,
      { session: demo },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    // Act: the author's page.
    await page().goto(url('/c/authors/i/demo'));

    // Assess: it says the set deletes the item, and leads to the set's page, where it is kept.
    await page().getByText('demo is deleted in change set Spring launch').waitFor();
    await page().getByRole('link', { name: 'the change set’s page' }).click();
    const gone = page().locator('[data-item="authors/demo"]');
    expect(await gone.getByTestId('set-item-kind').textContent()).toBe('Deleted');
    await gone.getByRole('button', { name: 'Remove from set' }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Remove from set' }).click();
    await gone.waitFor({ state: 'detached' });
    expect(
      await gitShow(session.gitDir, 'cms/_sets/spring-launch', 'content/authors/demo.md'),
    ).toBe(await gitShow(session.gitDir, 'main', 'content/authors/demo.md'));
  });

  it("shows the set on the board as a card of its own, which opens the set's page", async () => {
    // Act
    await page().goto(url('/reviews'));
    const card = page().locator('li.board-card', { hasText: 'Spring launch' });
    await card.getByTestId('board-set').filter({ hasText: '2 items' }).waitFor();

    // Assess: the set's name and count where a draft names its item; no " / " of no item.
    expect(await card.getByTestId('board-set').textContent()).toBe(
      'Change set spring-launch · 2 items',
    );
    expect(await card.textContent()).not.toContain(' / ');
    await page().setViewportSize({ width: 360, height: 844 });
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page().setViewportSize({ width: 1280, height: 860 });
    await card.getByRole('link', { name: 'Spring launch' }).click();
    await page().getByTestId('set-item').first().waitFor();
    expect(await seriousViolations(page())).toEqual([]);
  });

  it('publishes the set with one confirmed action, only as read: a save since asks to reload first', async () => {
    // Prepare: the set's page, and its publish question listing what will change.
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    let question = page().getByRole('dialog', { name: /^Publish change set “Spring launch”/ });
    await question.getByTestId('set-publish-list').waitFor();
    const listed = async () =>
      (await question.getByTestId('set-publish-list').locator('li').allTextContents()).map((line) =>
        line.trim(),
      );
    expect(await listed()).toEqual([`Posts / ${post}: Edit`, 'Authors / alice: Edit']);
    expect(await seriousViolations(page())).toEqual([]);

    // Act: someone saves into the set while the question is open; then Publish the set.
    const api = apiClient(session.service.url);
    const demo = await api.signIn('demo');
    const setBranch = 'branch=cms/_sets/spring-launch';
    const alice = await api.get(`${blog}/content/authors/alice?${setBranch}`, { session: demo });
    const saved = await api.put(
      `${blog}/content/authors/alice`,
      {
        frontmatter: { ...alice.body.frontmatter, bio: 'Leads the spring launch, and its party.' },
        body: alice.body.body,
        sha: alice.body.sha,
        set: 'spring-launch',
      },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    session.browser.allow(/status of 409/);
    await question.getByRole('button', { name: 'Publish the set' }).click();

    // Assess: nothing published; the 409 says why and offers to read the set again.
    const outcome = page().getByTestId('review-outcome');
    await outcome.filter({ hasText: 'changed since it was reviewed' }).waitFor();
    expect(await gitShow(session.gitDir, 'main', 'content/authors/alice.md')).not.toContain(
      'spring launch',
    );
    await outcome.getByRole('button', { name: 'Reload' }).click();
    await page()
      .locator('[data-item="authors/alice"] tr[data-field="bio"]')
      .filter({ hasText: 'and its party' })
      .waitFor();

    // Act: published as read now.
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    question = page().getByRole('dialog', { name: /^Publish change set “Spring launch”/ });
    await question.getByTestId('set-publish-list').waitFor();
    await question.getByRole('button', { name: 'Publish the set' }).click();

    // Assess: every item of the set is on main, in one commit.
    await outcome.filter({ hasText: 'Published' }).waitFor();
    expect(await gitLog(session.gitDir, 'main', 1)).toEqual([
      expect.stringMatching(/^Spring launch \(#\d+\)$/),
    ]);
    expect(await gitShow(session.gitDir, 'main~1', `content/posts/${post}.md`)).not.toContain(
      'Hello, spring',
    );
    expect(await gitShow(session.gitDir, 'main', `content/posts/${post}.md`)).toContain(
      'title: "Hello, spring"',
    );
    expect(await gitShow(session.gitDir, 'main', 'content/authors/alice.md')).toContain(
      'Leads the spring launch, and its party.',
    );
    expect(await gitShow(session.gitDir, 'main', 'content/authors/bob.md')).not.toContain(
      'spring launch',
    );
    expect(await seriousViolations(page())).toEqual([]);
  });
});
