import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { saveState, waitForSaveState } from './support/actions';
import { screenshot } from './support/screenshots';
import { useEditorSession } from './support/session';

/**
 * The body's rich-text mode: switching to it and back changes nothing; blocks it cannot express
 * are shown as labelled source; bolding a word and publishing changes that line of the file and
 * no other byte. The screen passes the axe audit under the production CSP.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const slug = 'rich-text-mode';
const path = `content/posts/${slug}.md`;
const frontmatter = "---\ntitle: 'Rich text mode'\ndate: 2024-06-01\ndraft: false\n---\n";
const body = [
  '',
  'A first paragraph, with *emphasis* and a [link](https://example.com).',
  'Its second line stays where it is.',
  '',
  '| Plan | Price |',
  '|------|-------|',
  '| Free | 0     |',
  '',
  '{{< figure src="/media/hills.png" alt="Hills" >}}',
  '',
  '<aside class="note">Raw HTML is kept as it is.</aside>',
  '',
  '* one',
  '* two',
  '',
  '```sh',
  'npm run build',
  '```',
  '',
].join('\n');

const editorFor = (item: string) => `${session.service.url}/app/r/demo/blog/c/posts/i/${item}`;

/** Selects `word` inside the rich-text editor, as a double click would. */
async function selectWord(word: string): Promise<void> {
  await page().locator('.rich-text-content p').first().click();
  await page().evaluate((target) => {
    const root = document.querySelector('.rich-text-content')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(target);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + target.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return;
    }
    throw new Error(`${target} is not in the editor`);
  }, word);
}

describe('the rich-text mode of the body', () => {
  it('switches to rich text and back without changing a byte, and keeps what it cannot express as labelled source', async () => {
    const author = { name: 'Demo', email: 'demo@example.com' };
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Add a post for the rich-text mode',
      author,
      changes: [{ path, content: frontmatter + body }],
    });
    await page().goto(editorFor(slug));
    await page().getByLabel('Title').waitFor();
    const modes = page().getByRole('group', { name: 'Edit the body as' });
    await modes.getByRole('button', { name: 'Rich text' }).click();
    const editor = page().getByRole('textbox', { name: 'Body' });
    await editor.locator('p').first().waitFor();
    expect(
      await modes.getByRole('button', { name: 'Rich text' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page().locator('.rich-raw-block figcaption').allTextContents()).toEqual([
      'Table — edit in Markdown',
      'Shortcode — edit in Markdown',
      'HTML — edit in Markdown',
    ]);
    await screenshot(page(), 'r1-rich-text', { height: 1500 });
    await modes.getByRole('button', { name: 'Markdown' }).click();
    await page().locator('.cm-content').waitFor();
    expect(await saveState(page())).toBe('No changes');
    // The choice is remembered: the next item opens in rich text again.
    await modes.getByRole('button', { name: 'Rich text' }).click();
    await page().reload();
    await editor.locator('p').first().waitFor();
    expect(await saveState(page())).toBe('No changes');
  });

  it('bolds a word with the toolbar, retypes another, and publishes a file where only that line changed', async () => {
    // Typing goes through the browser's own editing (ProseMirror reads it back from the page): the line break after the line stays.
    await selectWord('first');
    await page().keyboard.type('single');
    await selectWord('paragraph');
    const bold = page()
      .getByRole('group', { name: 'Formatting' })
      .getByRole('button', { name: 'Bold' });
    await bold.click();
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);

    const api = apiClient(session.service.url);
    const item = await api.get(`/api/repos/demo%2Fblog/content/posts/${slug}`, {
      session: await api.signIn('demo'),
    });
    expect(item.status).toBe(200);
    const before = body.split('\n');
    const after = (item.body as { body: string }).body.split('\n');
    expect(after.length).toBe(before.length);
    expect(after.filter((line, index) => line !== before[index])).toEqual([
      'A single **paragraph**, with *emphasis* and a [link](https://example.com).',
    ]);
    expect(item.body.frontmatter).toEqual({
      title: 'Rich text mode',
      date: '2024-06-01',
      draft: false,
    });
  });
});
