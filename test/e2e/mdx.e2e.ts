import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { waitForSaveState } from './support/actions';
import { screenshot } from './support/screenshots';
import { useEditorSession } from './support/session';

/**
 * An .mdx item: its imports, components and expressions are labelled read-only blocks in the
 * preview and in rich-text mode (nothing of the file runs under the production CSP, and the
 * screen passes the axe audit); editing a paragraph in rich text and publishing commits a file
 * where only that paragraph changed.
 */
const session = useEditorSession();
const page = () => session.browser.page;
const slug = 'getting-started';
const path = `content/docs/${slug}.mdx`;
const frontmatter = '---\ntitle: Getting started\n---\n';
const body = [
  '',
  "import { Tabs, TabItem } from '@astrojs/starlight/components';",
  "import Card from '~/components/card.astro';",
  '',
  'Install the theme, then start the server.',
  '',
  '<Tabs syncKey="pkg">',
  '<TabItem label="npm">',
  '',
  '```sh',
  'npm create astro@latest -- --template starlight',
  '```',
  '',
  '</TabItem>',
  '</Tabs>',
  '',
  '<Card title="Next steps" icon="rocket" />',
  '',
  '{frontmatter.title}',
  '',
  'Read the guides next.',
  '',
].join('\n');

const blogConfig = JSON.parse(
  readFileSync(
    new URL('../../packages/github-local/src/seed-content/blog/cms.config.json', import.meta.url),
    'utf8',
  ),
) as { collections: Record<string, unknown> };

/** Puts the cursor at the end of the paragraph holding `text` in the rich-text editor. */
/**
 * Puts the cursor at the end of the paragraph holding `text`, as a person does: a click on it
 * and End. (A selection set through the DOM reaches the editor only on its next selectionchange,
 * so typing straight after it could land where the cursor was before.)
 */
async function placeCursorAtEndOf(text: string): Promise<void> {
  await page().locator('.rich-text-content p', { hasText: text }).click();
  await page().keyboard.press('End');
}

describe('an .mdx item in the editor', () => {
  it('shows imports, components and expressions as labelled blocks in the preview and in rich text', async () => {
    const config = {
      ...blogConfig,
      collections: {
        ...blogConfig.collections,
        docs: {
          label: 'Docs',
          directory: 'content/docs',
          path: '{slug}.mdx',
          fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
          workflow: { default: 'direct' },
        },
      },
    };
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Add an MDX docs collection',
      author: { name: 'Demo', email: 'demo@example.com' },
      changes: [
        { path: 'cms.config.json', content: JSON.stringify(config, null, 2) },
        { path, content: frontmatter + body },
      ],
    });
    await page().goto(`${session.service.url}/app/r/demo/blog/c/docs/i/${slug}`);
    await page().getByLabel('Title').waitFor();
    const preview = page().getByTestId('preview');
    await preview.locator('figure.mdx-block').first().waitFor();
    expect(await preview.locator('figure.mdx-block figcaption').allTextContents()).toEqual([
      'Import',
      'Component <Tabs>',
      'Component <Card>',
      'Expression',
    ]);
    expect(await preview.locator('figure.mdx-block pre').first().textContent()).toBe(
      body.split('\n').slice(1, 3).join('\n'),
    );
    expect(await preview.getByText('Install the theme, then start the server.').count()).toBe(1);
    await screenshot(page(), 'x1-mdx-preview', { height: 1300 });

    const modes = page().getByRole('group', { name: 'Edit the body as' });
    await modes.getByRole('button', { name: 'Rich text' }).click();
    await page().locator('.rich-raw-block').first().waitFor();
    expect(await page().locator('.rich-raw-block figcaption').allTextContents()).toEqual([
      'Import — edit in Markdown',
      'Component <Tabs> — edit in Markdown',
      'Component <Card> — edit in Markdown',
      'Expression — edit in Markdown',
    ]);
    await screenshot(page(), 'x2-mdx-rich-text', { height: 1300 });
  });

  it('publishes a paragraph edited in rich text, every other byte of the file as it was', async () => {
    await placeCursorAtEndOf('Read the guides next.');
    await page().keyboard.type(' Then {customise} it.');
    await page().getByRole('button', { name: 'Publish', exact: true }).click();
    await waitForSaveState(page(), /^Published$/);

    const api = apiClient(session.service.url);
    const item = await api.get(`/api/repos/demo%2Fblog/content/docs/${slug}`, {
      session: await api.signIn('demo'),
    });
    expect(item.status).toBe(200);
    expect((item.body as { body: string }).body).toBe(
      body.replace('Read the guides next.', 'Read the guides next. Then \\{customise} it.'),
    );
  });
  it('reads a new item as MDX once its .mdx layout is chosen', async () => {
    const config = {
      ...blogConfig,
      collections: {
        ...blogConfig.collections,
        docs: {
          label: 'Docs',
          directory: 'content/docs',
          path: ['{slug}.md', '{slug}.mdx'],
          fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
          workflow: { default: 'direct' },
        },
      },
    };
    await session.service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Docs take .md and .mdx files',
      author: { name: 'Demo', email: 'demo@example.com' },
      changes: [{ path: 'cms.config.json', content: JSON.stringify(config, null, 2) }],
    });
    await page().goto(`${session.service.url}/app/r/demo/blog/c/docs/new`);
    await page().getByLabel('Title').fill('Layouts');
    const modes = page().getByRole('group', { name: 'Edit the body as' });
    await modes.getByRole('button', { name: 'Markdown' }).click();
    await page().locator('.cm-content').click();
    await page().keyboard.type("import Card from '~/components/card.astro';");
    const preview = page().getByTestId('preview');
    // Markdown reads it as a paragraph of text (its quotes made typographic).
    await preview.getByText(/^import Card from /).waitFor();
    expect(await preview.locator('figure.mdx-block').count()).toBe(0);

    await page().getByRole('combobox', { name: 'File layout' }).selectOption('{slug}.mdx');
    await preview.locator('figure.mdx-block figcaption').first().waitFor();
    expect(await preview.locator('figure.mdx-block figcaption').allTextContents()).toEqual([
      'Import',
    ]);
  });
});
