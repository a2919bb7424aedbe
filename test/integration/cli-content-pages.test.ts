import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeneratedCollection, type GeneratedPost } from '../support/generated-collection';
import { startIndexedService } from '../support/indexed-service';
import { createCliHome, startCli, type CliHome } from './cli-support';

/**
 * `cms content ls` on a collection over the inline limit (test scale: 50): it says how far the
 * index has come while the service builds it, asks again after the Retry-After it was given, and
 * lists every page once the index is there.
 */
let indexed: Awaited<ReturnType<typeof startIndexedService>>;
let home: CliHome;
let token: string;
let repo: string;
let posts: GeneratedPost[];

beforeAll(async () => {
  indexed = await startIndexedService();
  home = await createCliHome(indexed.service.url);
  ({ token } = await indexed.api.createToken(indexed.demo, {
    permissions: ['content:read'],
    repos: ['*'],
  }));
  ({ fullName: repo, posts } = await createGeneratedCollection(
    indexed.service,
    indexed.api,
    indexed.demo,
    { name: 'cli-index', count: 80 },
  ));
});
afterAll(async () => {
  await home?.remove();
  await indexed?.service.stop();
});

describe('cms content ls while the index is built', () => {
  it('says how far it has come, waits, and lists every page sorted once it is built', async () => {
    const cli = startCli(
      ['content', 'ls', repo, 'posts', '--sort', 'slug', '--order', 'desc', '--all', '--json'],
      home.env({ CMS_TOKEN: token }),
    );
    await cli.waitForStderr(/Indexing posts: 0 of 80 files read…/);
    await indexed.jobs.runAll();
    const result = await cli.done;
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { slug: string }[]).map((item) => item.slug)).toEqual(
      posts.map((post) => post.slug).reverse(),
    );
  });

  it('lists the whole collection without options once the index is there, as one answer', async () => {
    const cli = startCli(
      ['content', 'ls', repo, 'posts', '--json'],
      home.env({ CMS_TOKEN: token }),
    );
    const result = await cli.done;
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect((JSON.parse(result.stdout) as { slug: string }[]).map((item) => item.slug)).toEqual(
      posts.map((post) => post.slug),
    );
  });
});
