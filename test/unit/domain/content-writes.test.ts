import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContentWrites, type PutInput } from '../../../shared/content/content-writes';
import { InvalidInputError, ConflictError, NotFoundError } from '../../../shared/errors';
import { createWorld, forbidNetwork, type World } from './world';

const hello =
  '---\ntitle: "Hello"  # shown on the home page\ndate: 2025-01-31\ntags: [a, b]\n---\n\nHello body.\n';
const files = [
  { path: 'content/posts/hello.md', content: hello },
  { path: 'content/posts/link.md', content: 'hello.md', symlink: true },
  { path: 'content/posts/logo.md', content: Buffer.from([0x89, 0x50, 0x00, 0x01]) },
  { path: 'content/pages/about.md', content: '---\ntitle: About\n---\nAbout us.\n' },
];

describe('content writes (fakes)', () => {
  let world: World;
  let writes: ReturnType<typeof createContentWrites>;
  const put = (slug: string, input: PutInput, collection = 'posts') =>
    writes.put({
      userId: world.userId,
      login: 'demo',
      fullName: world.fullName,
      collection,
      slug,
      input,
    });
  const helloSha = () => world.oidOf(hello);

  beforeAll(forbidNetwork);
  beforeEach(async () => {
    world = await createWorld({ files, blobTextLimit: 1000 });
    writes = createContentWrites(world);
    world.resetCalls();
  });

  describe('put, direct', () => {
    it('creates a file with the defaults filled in, in one read and one write, and caches its frontmatter', async () => {
      const result = await put('new', { frontmatter: { title: 'New' }, body: 'Body\n' });
      const text = world.fileAt('content/posts/new.md');
      expect(text).toBe('---\ntitle: New\ndraft: false\n---\nBody\n');
      expect(result).toEqual({
        sha: world.oidOf(text!),
        path: 'content/posts/new.md',
        commit: world.head(),
      });
      expect(world.calls()).toEqual({ snapshot: 1, putFile: 1 });
      expect((await world.cache.getMany([result.sha])).get(result.sha)).toEqual({
        frontmatter: { title: 'New', draft: false },
      });
    });

    it('changes one key and leaves every other byte as it was', async () => {
      await put('hello', {
        frontmatter: { title: 'Hello', date: '2025-02-01', tags: ['a', 'b'] },
        body: '\nHello body.\n',
        sha: helloSha(),
      });
      expect(world.fileAt('content/posts/hello.md')).toBe(
        hello.replace('2025-01-31', '2025-02-01'),
      );
    });

    it('makes no commit for a save of the bytes already there', async () => {
      const head = world.head();
      const result = await put('hello', {
        frontmatter: { title: 'Hello', date: '2025-01-31', tags: ['a', 'b'] },
        body: '\nHello body.\n',
        sha: helloSha(),
      });
      expect(result).toEqual({ sha: helloSha(), path: 'content/posts/hello.md', unchanged: true });
      expect(world.head()).toBe(head);
      expect(world.calls()).toEqual({ snapshot: 1 });
    });

    it('refuses a stale sha, a create over a file and an update of a deleted file before writing', async () => {
      const input = { frontmatter: { title: 'Mine' }, body: '' };
      await expect(put('hello', { ...input, sha: world.oidOf('older') })).rejects.toBeInstanceOf(
        ConflictError,
      );
      await expect(put('hello', input)).rejects.toThrow(/already exists/);
      await expect(put('gone', { ...input, sha: helloSha() })).rejects.toThrow(
        /deleted externally/,
      );
      expect(world.calls().putFile).toBeUndefined();
    });

    it("answers ConflictError when the provider's compare-and-swap loses a race after the read", async () => {
      const racing = createContentWrites({
        ...world,
        gitHost: {
          ...world.gitHost,
          putFile: (token, repo, write) => {
            world.push([{ path: write.path, content: 'someone else\n' }]);
            return world.gitHost.putFile(token, repo, write);
          },
        },
      });
      const save = racing.put({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        collection: 'posts',
        slug: 'hello',
        input: {
          frontmatter: { title: 'Mine' },
          body: '',
          sha: helloSha(),
        },
      });
      await expect(save).rejects.toBeInstanceOf(ConflictError);
      expect(world.fileAt('content/posts/hello.md')).toBe('someone else\n');
    });

    it('answers 409 saying the slug was just taken when another create of it lands after the read', async () => {
      const racing = createContentWrites({
        ...world,
        gitHost: {
          ...world.gitHost,
          putFile: (token, repo, write) => {
            world.push([{ path: write.path, content: 'someone else was first\n' }]);
            return world.gitHost.putFile(token, repo, write);
          },
        },
      });
      const save = racing.put({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        collection: 'posts',
        slug: 'new',
        input: {
          frontmatter: { title: 'Mine' },
          body: '',
        },
      });
      await expect(save).rejects.toThrow(
        new ConflictError(
          'posts/new was just created by someone else: the slug is taken now; choose another slug, or open that item to edit it',
        ),
      );
      expect(world.fileAt('content/posts/new.md')).toBe('someone else was first\n');
    });

    it('never writes a symbolic link or a binary file', async () => {
      await expect(
        put('link', { frontmatter: { title: 'x' }, body: '', sha: world.oidOf('hello.md') }),
      ).rejects.toThrow(/symbolic link/);
      await expect(
        put('logo', {
          frontmatter: { title: 'x' },
          body: '',
          sha: world.oidOf(Buffer.from([0x89, 0x50, 0x00, 0x01])),
        }),
      ).rejects.toThrow(/not a text file/);
      expect(world.calls().putFile).toBeUndefined();
    });

    it('refuses invalid input before any provider call', async () => {
      await expect(
        put('Bad Slug', { frontmatter: { title: 'x' }, body: '' }),
      ).rejects.toBeInstanceOf(InvalidInputError);
      expect(world.calls()).toEqual({});
      await expect(put('new', { frontmatter: { date: 'soon' }, body: '' })).rejects.toThrow(
        'frontmatter.title: required',
      );
      await expect(
        put('new', { frontmatter: { title: 'x' }, body: '' }, 'nothing'),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect(world.calls().putFile).toBeUndefined();
    });

    it('reads a file cut short by the snapshot whole before rewriting it', async () => {
      const long = `---\ntitle: Long\n---\n${'A line of a long body.\n'.repeat(80)}`;
      world.push([{ path: 'content/posts/long.md', content: long }]);
      world.resetCalls();
      await put('long', {
        frontmatter: { title: 'Longer' },
        body: long.slice(long.indexOf('---\n', 4) + 4),
        sha: world.oidOf(long),
      });
      expect(world.fileAt('content/posts/long.md')).toBe(
        long.replace('title: Long', 'title: Longer'),
      );
      expect(world.calls()).toEqual({ snapshot: 1, readBlobs: 1, putFile: 1 });
    });

    it('replaces a frontmatter that is not valid YAML, edits TOML in place, and never turns invalid TOML into YAML', async () => {
      const broken = '---\ntitle: [unclosed\n---\nBody\n';
      const toml = '+++\ntitle = "T" # shown on the page\n+++\nBody\n';
      const badToml = '+++\ntitle = "T\n+++\nBody\n';
      world.push([
        { path: 'content/posts/broken.md', content: broken },
        { path: 'content/posts/toml.md', content: toml },
        { path: 'content/posts/bad-toml.md', content: badToml },
      ]);
      await put('broken', {
        frontmatter: { title: 'Fixed' },
        body: 'Body\n',
        sha: world.oidOf(broken),
      });
      expect(world.fileAt('content/posts/broken.md')).toBe('---\ntitle: Fixed\n---\nBody\n');
      await put('toml', { frontmatter: { title: 'T2' }, body: 'Body\n', sha: world.oidOf(toml) });
      expect(world.fileAt('content/posts/toml.md')).toBe(
        '+++\ntitle = "T2" # shown on the page\n+++\nBody\n',
      );
      await expect(
        put('bad-toml', {
          frontmatter: { title: 'T2' },
          body: 'Body\n',
          sha: world.oidOf(badToml),
        }),
      ).rejects.toThrow(/invalid TOML at line 2/);
      expect(world.fileAt('content/posts/bad-toml.md')).toBe(badToml);
    });
  });

  describe('put, draft branch', () => {
    it('creates the draft branch from main on the first save only, and leaves main alone', async () => {
      const main = world.head();
      const first = await put('hello', {
        frontmatter: { title: 'Draft 1', date: '2025-01-31', tags: ['a', 'b'] },
        body: '\nHello body.\n',
        sha: helloSha(),
        mode: 'branch',
      });
      expect(first.branch).toBe('cms/posts/hello');
      const second = await put('hello', {
        frontmatter: { title: 'Draft 2', date: '2025-01-31', tags: ['a', 'b'] },
        body: '\nHello body.\n',
        sha: first.sha,
        mode: 'branch',
      });
      expect(world.fileAt('content/posts/hello.md', 'cms/posts/hello')).toContain(
        'title: "Draft 2"',
      );
      expect(world.fileAt('content/posts/hello.md')).toBe(hello);
      expect(world.head()).toBe(main);
      expect(second).toMatchObject({
        branch: 'cms/posts/hello',
        sha: world.oidOf(world.fileAt('content/posts/hello.md', 'cms/posts/hello')!),
      });
      // The first save, which creates the branch, asks whether a change set holds the item.
      expect(world.calls()).toEqual({ snapshot: 2, createBranch: 1, putFile: 2, listOpenPulls: 1 });
    });

    it('answers 409 to reload when the draft branch goes (published or closed) between the read and the save', async () => {
      const first = await put('hello', {
        frontmatter: { title: 'Draft 1', date: '2025-01-31', tags: ['a', 'b'] },
        body: '\nHello body.\n',
        sha: helloSha(),
        mode: 'branch',
      });
      const racing = createContentWrites({
        ...world,
        gitHost: {
          ...world.gitHost,
          putFile: (token, repo, write) => {
            world.provider.repo(world.repo)!.refs.delete('cms/posts/hello');
            return world.gitHost.putFile(token, repo, write);
          },
        },
      });
      const save = racing.put({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        collection: 'posts',
        slug: 'hello',
        input: {
          frontmatter: { title: 'Draft 2' },
          body: '\nHello body.\n',
          sha: first.sha,
          mode: 'branch',
        },
      });
      await expect(save).rejects.toThrow(
        new ConflictError(
          'The draft cms/posts/hello was published or closed while this was being saved; nothing was saved: reload posts/hello and save again',
        ),
      );
      expect(world.head('cms/posts/hello')).toBeNull();
    });

    it('holds a locked collection to its mode', async () => {
      await expect(
        put(
          'about',
          {
            frontmatter: { title: 'About!' },
            body: 'About us.\n',
            sha: world.oidOf('---\ntitle: About\n---\nAbout us.\n'),
          },
          'pages',
        ),
      ).rejects.toThrow(/locked to draft branches/);
      const saved = await put(
        'about',
        {
          frontmatter: { title: 'About!' },
          body: 'About us.\n',
          sha: world.oidOf('---\ntitle: About\n---\nAbout us.\n'),
          mode: 'branch',
        },
        'pages',
      );
      expect(saved.branch).toBe('cms/pages/about');
    });
  });

  describe('delete', () => {
    const remove = (slug: string, sha: string, mode?: 'direct' | 'branch', collection = 'posts') =>
      writes.delete({
        userId: world.userId,
        login: 'demo',
        fullName: world.fullName,
        collection,
        slug,
        sha,
        mode,
      });

    it('deletes by sha; a stale sha is a conflict and a missing item is not found', async () => {
      await expect(remove('hello', world.oidOf('older'))).rejects.toBeInstanceOf(ConflictError);
      await expect(remove('missing', helloSha())).rejects.toBeInstanceOf(NotFoundError);
      expect(await remove('hello', helloSha())).toEqual({ ok: true, commit: world.head() });
      expect(world.fileAt('content/posts/hello.md')).toBeNull();
    });

    it('never deletes a symbolic link', async () => {
      await expect(remove('link', world.oidOf('hello.md'))).rejects.toThrow(/symbolic link/);
      expect(world.fileAt('content/posts/link.md')).toBe('hello.md');
    });

    it('deletes on the draft branch of a locked collection, creating it from main', async () => {
      const sha = world.oidOf('---\ntitle: About\n---\nAbout us.\n');
      expect(await remove('about', sha, 'branch', 'pages')).toEqual({
        ok: true,
        branch: 'cms/pages/about',
        commit: world.head('cms/pages/about'),
      });
      expect(world.fileAt('content/pages/about.md', 'cms/pages/about')).toBeNull();
      expect(world.fileAt('content/pages/about.md')).not.toBeNull();
    });

    it('names the item when the file vanished between the read and the delete', async () => {
      const racing = createContentWrites({
        ...world,
        gitHost: {
          ...world.gitHost,
          deleteFile: (token, repo, change) => {
            world.push([{ path: change.path, delete: true }]);
            return world.gitHost.deleteFile(token, repo, change);
          },
        },
      });
      await expect(
        racing.delete({
          userId: world.userId,
          login: 'demo',
          fullName: world.fullName,
          collection: 'posts',
          slug: 'hello',
          sha: helloSha(),
        }),
      ).rejects.toThrow('Item posts/hello not found');
    });
  });
});
