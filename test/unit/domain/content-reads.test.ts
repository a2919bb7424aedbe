import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContentReads } from '../../../shared/content/content-reads';
import { InvalidInputError, NotFoundError } from '../../../shared/errors';
import { createWorld, forbidNetwork, type World } from './world';

const hello = '---\ntitle: Hello\ndate: 2025-01-31\ndraft: "false"\n---\nHello body.\n';
const same = '---\ntitle: Same\n---\nSame body.\n';
const broken = '---\ntitle: [unclosed\n---\nBroken body.\n';
const long = `---\ntitle: Long\n---\n${'A line of a long body.\n'.repeat(80)}`;
const files = [
  { path: 'content/posts/hello.md', content: hello },
  { path: 'content/posts/one.md', content: same },
  { path: 'content/posts/two.md', content: same },
  { path: 'content/posts/broken.md', content: broken },
  { path: 'content/posts/long.md', content: long },
  { path: 'content/posts/link.md', content: 'hello.md', symlink: true },
  { path: 'content/posts/logo.md', content: Buffer.from([0x89, 0x50, 0x00, 0x01]) },
  { path: 'content/posts/notes.txt', content: 'not an item' },
  { path: 'content/posts/Upper.md', content: 'not a strict slug: served under an encoded one' },
  { path: 'content/posts/nested/deeper.md', content: '---\ntitle: Deeper\n---\n' },
];

describe('content reads (fakes)', () => {
  let world: World;
  let reads: ReturnType<typeof createContentReads>;

  beforeAll(forbidNetwork);
  beforeEach(async () => {
    world = await createWorld({ files, blobTextLimit: 1000 });
    reads = createContentReads(world);
    world.resetCalls();
  });

  describe('list', () => {
    it('lists the items of the directory with typed frontmatter, and what cannot be shown with its problem', async () => {
      const items = await reads.list({
        userId: world.userId,
        fullName: world.fullName,
        collection: 'posts',
      });
      const bySlug = Object.fromEntries(items.map((item) => [item.slug, item]));
      expect(Object.keys(bySlug).sort()).toEqual([
        '__55pper',
        'broken',
        'hello',
        'link',
        'logo',
        'long',
        'one',
        'two',
      ]);
      expect(bySlug.__55pper).toMatchObject({ path: 'content/posts/Upper.md' });
      expect(bySlug.hello).toEqual({
        slug: 'hello',
        path: 'content/posts/hello.md',
        sha: world.oidOf(hello),
        frontmatter: { title: 'Hello', date: '2025-01-31', draft: false },
        // The file writes `draft: "false"`: read as false, and marked as `cms check` marks it.
        problems: { count: 1, first: 'frontmatter.draft: expected true or false' },
      });
      expect(bySlug.long!.frontmatter).toEqual({ title: 'Long' });
      expect(bySlug.broken).toMatchObject({
        frontmatter: {},
        problem: { code: 'invalid-frontmatter' },
      });
      expect(bySlug.link).toMatchObject({ frontmatter: {}, problem: { code: 'symlink' } });
      expect(bySlug.logo).toMatchObject({ frontmatter: {}, problem: { code: 'not-text' } });
    });

    it('reads each blob once, never a link, and nothing at all on a warm list', async () => {
      const readOids: string[][] = [];
      const counting = createContentReads({
        ...world,
        gitHost: {
          ...world.gitHost,
          readBlobs: (token, repo, oids) => (
            readOids.push([...oids]),
            world.gitHost.readBlobs(token, repo, oids)
          ),
        },
      });
      await counting.list({ userId: world.userId, fullName: world.fullName, collection: 'posts' });
      expect(readOids).toHaveLength(1);
      expect(readOids[0]!.sort()).toEqual(
        [
          hello,
          same,
          broken,
          long,
          'not a strict slug: served under an encoded one',
          Buffer.from([0x89, 0x50, 0x00, 0x01]),
        ]
          .map((text) => world.oidOf(text))
          .sort(),
      );
      const warm = await counting.list({
        userId: world.userId,
        fullName: world.fullName,
        collection: 'posts',
      });
      expect(readOids).toHaveLength(1);
      expect(warm.find((item) => item.slug === 'broken')!.problem!.code).toBe(
        'invalid-frontmatter',
      );
      expect(world.calls()).toEqual({ snapshot: 2, readBlobs: 1 });
    });

    it('says which entries it leaves out, and why', async () => {
      const { skipped } = await reads.listing({
        userId: world.userId,
        fullName: world.fullName,
        collection: 'posts',
      });
      expect(skipped.map((entry) => [entry.path, entry.reason])).toEqual([
        ['content/posts/nested', 'subfolder'],
        ['content/posts/notes.txt', 'not-markdown'],
      ]);
    });

    it('answers an empty list for a directory that does not exist yet, and 404 for an unknown collection', async () => {
      expect(
        await reads.list({ userId: world.userId, fullName: world.fullName, collection: 'pages' }),
      ).toEqual([]);
      await expect(
        reads.list({ userId: world.userId, fullName: world.fullName, collection: 'nothing' }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('get', () => {
    const get = (slug: string, branch?: string) =>
      reads.get({
        userId: world.userId,
        fullName: world.fullName,
        collection: 'posts',
        slug,
        branch,
      });

    it('opens an item in one round trip, with its draft and pull request when there is one', async () => {
      expect(await get('hello')).toEqual({
        slug: 'hello',
        path: 'content/posts/hello.md',
        sha: world.oidOf(hello),
        frontmatter: { title: 'Hello', date: '2025-01-31', draft: false },
        body: 'Hello body.\n',
      });
      expect(world.calls()).toEqual({ snapshot: 1 });
      world.push(
        [{ path: 'content/posts/hello.md', content: hello.replace('Hello body', 'Draft body') }],
        'cms/posts/hello',
      );
      const { number } = await world.pullHost.createPull(world.token, world.repo, {
        head: 'cms/posts/hello',
        base: 'main',
        title: 'Hello',
        body: '',
      });
      expect(await get('hello')).toMatchObject({
        branch: 'cms/posts/hello',
        prNumber: number,
        body: 'Hello body.\n',
      });
      expect(await get('hello', 'cms/posts/hello')).toMatchObject({ body: 'Draft body.\n' });
    });

    it('reads a text the snapshot cut short whole', async () => {
      expect((await get('long')).body).toBe(long.slice('---\ntitle: Long\n---\n'.length));
      expect(world.calls()).toEqual({ snapshot: 1, readBlobs: 1 });
    });

    it('opens what cannot be edited as fields with its problem: links unread, binaries, broken frontmatter', async () => {
      expect(await get('link')).toMatchObject({
        frontmatter: {},
        body: '',
        problem: { code: 'symlink' },
      });
      expect(await get('logo')).toMatchObject({
        frontmatter: {},
        body: '',
        problem: { code: 'not-text' },
      });
      expect(await get('broken')).toMatchObject({
        frontmatter: {},
        body: 'Broken body.\n',
        problem: { code: 'invalid-frontmatter' },
        rawFrontmatter: 'title: [unclosed\n',
      });
    });

    it('answers 404 for a missing item or branch, and 400 for a bad slug or branch name before any call', async () => {
      await expect(get('missing')).rejects.toBeInstanceOf(NotFoundError);
      await expect(get('hello', 'no-such-branch')).rejects.toThrow(/on branch no-such-branch/);
      world.resetCalls();
      await expect(get('hello', 'main:secret')).rejects.toBeInstanceOf(InvalidInputError);
      await expect(get('hello', '../main')).rejects.toBeInstanceOf(InvalidInputError);
      await expect(get('Hello')).rejects.toBeInstanceOf(InvalidInputError);
      expect(world.calls()).toEqual({});
    });
  });
});
