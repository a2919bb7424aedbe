import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { git } from '../support/real-site-checkout';
import { localRepo, serveRealSites, type ServedRealSites } from '../support/served-real-sites';
import { createCliHome, runCli } from './cli-support';

/**
 * A translated item's `translations` map and "create a translation" over real HTTP (issue #36),
 * on real multilingual sites as their owners have them: the Hexo docs (English at source/docs,
 * eight other locales at source/{locale}/docs) and the LoveIt theme's example posts, translated by
 * file name (`index.en.md` beside `index.zh-cn.md`).
 */
let served: ServedRealSites;
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
const repo = localRepo;

beforeAll(async () => {
  served = await serveRealSites({
    'hexojs-site': hexo,
    'dillonzq-LoveIt': loveIt,
  });
  ({ root, service, api, demo } = served);
}, 120_000);
afterAll(() => served?.stop());

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

describe('creating a translation', () => {
  const posts = () => `${repo('dillonzq-LoveIt')}/content/posts`;
  const changedFiles = (name: string) =>
    git(siteDir(name), 'show', '--name-only', '--format=', 'HEAD').trim().split('\n');
  const head = (name: string) => git(siteDir(name), 'rev-parse', 'HEAD').trim();
  const fileAt = (name: string, file: string) => git(siteDir(name), 'show', `HEAD:${file}`);

  it('copies the default file but its translate fields, beside it in its bundle, with one commit', async () => {
    const item = `${posts()}/theme-documentation-content`;
    const english = fileAt(
      'dillonzq-LoveIt',
      'exampleSite/content/posts/theme-documentation-content/index.en.md',
    );
    const before = head('dillonzq-LoveIt');
    service.github.resetRequestCount();
    const created = await api.post(`${item}/translations`, { locale: 'fr' }, { session: demo });
    const github = service.github.requestCount();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = 'exampleSite/content/posts/theme-documentation-content/index.fr.md';
    expect(created.body).toMatchObject({ slug: 'theme-documentation-content', path, locale: 'fr' });
    expect(created.body.placeholders).toEqual(['title']);
    expect(created.body.translations.fr).toEqual({
      path,
      sha: created.body.sha,
      status: 'current',
    });
    // The required title copied to be translated; the optional description left out; the
    // shared date, the duplicated tags, the keys the config does not declare and the body kept.
    const englishItem = await api.get(item, { session: demo });
    expect(created.body.frontmatter.title).toBe(englishItem.body.frontmatter.title);
    expect(created.body.frontmatter).not.toHaveProperty('description');
    expect(created.body.frontmatter.tags).toEqual(englishItem.body.frontmatter.tags);
    expect(created.body.frontmatter.date).toEqual(englishItem.body.frontmatter.date);
    expect(created.body.frontmatter.weight).toEqual(englishItem.body.frontmatter.weight);
    expect(created.body.body).toBe(englishItem.body.body);
    expect(git(siteDir('dillonzq-LoveIt'), 'rev-list', '--count', `${before}..HEAD`).trim()).toBe(
      '1',
    );
    expect(changedFiles('dillonzq-LoveIt')).toEqual([path]);
    const french = fileAt('dillonzq-LoveIt', path);
    // Every other line keeps its bytes: only the description's line is gone.
    expect(french).toBe(english.replace(/^description: .*\n/m, ''));
    expect(git(siteDir('dillonzq-LoveIt'), 'log', '-1', '--format=%s').trim()).toBe(
      'Translate posts/theme-documentation-content into fr',
    );
    // One read (config, English file, whether French exists), the save's read and its commit,
    // then the answer's read and one history batch for the Chinese file's status, not known yet.
    // The new French pair is current by construction: no history is read for it.
    expect(github).toBe(5);
  });

  it('refuses a locale the item has a file in, naming it, and changes nothing', async () => {
    const before = head('dillonzq-LoveIt');
    const answer = await api.post(
      `${posts()}/basic-markdown-syntax/translations`,
      { locale: 'zh-cn' },
      { session: demo },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(
      'exampleSite/content/posts/basic-markdown-syntax/index.zh-cn.md exists already: the item has its zh-cn translation; open it (?locale=zh-cn) to edit it',
    );
    expect(head('dillonzq-LoveIt')).toBe(before);
  });

  it('refuses the default locale, an unknown one, an untranslated collection and a missing item', async () => {
    const before = head('hexojs-site');
    const post = (url: string, locale: string) =>
      api.post(`${url}/translations`, { locale }, { session: demo });
    const docs = `${repo('hexojs-site')}/content/docs`;
    const refusals = [
      [
        await post(`${docs}/commands`, 'en'),
        400,
        'locale: "en" is the default locale of collection docs, which translations are made from; name another (es, ja, ko, pt-br, ru, th, zh-cn, zh-tw)',
      ],
      [
        await post(`${docs}/commands`, 'da'),
        400,
        'locale: "da" is not a locale of collection docs (en, es, ja, ko, pt-br, ru, th, zh-cn, zh-tw)',
      ],
      [
        await post(`${repo('hexojs-site')}/content/posts/anything`, 'es'),
        400,
        'collection: posts is not translated (it has no "i18n" in cms.config.json)',
      ],
      [
        await post(`${docs}/no-such-page`, 'es'),
        404,
        "Item docs/no-such-page not found in locale en (the default): a translation is made from the default locale's file",
      ],
    ] as const;
    for (const [answer, status, error] of refusals) {
      expect(answer.status, error).toBe(status);
      expect(answer.body.error).toBe(error);
    }
    expect(head('hexojs-site')).toBe(before);
  });

  it('creates a translation on the draft branch with mode branch, the default branch untouched', async () => {
    const before = head('hexojs-site');
    const created = await api.post(
      `${repo('hexojs-site')}/content/docs/commands/translations`,
      { locale: 'ko', mode: 'branch', message: '명령어 번역 시작' },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ path: 'source/ko/docs/commands.md', locale: 'ko' });
    expect(created.body.placeholders).toEqual(['title']);
    expect(head('hexojs-site')).toBe(before);
    expect(
      git(siteDir('hexojs-site'), 'show', '--name-only', '--format=%s', 'cms/docs/commands')
        .trim()
        .split('\n')
        .filter(Boolean),
    ).toEqual(['명령어 번역 시작', 'source/ko/docs/commands.md']);
    // The map is the default branch's: Korean is still missing there.
    expect(created.body.translations.ko).toMatchObject({ sha: null, status: 'missing' });
  });
});

describe('cms i18n create', () => {
  it('creates a translation and names the fields to translate; refuses an existing one', async () => {
    const { token } = await api.createToken(demo, {
      repos: ['local/hexojs-site'],
      permissions: ['content:read', 'content:write'],
    });
    const home = await createCliHome(service.url);
    try {
      const cms = (args: string[]) => runCli(args, home.env({ CMS_TOKEN: token }));
      const created = await cms(['i18n', 'create', 'local/hexojs-site', 'docs', 'server', 'ru']);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toBe(
        'Created source/ru/docs/server.md (ru) in local/hexojs-site\nCopied to translate: title\n',
      );
      expect(git(siteDir('hexojs-site'), 'show', '--name-only', '--format=', 'HEAD').trim()).toBe(
        'source/ru/docs/server.md',
      );
      const again = await cms(['i18n', 'create', 'local/hexojs-site', 'docs', 'server', 'ru']);
      expect(again.code).toBe(3);
      expect(again.stderr).toContain('source/ru/docs/server.md exists already');
    } finally {
      await home.remove();
    }
  });
});
