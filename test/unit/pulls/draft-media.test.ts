import { describe, expect, it } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import { draftProblems, type DraftFacts } from '../../../shared/pulls/draft-rules';

const config: CmsConfig = {
  name: 'Blog',
  media: { directory: 'static/images', publicPath: '/images' },
  collections: {
    posts: { label: 'Posts', directory: 'content/posts', fields: [{ name: 'cover', type: 'image', label: 'Cover' }] },
    docs: { label: 'Docs', directory: 'content/docs', media: { directory: 'static/docs', publicPath: '/docs' }, fields: [] },
  },
};
const own = 'content/posts/hello.md';
const withFiles = (files: NonNullable<DraftFacts['changedFiles']>['files'], headRef = 'cms/posts/hello'): DraftFacts => ({
  headRef,
  baseRef: 'main',
  crossRepository: false,
  changedFiles: { total: files.length, files },
});
const reasons = (pull: DraftFacts) => draftProblems(pull, 'main', config).map((problem) => problem.reason);

describe('a draft carries its media', () => {
  it('may add files directly inside its collection\'s media directory, with or without its item', () => {
    expect(reasons(withFiles([{ path: own, change: 'modified' }, { path: 'static/images/cover.png', change: 'added' }, { path: 'static/images/b.jpg', change: 'added' }]))).toEqual([]);
    expect(reasons(withFiles([{ path: 'static/images/cover.png', change: 'added' }]))).toEqual([]);
    expect(reasons(withFiles([{ path: 'content/docs/a.md', change: 'modified' }, { path: 'static/docs/a.pdf', change: 'added' }], 'cms/docs/a'))).toEqual([]);
  });

  it('may not replace or delete media, add into subfolders or another collection\'s directory, and a deletions draft carries none', () => {
    expect(reasons(withFiles([{ path: own, change: 'modified' }, { path: 'static/images/cover.png', change: 'modified' }]))).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/images/cover.png', change: 'deleted' }]))).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/images/sub/cover.png', change: 'added' }]))).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/docs/a.pdf', change: 'added' }]))).toEqual(['foreign-files']);
    expect(reasons(withFiles([{ path: 'static/images/cover.png', change: 'added' }], 'cms/posts/_deletions'))).toEqual(['foreign-files']);
  });
});
