// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import { useAltTextPrompt } from '../../../web/src/components/media/alt-text-prompt';
import { MediaLibraryDialog } from '../../../web/src/components/media/media-library-dialog';
import type { MediaScopeValue } from '../../../web/src/components/media/media-scope';
import { markdownImage } from '../../../web/src/lib/media-paths';
import { findMediaUses, type OpenItem } from '../../../web/src/lib/media-usage';
import { posts } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const media = [{ directory: 'static/images', publicPath: '/images' }];
const hills = {
  name: 'hills.png',
  path: 'static/images/hills.png',
  publicPath: '/images/hills.png',
  size: 2048,
  type: 'image/png',
  sha: 'a'.repeat(40),
};
const config = {
  name: 'Blog',
  collections: {
    posts: { ...posts, label: 'Posts' },
    pages: { ...posts, label: 'Pages', directory: 'content/pages' },
  },
} as unknown as CmsConfig;
/** Each collection's first page, as the list route answers it; `more` on pages. */
const pagesOf: Record<
  string,
  { items: { slug: string; frontmatter: Record<string, unknown> }[]; more?: boolean }
> = {
  posts: {
    items: [
      {
        slug: 'open-one',
        frontmatter: { title: 'Open one (stored)', cover: '/images/hills.png' },
      },
      { slug: 'trip', frontmatter: { title: 'A trip', gallery: [{ src: '/images/hills.png' }] } },
      { slug: 'other', frontmatter: { title: 'Other', cover: '/images/sea.png' } },
    ],
  },
  pages: {
    items: [{ slug: 'about', frontmatter: { title: 'About', hero: 'static/images/hills.png' } }],
    more: true,
  },
};

function scopeWith(open: OpenItem | undefined, loads: string[]): MediaScopeValue {
  return {
    repo: 'demo/blog',
    media,
    target: { repo: 'demo/blog', collection: 'posts' },
    onUploaded: () => {},
    uses: (file) =>
      findMediaUses({
        config,
        media,
        file,
        open,
        load: async (collection) => {
          loads.push(collection);
          return pagesOf[collection]!;
        },
      }),
  };
}

function openDelete(scope: MediaScopeValue) {
  vi.stubGlobal('fetch', async () =>
    Response.json({
      directory: 'static/images',
      publicPath: '/images',
      files: [hills],
      nextCursor: null,
    }),
  );
  render(<MediaLibraryDialog scope={scope} kind="image" onSelect={() => {}} onClose={() => {}} />);
}

describe('deleting a media file', () => {
  it('is the secondary action of a tile, choosing its main one', async () => {
    openDelete(scopeWith(undefined, []));
    const choose = await screen.findByRole('button', { name: /^Choose hills\.png/ });
    expect(choose.textContent).toContain('Choose');
    const remove = screen.getByRole('button', { name: 'Delete hills.png' });
    expect(remove.className).not.toContain('danger');
  });

  it('warns that the open item and other items use it, naming them, one list request per collection', async () => {
    const loads: string[] = [];
    const open = {
      collection: 'posts',
      slug: 'open-one',
      frontmatter: { title: 'Open one' },
      body: 'Look: ![Hills at dawn](/images/hills.png)\n',
    };
    openDelete(scopeWith(open, loads));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete hills.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete hills.png?' });
    const note = await within(dialog).findByTestId('media-uses');
    expect(note.textContent).toContain('This item uses it.');
    expect(note.textContent).toContain('2 other items use it in their fields:');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A trip (Posts)', 'About (Pages)']);
    expect(note.textContent).toContain(
      "Other items' bodies are not searched, and only the first 1,000 items of Pages were checked.",
    );
    expect(loads).toEqual(['posts', 'pages']);
  });

  it('says when no item uses it', async () => {
    const open = { collection: 'posts', slug: 'new', frontmatter: {}, body: '' };
    const uses = await findMediaUses({
      config,
      media,
      file: { path: 'static/images/sea2.png', publicPath: '/images/sea2.png' },
      open,
      load: async (collection) => pagesOf[collection]!,
    });
    expect(uses).toEqual({ inOpenItem: false, items: [], partly: ['Pages'] });
  });
});

describe('alternative text', () => {
  it('goes into the markdown as given, escaped, or empty for a decorative image', () => {
    expect(markdownImage('IMG_2041.png', '/images/img_2041.png', 'Hills [at] dawn')).toBe(
      '![Hills \\[at\\] dawn](/images/img_2041.png)',
    );
    expect(markdownImage('IMG_2041.png', '/images/img_2041.png', '')).toBe(
      '![](/images/img_2041.png)',
    );
  });

  it('is asked in a dialog, one image after the other; closing it answers empty', async () => {
    let ask: (name: string) => Promise<string> = async () => '';
    function Host() {
      const prompt = useAltTextPrompt();
      ask = prompt.ask;
      return <>{prompt.dialog}</>;
    }
    render(<Host />);
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = ask('IMG_1.png');
      second = ask('IMG_2.png');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    expect(dialog.textContent).toContain('IMG_1.png');
    fireEvent.change(within(dialog).getByLabelText('Alternative text'), {
      target: { value: 'Hills at dawn' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(await first).toBe('Hills at dawn');
    const next = await screen.findByText('IMG_2.png');
    fireEvent(next.closest('dialog')!, new Event('cancel'));
    expect(await second).toBe('');
  });
});
