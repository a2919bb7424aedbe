import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { checkoutRealSite, git } from '../support/real-site-checkout';

/**
 * A translated item's `translations` map and "create a translation" over real HTTP (issue #36),
 * on real multilingual sites as their owners have them: the Hexo docs (English at source/docs,
 * eight other locales at source/{locale}/docs) and the LoveIt theme's example posts, translated by
 * file name (`index.en.md` beside `index.zh-cn.md`).
 */
let root: string;
let service: TestService;
let api: ApiClient;
let demo: string;

const hexoLocales = ['en', 'es', 'ja', 'ko', 'pt-br', 'ru', 'th', 'zh-cn', 'zh-tw'];
const hexo = {
  name: 'Hexo docs',
  collections: {
    docs: {
      label: 'Docs',
      directory: 'source/docs',
      i18n: {
        structure: 'directories',
        directory: 'source/{locale}/docs',
        locales: hexoLocales,
        default: 'en',
      },
      fields: [{ name: 'title', label: 'Title', type: 'string', required: true }],
    },
    posts: { label: 'Posts', directory: 'source/_posts', fields: [] },
  },
};
const loveIt = {
  name: 'LoveIt example',
  i18n: { locales: ['en', 'zh-cn', 'fr'], default: 'en' },
  collections: {
    posts: {
      label: 'Posts',
      directory: 'exampleSite/content/posts',
      path: '{slug}/index.md',
      i18n: { structure: 'suffix', suffixDefault: true },
      fields: [
        { name: 'title', label: 'Title', type: 'string', required: true, i18n: 'translate' },
        { name: 'description', label: 'Description', type: 'string', i18n: 'translate' },
        { name: 'date', label: 'Date', type: 'datetime', i18n: 'shared' },
        {
          name: 'tags',
          label: 'Tags',
          type: 'list',
          field: { type: 'string' },
          i18n: 'duplicate',
        },
      ],
    },
  },
};

const siteDir = (name: string) => path.join(root, name);
const repo = (name: string) => `/api/repos/${encodeURIComponent(`local/${name}`)}`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cms-i18n-item-'));
  for (const [name, config] of [
    ['hexojs-site', hexo],
    ['dillonzq-LoveIt', loveIt],
  ] as const) {
    checkoutRealSite(name, siteDir(name));
    writeFileSync(path.join(siteDir(name), 'cms.config.json'), JSON.stringify(config, null, 2));
    git(siteDir(name), 'add', 'cms.config.json');
    git(siteDir(name), 'commit', '--quiet', '-m', 'cms.config.json');
  }
  service = await startTestService({
    dataDir: path.join(root, 'data'),
    sites: ['hexojs-site', 'dillonzq-LoveIt'].map(siteDir),
  });
  api = apiClient(service.url);
  demo = await api.signIn('demo');
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await rm(root, { recursive: true, force: true });
});

/** A GET and the GitHub round trips it made. */
async function counted(url: string) {
  service.github.resetRequestCount();
  const answer = await api.get(url, { session: demo });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { body: answer.body, github: service.github.requestCount() };
}

describe("an item's translations map", () => {
  const writing = () => `${repo('hexojs-site')}/content/docs/writing`;

  it('names every locale with its file, sha and status, from one read warm and two cold', async () => {
    const cold = await counted(writing());
    expect(Object.keys(cold.body.translations)).toEqual(hexoLocales);
    expect(cold.body.translations.en).toEqual({
      path: 'source/docs/writing.md',
      sha: cold.body.sha,
      status: 'current',
    });
    expect(cold.body.translations.es).toMatchObject({
      path: 'source/es/docs/writing.md',
      status: 'current',
    });
    expect(cold.body.translations.es.sha).toMatch(/^[0-9a-f]{40}$/);
    // The item and every locale's file in one read, then when the 18 files last changed (one
    // history batch; all came in one commit, so no pair needs the second question).
    expect(cold.github).toBe(2);
    const warm = await counted(writing());
    expect(warm.body).toEqual(cold.body);
    // Statuses known by blob pair: no round trip beyond the item's own read.
    expect(warm.github).toBe(1);
    const spanish = await counted(`${writing()}?locale=es`);
    expect(spanish.body.translations).toEqual(cold.body.translations);
    expect(spanish.github).toBe(1);
  });

  it('names a missing locale with no sha and where its file would go', async () => {
    const commands = await counted(`${repo('hexojs-site')}/content/docs/commands`);
    expect(commands.body.translations.en.status).toBe('current');
    expect(commands.body.translations.ja).toEqual({
      path: 'source/ja/docs/commands.md',
      sha: null,
      status: 'missing',
    });
    // Nothing to compare: the one read.
    expect(commands.github).toBe(1);
  });

  it('marks the translations outdated once the default locale changes, until each is saved', async () => {
    const english = await api.get(writing(), { session: demo });
    const saved = await api.put(
      writing(),
      {
        frontmatter: { ...english.body.frontmatter, title: 'Writing, revised' },
        body: english.body.body,
        sha: english.body.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    const after = await counted(`${writing()}?locale=ja`);
    expect(after.body.translations.en).toMatchObject({ sha: saved.body.sha, status: 'current' });
    for (const locale of hexoLocales.slice(1))
      expect(after.body.translations[locale].status, locale).toBe('outdated');
    // The read, when each file last changed, then the English file as of each translation's
    // last change (the pairs were changed by different commits).
    expect(after.github).toBe(3);
    const japanese = after.body;
    const translated = await api.put(
      `${writing()}?locale=ja`,
      { frontmatter: { title: '執筆（改訂）' }, body: japanese.body, sha: japanese.sha },
      { session: demo },
    );
    expect(translated.status, JSON.stringify(translated.body)).toBe(200);
    const again = await counted(writing());
    expect(again.body.translations.ja.status).toBe('current');
    expect(again.body.translations.es.status).toBe('outdated');
  });

  it('reads a suffix collection: the default file by its suffix, a missing locale by its bundle', async () => {
    const item = await counted(`${repo('dillonzq-LoveIt')}/content/posts/basic-markdown-syntax`);
    expect(item.body.translations).toEqual({
      en: {
        path: 'exampleSite/content/posts/basic-markdown-syntax/index.en.md',
        sha: item.body.sha,
        status: 'current',
      },
      'zh-cn': {
        path: 'exampleSite/content/posts/basic-markdown-syntax/index.zh-cn.md',
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
        status: 'current',
      },
      fr: {
        path: 'exampleSite/content/posts/basic-markdown-syntax/index.fr.md',
        sha: null,
        status: 'missing',
      },
    });
  });

  it('leaves an untranslated collection answer as it was', async () => {
    const posts = await api.get(`${repo('hexojs-site')}/content/posts`, { session: demo });
    const first = posts.body[0].slug as string;
    const item = await counted(`${repo('hexojs-site')}/content/posts/${first}`);
    expect(item.body).not.toHaveProperty('translations');
    expect(item.body).not.toHaveProperty('locale');
    expect(item.github).toBe(1);
  });
});
