import { describe, expect, it } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import { addedMedia, draftProblems, type DraftFacts } from '../../../shared/pulls/draft-rules';

const config: CmsConfig = {
  name: 'Blog',
  media: { directory: 'static/images', publicPath: '/images' },
  collections: {
    posts: { label: 'Posts', directory: 'content/posts', fields: [{ name: 'cover', type: 'image', label: 'Cover' }] },
    docs: { label: 'Docs', directory: 'content/docs', media: { directory: 'static/docs', publicPath: '/docs' }, fields: [] },
  },
};
const own = 'content/posts/hello.md';
const item = '---\ncover: /images/cover.png\n---\nSee ![b](/images/b.jpg) and [the PDF](static/images/c.pdf).\n';
const withFiles = (files: NonNullable<DraftFacts['changedFiles']>['files'], headRef = 'cms/posts/hello'): DraftFacts => ({
  headRef,
  baseRef: 'main',
  crossRepository: false,
  changedFiles: { total: files.length, files },
});
const reasons = (pull: DraftFacts, text: string | null = item) => draftProblems(pull, 'main', config, text).map((problem) => problem.reason);

describe('a draft carries the media its item references', () => {
  it('may add files directly inside its collection\'s media directory that its item names by public path or repository path', () => {
    expect(reasons(withFiles([{ path: own, change: 'modified' }, { path: 'static/images/cover.png', change: 'added' }, { path: 'static/images/b.jpg', change: 'added' }, { path: 'static/images/c.pdf', change: 'added' }]))).toEqual([]);
    expect(reasons(withFiles([{ path: 'static/images/cover.png', change: 'added' }]))).toEqual([]);
    expect(reasons(withFiles([{ path: 'content/docs/a.md', change: 'modified' }, { path: 'static/docs/a.pdf', change: 'added' }], 'cms/docs/a'), 'Read [it](/docs/a.pdf).')).toEqual([]);
  });

  it('counts media named inside nested values: an image field of an object, or of each item of a list of objects', () => {
    const nested = '---\nseo:\n  image: /images/og.png\ngallery:\n  - caption: One\n    image: /images/one.jpg\n  - {caption: Two, image: static/images/two.jpg}\n---\nBody.\n';
    const added = ['og.png', 'one.jpg', 'two.jpg'].map((name) => ({ path: `static/images/${name}`, change: 'added' as const }));
    expect(reasons(withFiles([{ path: own, change: 'modified' }, ...added]), nested)).toEqual([]);
    expect(reasons(withFiles([{ path: own, change: 'modified' }, ...added, { path: 'static/images/three.jpg', change: 'added' }]), nested)).toEqual(['foreign-files']);
  });

  it('names which files it must read the item for: only added files of its media directory', () => {
    const pull = withFiles([{ path: own, change: 'modified' }, { path: 'static/images/cover.png', change: 'added' }, { path: 'static/images/old.png', change: 'modified' }, { path: 'a.js', change: 'added' }]);
    expect(addedMedia(pull, config)).toEqual({ item: own, files: [{ path: 'static/images/cover.png', publicPath: '/images/cover.png' }] });
    expect(addedMedia(withFiles([{ path: own, change: 'modified' }]), config)).toEqual({ item: own, files: [] });
  });

  it('counts as foreign: media the item does not name, or no item text, replaced or deleted media, subfolders, another collection\'s directory, a deletions draft', () => {
    expect(reasons(withFiles([{ path: own, change: 'modified' }, { path: 'static/images/unused.png', change: 'added' }]))).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/images/cover.png', change: 'added' }]), null)).toEqual(['foreign-files']);
    expect(draftProblems(withFiles([{ path: 'static/images/cover.png', change: 'added' }]), 'main', config)).toHaveLength(1);
    expect(reasons(withFiles([{ path: own, change: 'modified' }, { path: 'static/images/cover.png', change: 'modified' }]))).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/images/cover.png', change: 'deleted' }]))).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/images/sub/cover.png', change: 'added' }]), '/images/sub/cover.png')).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/docs/a.pdf', change: 'added' }]), '/docs/a.pdf')).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/images/cover.png', change: 'added' }], 'cms/posts/_deletions'))).toEqual(['foreign-files']);
  });
});
