import { describe, expect, it } from 'vitest';
import type { CmsConfig } from '../../../shared/content/config-schema';
import {
  draftProblems,
  keptFiles,
  type DraftFacts,
  type DraftFiles,
} from '../../../shared/pulls/draft-rules';

const config: CmsConfig = {
  name: 'Blog',
  media: { directory: 'static/images', publicPath: '/images' },
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [{ name: 'cover', type: 'image', label: 'Cover' }],
    },
    docs: {
      label: 'Docs',
      directory: 'content/docs',
      media: { directory: 'static/docs', publicPath: '/docs' },
      fields: [],
    },
  },
};
const own = 'content/posts/hello.md';
const withFiles = (
  files: NonNullable<DraftFacts['changedFiles']>['files'],
  headRef = 'cms/posts/hello',
): DraftFacts => ({
  headRef,
  baseRef: 'main',
  crossRepository: false,
  changedFiles: { total: files.length, files },
});
/** What the check read: every kept file fine unless `refused` says otherwise; `referenced` as the item names them. */
const read = (
  referenced: string[],
  refused: Record<string, string> = {},
  kept = [own, ...referenced],
): DraftFiles => ({
  verdicts: new Map(kept.map((path) => [path, refused[path]])),
  referenced: new Set(referenced),
});
const reasons = (pull: DraftFacts, files: DraftFiles) =>
  draftProblems({ pull, defaultBranch: 'main', config, files }).map((problem) => problem.reason);

describe('a draft carries the media its item references', () => {
  it("may add files directly inside its collection's media directory that its item references", () => {
    const added = ['cover.png', 'b.jpg', 'c.pdf'].map((name) => `static/images/${name}`);
    expect(
      reasons(
        withFiles([
          { path: own, change: 'modified' },
          ...added.map((path) => ({ path, change: 'added' as const })),
        ]),
        read(added),
      ),
    ).toEqual([]);
    expect(
      reasons(
        withFiles([{ path: 'static/images/cover.png', change: 'added' }]),
        read(['static/images/cover.png']),
      ),
    ).toEqual([]);
    expect(
      reasons(
        withFiles(
          [
            { path: 'content/docs/a.md', change: 'modified' },
            { path: 'static/docs/a.pdf', change: 'added' },
          ],
          'cms/docs/a',
        ),
        read(['static/docs/a.pdf'], {}, ['content/docs/a.md', 'static/docs/a.pdf']),
      ),
    ).toEqual([]);
  });

  it('names the files it keeps: its item (with the path it had when changed or renamed) and the files it adds to its media directory', () => {
    const pull = withFiles([
      { path: own, change: 'modified' },
      { path: 'static/images/cover.png', change: 'added' },
      { path: 'static/images/old.png', change: 'modified' },
      { path: 'a.js', change: 'added' },
    ]);
    expect(keptFiles(pull, config)).toEqual({
      own,
      item: { path: own, basePath: own },
      media: config.media,
      files: [{ path: 'static/images/cover.png', publicPath: '/images/cover.png' }],
    });
    expect(
      keptFiles(
        withFiles([{ path: own, change: 'renamed', previousPath: 'content/posts/old.md' }]),
        config,
      )?.item,
    ).toEqual({ path: own, basePath: 'content/posts/old.md' });
    expect(keptFiles(withFiles([{ path: own, change: 'added' }]), config)?.item).toEqual({
      path: own,
    });
    expect(keptFiles(withFiles([{ path: own, change: 'deleted' }]), config)).toEqual({
      own,
      media: config.media,
      files: [],
    });
    expect(
      keptFiles(
        withFiles([{ path: 'content/posts/a.md', change: 'deleted' }], 'cms/posts/_deletions'),
        config,
      ),
    ).toBeUndefined();
  });

  it("counts as foreign, saying why: media its item does not reference, replaced or deleted media, subfolders, another collection's directory, a deletions draft", () => {
    const unused = draftProblems({
      pull: withFiles([
        { path: own, change: 'modified' },
        { path: 'static/images/unused.png', change: 'added' },
      ]),
      defaultBranch: 'main',
      config,
      files: read([]),
    });
    expect(unused).toEqual([
      {
        reason: 'foreign-files',
        message: `The pull request changes more than its item ${own}: static/images/unused.png (its item does not reference it).`,
      },
    ]);
    expect(
      reasons(
        withFiles([
          { path: own, change: 'modified' },
          { path: 'static/images/cover.png', change: 'modified' },
        ]),
        read(['static/images/cover.png']),
      ),
    ).toEqual(['foreign-files']);
    expect(
      reasons(withFiles([{ path: 'static/images/cover.png', change: 'deleted' }]), read([])),
    ).toEqual(['foreign-files']);
    expect(
      reasons(
        withFiles([{ path: 'static/images/sub/cover.png', change: 'added' }]),
        read(['static/images/sub/cover.png']),
      ),
    ).toEqual(['foreign-files']);
    expect(
      reasons(
        withFiles([{ path: 'static/docs/a.pdf', change: 'added' }]),
        read(['static/docs/a.pdf']),
      ),
    ).toEqual(['foreign-files']);
    expect(
      reasons(
        withFiles([{ path: 'static/images/cover.png', change: 'added' }], 'cms/posts/_deletions'),
        read(['static/images/cover.png']),
      ),
    ).toEqual(['foreign-files']);
  });

  it('counts as foreign a kept file the check refused, or did not read, naming why', () => {
    const link = draftProblems({
      pull: withFiles([{ path: own, change: 'added' }]),
      defaultBranch: 'main',
      config,
      files: read([], { [own]: 'a symbolic link' }),
    });
    expect(link).toEqual([
      {
        reason: 'foreign-files',
        message: `The pull request changes more than its item ${own}: ${own} (a symbolic link).`,
      },
    ]);
    const html = draftProblems({
      pull: withFiles([
        { path: own, change: 'modified' },
        { path: 'static/images/evil.html', change: 'added' },
      ]),
      defaultBranch: 'main',
      config,
      files: read(['static/images/evil.html'], {
        'static/images/evil.html': '".html" is not an accepted media type',
      }),
    });
    expect(html[0]!.message).toContain(
      'static/images/evil.html (".html" is not an accepted media type)',
    );
    const unread = draftProblems({
      pull: withFiles([
        { path: own, change: 'modified' },
        { path: 'static/images/a.png', change: 'added' },
      ]),
      defaultBranch: 'main',
      config,
      files: { verdicts: new Map(), referenced: new Set(['static/images/a.png']) },
    });
    expect(unread[0]!.message).toBe(
      `The pull request changes more than its item ${own}: ${own} (not read at the head), static/images/a.png (not read at the head).`,
    );
  });

  it('leaves a deleted item unread: only what stays is checked', () => {
    expect(
      reasons(withFiles([{ path: own, change: 'deleted' }]), {
        verdicts: new Map(),
        referenced: new Set(),
      }),
    ).toEqual([]);
  });
});
