import { describe, expect, it } from 'vitest';
import { waitForSaveState } from './support/actions';
import { gitShow } from './support/git';
import { useEditorSession } from './support/session';
import { screenshot } from './support/screenshots';

/**
 * The object, list and relation widgets on demo/blog's posts: a nested object edited, a list
 * reordered by keyboard and by its buttons, an author picked through the relation's search, all
 * published and read back through the API; lines the person did not touch stay as they were.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const slug = '2024-04-18-static-sites-and-git';
const file = `content/posts/${slug}.md`;

const readItem = () =>
  page().evaluate(
    async (url) => (await fetch(url)).json() as Promise<{ frontmatter: Record<string, unknown> }>,
    `/api/repos/demo%2Fblog/content/posts/${slug}`,
  );

describe('nested field widgets', () => {
  it('edit an object, reorder a list by keyboard and by button, pick a relation, and publish', async () => {
    const before = await gitShow(session.gitDir, 'main', file);
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/${slug}`);
    await page().getByLabel('Title').waitFor();

    // The relation shows the author by name, with the slug.
    const authorField = page().locator('.field-relation');
    await authorField.getByText('Alice Martin').waitFor();

    // A nested object: its fields are in a group named by the legend.
    await page()
      .getByRole('group', { name: 'Search engines' })
      .getByLabel('Search headline')
      .fill('Boring infrastructure, happily');

    // A list: Alt+ArrowUp on the focused second item moves it first, focus following it.
    const links = page().getByRole('group', { name: 'Further reading', exact: true });
    const second = links.getByRole('listitem', { name: 'Further reading item 2 of 2' });
    await second.focus();
    await page().keyboard.press('Alt+ArrowUp');
    await links
      .getByRole('status')
      .filter({ hasText: 'Further reading item 2 moved to position 1 of 2.' })
      .waitFor();
    expect(await page().evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Further reading item 1 of 2',
    );
    // Add a third item, then move it up with its button.
    await links.getByRole('button', { name: 'Add Further reading item' }).click();
    const third = links.getByRole('listitem', { name: 'Further reading item 3 of 3' });
    await third.getByLabel('Link text').fill('Boring technology');
    await third.getByLabel('Address').fill('https://boringtechnology.club/');
    await links.getByRole('button', { name: 'Move Further reading item 3 up' }).click();

    // The relation: search, pick with the keyboard.
    const combo = page().getByRole('combobox', { name: 'Author' });
    await combo.fill('bob');
    await page()
      .getByRole('listbox')
      .getByRole('option', { name: /Bob Chen/ })
      .waitFor();
    await screenshot(page(), '20-nested-fields', { height: 1400 });
    await combo.press('ArrowDown');
    await combo.press('Enter');
    await authorField.getByText('Bob Chen').waitFor();

    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);

    const { frontmatter } = await readItem();
    expect(frontmatter.author).toBe('bob');
    expect(frontmatter.seo).toEqual({
      title: 'Boring infrastructure, happily',
      description: "Why a git repository beats a database for a small site's content.",
    });
    expect(frontmatter.links).toEqual([
      { label: 'Static site generators', url: 'https://jamstack.org/generators/' },
      { label: 'Boring technology', url: 'https://boringtechnology.club/' },
      { label: 'Pro Git, chapter 1', url: 'https://git-scm.com/book/en/v2' },
    ]);
    // Untouched lines: everything above the changed fields, and the body.
    const after = await gitShow(session.gitDir, 'main', file);
    const head = (text: string) =>
      text.split('\n').slice(0, text.split('\n').indexOf('author: alice'));
    expect(after.split('\n').slice(0, head(before).length)).toEqual(head(before));
    expect(after).toMatch(
      /^ {2}description: "Why a git repository beats a database for a small site's content."$/m,
    );
    expect(after.slice(after.indexOf('\n---\n'))).toBe(before.slice(before.indexOf('\n---\n')));
  });

  it('shows a draft’s nested changes in the review by path, old struck out and new marked', async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/posts/i/${slug}`);
    await page().getByLabel('Title').waitFor();
    await page().getByLabel('Search headline').fill('Boring, on purpose');
    const links = page().getByRole('group', { name: 'Further reading', exact: true });
    await links.getByRole('button', { name: 'Remove Further reading item 2' }).click();
    await page().keyboard.press('Control+S');
    await waitForSaveState(page(), /Change request #\d+ saved/);
    const number = /Change request #(\d+) saved/.exec(
      (await page().getByTestId('save-state').textContent()) ?? '',
    )?.[1];
    await page().goto(`${session.service.url}/app/r/demo/blog/reviews/${number}`);
    const headline = page().locator('tr[data-path="seo.title"]');
    await headline.waitFor();
    expect(await headline.locator('del').textContent()).toBe('Boring infrastructure, happily');
    expect(await headline.locator('ins').textContent()).toBe('Boring, on purpose');
    const removed = page().locator('tr[data-path="links[1]"]');
    expect(await removed.locator('del').textContent()).toContain('Boring technology');
    expect(await removed.locator('ins').count()).toBe(0);
    await screenshot(page(), '22-nested-review');
  });

  it('lists the authors as a third collection', async () => {
    await page().goto(`${session.service.url}/app/r/demo/blog/c/authors`);
    await page().getByRole('heading', { name: 'Authors', level: 1 }).waitFor();
    await page()
      .getByRole('link', { name: /Alice Martin/ })
      .click();
    const links = page().getByRole('group', { name: 'Links', exact: true });
    await links.getByRole('listitem', { name: 'Links item 1 of 2' }).waitFor();
    expect(await links.getByLabel('Address').first().inputValue()).toBe(
      'https://alice.example.com',
    );
    await screenshot(page(), '21-author', { height: 1100 });
  });
});
