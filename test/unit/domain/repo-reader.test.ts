import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectionOf } from '../../../shared/content/repo-reader';
import { InvalidInputError, ConflictError, NotFoundError } from '../../../shared/errors';
import { createWorld, forbidNetwork, siteConfig, type World } from './world';

const postsTree = (config: { collections: { posts?: { directory: string } } }) =>
  config.collections.posts
    ? { trees: { items: { path: config.collections.posts.directory } } }
    : {};

describe('repo reader (fakes)', () => {
  let world: World;
  const read = () =>
    world.reader.read({ userId: world.userId, fullName: world.fullName, wants: postsTree });
  const pushConfig = (config: unknown) =>
    world.push([
      {
        path: 'cms.config.json',
        content: typeof config === 'string' ? config : JSON.stringify(config),
      },
    ]);

  beforeAll(forbidNetwork);
  beforeEach(async () => {
    world = await createWorld({
      files: [
        { path: 'content/posts/a.md', content: 'a' },
        { path: 'articles/b.md', content: 'b' },
      ],
    });
    world.resetCalls();
  });

  it('reads the config and what the caller wants in one round trip while the config is unchanged', async () => {
    const view = await read();
    expect(view.config).toEqual(siteConfig);
    expect(view.snapshot.trees.items!.map((entry) => entry.name)).toEqual(['a.md']);
    expect(world.calls()).toEqual({ snapshot: 1 });
  });

  it('remembers a changed config; reads again only when the change moves what the caller wants', async () => {
    const retitled = { ...siteConfig, name: 'Renamed site' };
    pushConfig(retitled);
    expect((await read()).config.name).toBe('Renamed site');
    expect(world.calls()).toEqual({ snapshot: 1 });
    expect((await world.connections.get(world.fullName))!.config.name).toBe('Renamed site');

    const moved = {
      ...siteConfig,
      collections: {
        ...siteConfig.collections,
        posts: { ...siteConfig.collections.posts, directory: 'articles' },
      },
    };
    pushConfig(moved);
    world.resetCalls();
    const view = await read();
    expect(view.snapshot.trees.items!.map((entry) => entry.name)).toEqual(['b.md']);
    expect(world.calls()).toEqual({ snapshot: 2 });
    world.resetCalls();
    await read();
    expect(world.calls()).toEqual({ snapshot: 1 });
  });

  it('answers 409 for a missing or invalid config', async () => {
    pushConfig('{ "name": ');
    await expect(read()).rejects.toThrow(/has an invalid cms.config.json: invalid JSON/);
    pushConfig({ name: '', collections: {} });
    await expect(read()).rejects.toBeInstanceOf(ConflictError);
    // A problem of one collection leaves it out: the repository reads, that collection answers 409.
    pushConfig({
      name: 'x',
      collections: { posts: { label: 'P', directory: 'p', fields: [], typo: true } },
    });
    const { config } = await read();
    expect(Object.keys(config.collections)).toEqual([]);
    expect(() => collectionOf(config, 'posts')).toThrow(ConflictError);
    expect(() => collectionOf(config, 'posts')).toThrow(/collections\.posts/);
    world.push([{ path: 'cms.config.json', delete: true }]);
    await expect(read()).rejects.toThrow(/cms.config.json is missing/);
  });

  it('answers 404 alike for a repository that is not connected and one the user can no longer see', async () => {
    await expect(
      world.reader.read({ userId: world.userId, fullName: 'demo/other', wants: postsTree }),
    ).rejects.toBeInstanceOf(NotFoundError);
    world.provider.repo(world.repo)!.installed = false;
    await expect(read()).rejects.toThrow(
      'Repository demo/site is not connected, or you cannot access it on GitHub',
    );
  });

  it('finds a collection by name: 400 for a malformed name, 404 for an unknown one', async () => {
    const { config } = await read();
    expect(collectionOf(config, 'posts').directory).toBe('content/posts');
    expect(() => collectionOf(config, 'Posts!')).toThrow(InvalidInputError);
    expect(() => collectionOf(config, 'constructor')).toThrow(NotFoundError);
  });
});
