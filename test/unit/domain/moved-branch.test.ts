import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContentDeletions } from '../../../shared/content/content-deletions';
import { createContentMoves } from '../../../shared/content/content-moves';
import { ConflictError } from '../../../shared/errors';
import type { PullHost } from '../../../shared/ports/pull-host';
import { createMediaDeletions } from '../../../shared/media/media-deletions';
import { createMediaUploads } from '../../../shared/media/media-uploads';
import type { FileChange } from '../../fakes/memory-git';
import { createWorld, forbidNetwork, siteConfig, type World } from './world';

const post = (title: string) => `---\ntitle: ${title}\n---\nBody of ${title}.\n`;
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);

/**
 * Commits made with the Git Data API on a default branch that another write moves between the
 * service's read and its commit: the commit is made again on the new head when it touches none of
 * the files that write changed, and answers 409 in the operation's words when it does.
 */
describe('a commit on a default branch that moved after it was read (fakes)', () => {
  let world: World;

  beforeAll(forbidNetwork);
  beforeEach(async () => {
    world = await createWorld({
      files: [
        { path: 'content/posts/a.md', content: post('A') },
        { path: 'content/posts/b.md', content: post('B') },
      ],
    });
  });

  /** The world's pull host, with `changes` pushed to main just before the first commit. */
  const racedBy = (
    changes: FileChange[],
  ): Pick<PullHost, 'createBranch' | 'commitTree' | 'readTexts' | 'listOpenPulls'> => {
    let raced = false;
    return {
      ...world.pullHost,
      commitTree: (token, repo, input) => {
        if (!raced) world.push(changes);
        raced = true;
        return world.pullHost.commitTree(token, repo, input);
      },
    };
  };
  const shaOf = (path: string) => world.oidOf(world.fileAt(path)!);

  describe('rename', () => {
    const rename = (
      pullHost: Pick<PullHost, 'createBranch' | 'commitTree' | 'readTexts' | 'listOpenPulls'>,
      to: string,
    ) =>
      createContentMoves({ ...world, pullHost }).rename({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        collection: 'posts',
        slug: 'a',
        input: { to, sha: shaOf('content/posts/a.md') },
      });

    it('lands on the new head when the other write changed other files', async () => {
      const renamed = await rename(
        racedBy([{ path: 'content/posts/b.md', content: post('B, edited') }]),
        'c',
      );
      expect(renamed).toMatchObject({
        path: 'content/posts/c.md',
        previousPath: 'content/posts/a.md',
      });
      expect([
        world.fileAt('content/posts/a.md'),
        world.fileAt('content/posts/c.md'),
        world.fileAt('content/posts/b.md'),
      ]).toEqual([null, post('A'), post('B, edited')]);
    });

    it('answers 409 saying the slug was just taken when the other write created it, and moves nothing', async () => {
      const head = world.push([]);
      const refused = rename(
        racedBy([{ path: 'content/posts/c.md', content: post('C, someone else') }]),
        'c',
      );
      await expect(refused).rejects.toThrow(
        new ConflictError(
          'content/posts/c.md was just created by someone else: the slug c is taken now; choose another slug',
        ),
      );
      expect(world.fileAt('content/posts/a.md')).toBe(post('A'));
      expect(world.fileAt('content/posts/c.md')).toBe(post('C, someone else'));
      expect(world.provider.objects.commits.get(world.head()!)!.parents).toEqual([head]);
    });

    it('answers 409 to fetch the latest sha when the other write changed the item', async () => {
      const refused = rename(
        racedBy([{ path: 'content/posts/a.md', content: post('A, edited') }]),
        'c',
      );
      await expect(refused).rejects.toThrow(
        new ConflictError(
          'content/posts/a.md was modified externally; fetch the latest sha and retry',
        ),
      );
      expect(world.fileAt('content/posts/c.md')).toBeNull();
    });
  });

  it('duplicates onto the new head', async () => {
    const moves = createContentMoves({
      ...world,
      pullHost: racedBy([{ path: 'content/posts/b.md', content: post('B, edited') }]),
    });
    await moves.duplicate({
      userId: world.userId,
      login: 'demo',
      fullName: world.fullName,
      collection: 'posts',
      slug: 'a',
      input: { to: 'copy' },
    });
    expect([world.fileAt('content/posts/copy.md'), world.fileAt('content/posts/b.md')]).toEqual([
      post('A'),
      post('B, edited'),
    ]);
  });

  it('deletes several items on the new head, and refuses (deleting nothing) when the other write changed one of them', async () => {
    const items = () => [{ slug: 'a', sha: shaOf('content/posts/a.md') }];
    const deleteMany = (changes: FileChange[]) =>
      createContentDeletions({ ...world, pullHost: racedBy(changes) }).deleteMany({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        input: { collection: 'posts', items: items(), mode: 'direct' },
      });
    await expect(
      deleteMany([{ path: 'content/posts/a.md', content: post('A, edited') }]),
    ).rejects.toThrow(/content\/posts\/a\.md changed while the items were being deleted/);
    expect(world.fileAt('content/posts/a.md')).toBe(post('A, edited'));
    await deleteMany([{ path: 'content/posts/b.md', content: post('B, edited') }]);
    expect([world.fileAt('content/posts/a.md'), world.fileAt('content/posts/b.md')]).toEqual([
      null,
      post('B, edited'),
    ]);
  });

  describe('media', () => {
    beforeEach(() => {
      world.push([
        {
          path: 'cms.config.json',
          content: `${JSON.stringify({ ...siteConfig, media: { directory: 'static/media', publicPath: '/media' } })}\n`,
        },
      ]);
    });
    const upload = (changes: FileChange[]) =>
      createMediaUploads({
        ...world,
        pullHost: racedBy(changes),
        mediaHost: { createBlob: async (_token, _repo, bytes) => world.oidOf(Buffer.from(bytes)) },
        staging: {
          begin: () => Promise.reject(new Error('not staged here')),
          take: async () => png,
          discard: async () => {},
        },
      }).commit({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        input: { uploadId: 'u1', name: 'logo.png' },
      });

    it('uploads onto the new head', async () => {
      const committed = await upload([{ path: 'static/media/other.png', content: png }]);
      expect(committed).toMatchObject({
        path: 'static/media/logo.png',
        sha: world.oidOf(png),
        commit: world.head(),
      });
      expect(world.fileAt('static/media/other.png')).not.toBeNull();
    });

    it('answers 409 when someone uploaded the same name meanwhile, and keeps theirs', async () => {
      const theirs = Buffer.concat([png, Buffer.from('theirs')]);
      await expect(upload([{ path: 'static/media/logo.png', content: theirs }])).rejects.toThrow(
        new ConflictError(
          'static/media/logo.png was just uploaded by someone else: choose another name, or reload the media library to replace it',
        ),
      );
      expect(
        world.provider.objects.blobs.get(
          world.provider
            .treeAt(world.provider.repo(world.repo)!, 'main')!
            .get('static/media/logo.png')!.oid,
        ),
      ).toEqual(theirs);
    });

    it('deletes a file on the new head', async () => {
      world.push([{ path: 'static/media/old.png', content: png }]);
      const remove = createMediaDeletions({
        ...world,
        pullHost: racedBy([{ path: 'content/posts/b.md', content: post('B, edited') }]),
      });
      await remove.remove({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        input: {
          path: 'static/media/old.png',
          sha: world.oidOf(png),
        },
      });
      expect([world.fileAt('static/media/old.png'), world.fileAt('content/posts/b.md')]).toEqual([
        null,
        post('B, edited'),
      ]);
    });
  });
});
