import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { git } from '../support/real-site-checkout';
import { localRepo, serveRealSites, type ServedRealSites } from '../support/served-real-sites';
import { pushFiles } from '../support/drafts';
import { createCliHome, runCli } from './cli-support';

/**
 * Translated collections over real HTTP (issue #36), on real multilingual sites committed as
 * their owners have them: Starlight (English at the content root, a folder per locale beside it),
 * Hexo (English at source/docs, the others at source/{locale}/docs) and a Hugo theme's example
 * site translated by file name (`index.en.md` beside `index.zh-cn.md`). An item is read, saved
 * and deleted in a locale with `?locale=`, lists list one locale, and the default locale never
 * takes a locale folder for its own.
 */
let served: ServedRealSites;
let root: string;
let service: TestService;
let api: ApiClient;
let demo: string;

const starlightLocales = ['en', 'de', 'es', 'fr', 'ja', 'ko', 'ru', 'zh-cn', 'it'];
const starlight = {
  name: 'Starlight docs',
  i18n: { locales: starlightLocales, default: 'en' },
  collections: {
    guides: {
      label: 'Guides',
      directory: 'docs/src/content/docs/guides',
      path: ['{slug}.md', '{slug}.mdx'],
      i18n: { structure: 'directories', directory: 'docs/src/content/docs/{locale}/guides' },
      fields: [{ name: 'title', label: 'Title', type: 'string', i18n: 'translate' }],
    },
    pages: {
      label: 'Pages',
      directory: 'docs/src/content/docs',
      path: ['{slug}.md', '{slug}.mdx'],
      i18n: { structure: 'directories', directory: 'docs/src/content/docs/{locale}' },
      fields: [{ name: 'title', label: 'Title', type: 'string' }],
    },
    changes: { label: 'Changes', directory: '.changeset', fields: [] },
  },
};
const hexo = {
  name: 'Hexo docs',
  collections: {
    docs: {
      label: 'Docs',
      directory: 'source/docs',
      i18n: {
        structure: 'directories',
        directory: 'source/{locale}/docs',
        locales: ['en', 'es', 'ja', 'ko', 'pt-br', 'ru', 'th', 'zh-cn', 'zh-tw'],
        default: 'en',
      },
      fields: [{ name: 'title', label: 'Title', type: 'string' }],
    },
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
      fields: [{ name: 'title', label: 'Title', type: 'string' }],
    },
  },
};

const siteDir = (name: string) => path.join(root, name);
const repo = localRepo;
const head = (name: string) => git(siteDir(name), 'rev-parse', 'HEAD').trim();
const changedFiles = (name: string) =>
  git(siteDir(name), 'show', '--name-only', '--format=', 'HEAD').trim().split('\n');

beforeAll(async () => {
  served = await serveRealSites({
    'withastro-starlight': starlight,
    'hexojs-site': hexo,
    'dillonzq-LoveIt': loveIt,
  });
  ({ root, service, api, demo } = served);
}, 120_000);
afterAll(() => served?.stop());

const slugsOf = (items: { slug: string }[]) => items.map((item) => item.slug).sort();

describe('a translated collection read by locale', () => {
  it('lists the default locale without ?locale, and a locale folder with it', async () => {
    const guides = `${repo('withastro-starlight')}/content/guides`;
    const english = await api.get(guides, { session: demo });
    expect(english.status).toBe(200);
    const four = ['authoring-content', 'i18n', 'project-structure', 'site-search'];
    expect(slugsOf(english.body)).toEqual(four);
    const french = await api.get(`${guides}?locale=fr`, { session: demo });
    expect(french.status).toBe(200);
    expect(slugsOf(french.body)).toEqual(four);
    expect(french.body.map((item: { path: string }) => item.path).sort()).toEqual(
      four.map((slug) => `docs/src/content/docs/fr/guides/${slug}.mdx`),
    );
    // Italian has no guides in this site: an empty locale, not an error.
    const italian = await api.get(`${guides}?locale=it`, { session: demo });
    expect(italian.status).toBe(200);
    expect(italian.body).toEqual([]);
  });

  it('never lists or reports a locale folder as part of the default locale', async () => {
    const pages = `${repo('withastro-starlight')}/content/pages`;
    const english = await api.get(pages, { session: demo });
    expect(slugsOf(english.body)).toEqual(['404', 'getting-started', 'index']);
    const skipped = await api.get(`${pages}/_skipped`, { session: demo });
    const folders = skipped.body.map((file: { path: string }) => file.path.split('/').at(-1));
    // The site's section folders are reported as before; its locale folders are not.
    expect(folders).toEqual(expect.arrayContaining(['components', 'guides']));
    for (const locale of starlightLocales) expect(folders).not.toContain(locale);
    // Danish is not a locale of this config: its folder is reported like any other folder.
    expect(folders).toContain('da');
    expect(english.headers.get('x-skipped-files')).toBe(String(skipped.body.length));
  });

  it('reads one item in a locale, naming it; the default without ?locale', async () => {
    const item = `${repo('withastro-starlight')}/content/guides/i18n`;
    const german = await api.get(`${item}?locale=de`, { session: demo });
    expect(german.status).toBe(200);
    expect(german.body).toMatchObject({
      slug: 'i18n',
      locale: 'de',
      path: 'docs/src/content/docs/de/guides/i18n.mdx',
    });
    expect(german.body.frontmatter.title).toBe('Internationalisierung (i18n)');
    const english = await api.get(item, { session: demo });
    expect(english.body).toMatchObject({
      locale: 'en',
      path: 'docs/src/content/docs/guides/i18n.mdx',
    });
    const missing = await api.get(`${item}?locale=it`, { session: demo });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Item guides/i18n not found in locale it');
  });

  it('refuses a locale the collection lacks, or any locale on an untranslated collection', async () => {
    const site = repo('withastro-starlight');
    const before = head('withastro-starlight');
    const unknown = await api.get(`${site}/content/guides/i18n?locale=da`, { session: demo });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(
      `locale: "da" is not a locale of collection guides (${starlightLocales.join(', ')})`,
    );
    const malformed = await api.get(`${site}/content/guides?locale=FR_fr`, { session: demo });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/^query\.locale: expected a locale code/);
    const untranslated = await api.get(`${site}/content/changes?locale=fr`, { session: demo });
    expect(untranslated.status).toBe(400);
    expect(untranslated.body.error).toBe(
      'locale: collection changes is not translated (it has no "i18n" in cms.config.json); send no locale',
    );
    const save = await api.put(
      `${site}/content/guides/i18n?locale=da`,
      { frontmatter: { title: 'x' }, body: 'x\n' },
      { session: demo },
    );
    expect(save.status).toBe(400);
    expect(head('withastro-starlight')).toBe(before);
  });

  it('saves a translation in its own file and nothing else', async () => {
    const item = `${repo('hexojs-site')}/content/docs/helpers`;
    const spanish = await api.get(`${item}?locale=es`, { session: demo });
    expect(spanish.status).toBe(200);
    expect(spanish.body.path).toBe('source/es/docs/helpers.md');
    const english = await api.get(item, { session: demo });
    const saved = await api.put(
      `${item}?locale=es`,
      {
        frontmatter: { ...spanish.body.frontmatter, title: 'Ayudantes (editado)' },
        body: spanish.body.body,
        sha: spanish.body.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    expect(changedFiles('hexojs-site')).toEqual(['source/es/docs/helpers.md']);
    const after = await api.get(`${item}?locale=es`, { session: demo });
    expect(after.body.frontmatter.title).toBe('Ayudantes (editado)');
    expect((await api.get(item, { session: demo })).body.sha).toBe(english.body.sha);
  });

  it('creates a missing translation under the default layout, and deletes one locale alone', async () => {
    const item = `${repo('hexojs-site')}/content/docs/commands`;
    const english = await api.get(item, { session: demo });
    expect((await api.get(`${item}?locale=th`, { session: demo })).status).toBe(404);
    const created = await api.put(
      `${item}?locale=th`,
      { frontmatter: { title: 'คำสั่ง' }, body: english.body.body },
      { session: demo },
    );
    expect(created.status).toBe(200);
    expect(changedFiles('hexojs-site')).toEqual(['source/th/docs/commands.md']);
    const thai = await api.get(`${item}?locale=th`, { session: demo });
    expect(thai.body).toMatchObject({ locale: 'th', frontmatter: { title: 'คำสั่ง' } });
    const deleted = await api.delete(`${item}?locale=th&sha=${thai.body.sha}`, { session: demo });
    expect(deleted.status).toBe(200);
    expect(changedFiles('hexojs-site')).toEqual(['source/th/docs/commands.md']);
    expect((await api.get(item, { session: demo })).body.sha).toBe(english.body.sha);
  });
});

describe('a change request holding one item in several locales', () => {
  const site = () => repo('hexojs-site');
  const item = (slug: string) => `${site()}/content/docs/${slug}`;

  /** Saves a new title for `slug` in `locale` (the default when absent) on the item's draft branch. */
  async function saveOnDraft(slug: string, title: string, locale?: string) {
    const query = locale ? `?locale=${locale}&` : '?';
    const current = await api.get(`${item(slug)}${query}branch=cms/docs/${slug}`, {
      session: demo,
    });
    const read =
      current.status === 200 ? current : await api.get(`${item(slug)}${query}`, { session: demo });
    expect(read.status).toBe(200);
    const saved = await api.put(
      `${item(slug)}${locale ? `?locale=${locale}` : ''}`,
      {
        frontmatter: { ...read.body.frontmatter, title },
        body: read.body.body,
        sha: read.body.sha,
        mode: 'branch',
      },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  it('is a genuine draft, shows each locale, and publishes them together', async () => {
    await saveOnDraft('writing', 'Writing, revised');
    await saveOnDraft('writing', 'Escribiendo, revisado', 'es');
    await saveOnDraft('writing', '執筆（改訂）', 'ja');
    const opened = await api.post(
      `${site()}/pulls`,
      { branch: 'cms/docs/writing', title: 'Writing in three locales' },
      { session: demo },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const number = opened.body.number as number;
    const pull = await api.get(`${site()}/pulls/${number}`, { session: demo });
    expect(pull.body.mergeBlockers).toEqual([]);
    const diff = await api.get(`${site()}/pulls/${number}/diff`, { session: demo });
    expect(
      diff.body.map((entry: { slug: string; locale: string; path: string }) => [
        entry.slug,
        entry.locale,
        entry.path,
      ]),
    ).toEqual([
      ['writing', 'en', 'source/docs/writing.md'],
      ['writing', 'es', 'source/es/docs/writing.md'],
      ['writing', 'ja', 'source/ja/docs/writing.md'],
    ]);
    const merged = await api.put(`${site()}/pulls/${number}/merge`, {}, { session: demo });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(changedFiles('hexojs-site').sort()).toEqual([
      'source/docs/writing.md',
      'source/es/docs/writing.md',
      'source/ja/docs/writing.md',
    ]);
    for (const [locale, title] of [
      ['en', 'Writing, revised'],
      ['es', 'Escribiendo, revisado'],
      ['ja', '執筆（改訂）'],
    ])
      expect(
        (await api.get(`${item('writing')}?locale=${locale}`, { session: demo })).body.frontmatter
          .title,
      ).toBe(title);
  });

  it("refuses another item's translation on a draft, naming it", async () => {
    await saveOnDraft('plugins', 'Plugins, revised');
    await pushFiles(service, 'local/hexojs-site', 'cms/docs/plugins', {
      'source/es/docs/themes.md': '---\ntitle: Temas\n---\nOtro artículo.\n',
    });
    const opened = await api.post(
      `${site()}/pulls`,
      { branch: 'cms/docs/plugins', title: 'Plugins' },
      { session: demo },
    );
    const pull = await api.get(`${site()}/pulls/${opened.body.number}`, { session: demo });
    expect(pull.body.mergeBlockers).toEqual([
      {
        reason: 'foreign-files',
        message:
          'The pull request changes more than its item source/docs/plugins.md: source/es/docs/themes.md.',
      },
    ]);
  });
});

describe("Hugo's suffixes: the locale in the file name", () => {
  const posts = () => `${repo('dillonzq-LoveIt')}/content/posts`;
  const slugs = ['basic-markdown-syntax', 'theme-documentation-content'];

  it("lists each locale's files of the page bundles, and nothing of another", async () => {
    const english = await api.get(posts(), { session: demo });
    expect(english.body.map((item: { path: string }) => item.path).sort()).toEqual(
      slugs.map((slug) => `exampleSite/content/posts/${slug}/index.en.md`),
    );
    expect(english.headers.get('x-skipped-files')).toBe('0');
    const chinese = await api.get(`${posts()}?locale=zh-cn`, { session: demo });
    expect(chinese.body.map((item: { path: string }) => item.path).sort()).toEqual(
      slugs.map((slug) => `exampleSite/content/posts/${slug}/index.zh-cn.md`),
    );
    const french = await api.get(`${posts()}?locale=fr`, { session: demo });
    expect(french.body).toEqual([]);
  });

  it('reads a translation, and creates a missing one beside the others in its bundle', async () => {
    const item = `${posts()}/basic-markdown-syntax`;
    const chinese = await api.get(`${item}?locale=zh-cn`, { session: demo });
    expect(chinese.body).toMatchObject({
      locale: 'zh-cn',
      path: 'exampleSite/content/posts/basic-markdown-syntax/index.zh-cn.md',
    });
    const english = await api.get(item, { session: demo });
    expect(english.body.frontmatter.title).not.toBe(chinese.body.frontmatter.title);
    const created = await api.put(
      `${item}?locale=fr`,
      { frontmatter: { title: 'Syntaxe Markdown de base' }, body: english.body.body },
      { session: demo },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(changedFiles('dillonzq-LoveIt')).toEqual([
      'exampleSite/content/posts/basic-markdown-syntax/index.fr.md',
    ]);
    const french = await api.get(`${posts()}?locale=fr`, { session: demo });
    expect(french.body.map((entry: { slug: string }) => entry.slug)).toEqual([
      'basic-markdown-syntax',
    ]);
    // The English list is unchanged: a suffixed file is never an item of another locale.
    expect((await api.get(posts(), { session: demo })).body).toHaveLength(2);
  });
});

describe('the translation report: current, outdated and missing, from git history', () => {
  const report = () => `${repo('hexojs-site')}/content/docs/_translations`;
  const roundTrips = async () => {
    service.github.resetRequestCount();
    const answer = await api.get(report(), { session: demo });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { body: answer.body, github: service.github.requestCount() };
  };

  it('counts each locale, from one read warm and a bounded number of history reads cold', async () => {
    const cold = await roundTrips();
    expect(cold.body.defaultLocale).toBe('en');
    expect(cold.body.items).toBe(25);
    // Nine of the 25 pages are translated in each locale. `writing` was published in English,
    // Spanish and Japanese together (above), so Korean's is outdated; Spanish saved alone is not.
    expect(cold.body.locales.es).toMatchObject({ current: 9, outdated: 0, missing: 16 });
    expect(cold.body.locales.ko).toMatchObject({ current: 8, outdatedSlugs: ['writing'] });
    expect(cold.body.locales.es.missingSlugs).toContain('commands');
    expect(Object.keys(cold.body.locales).sort()).toEqual(
      ['es', 'ja', 'ko', 'pt-br', 'ru', 'th', 'zh-cn', 'zh-tw'].sort(),
    );
    // The config and every locale's directory, then when the 81 files last changed (one batch):
    // 2 round trips, not one per item. The one translation saved apart from its English page
    // (Spanish `helpers`) needs no third: the item reads above answered its `translations`, so
    // its status is in the table by blob pair already.
    expect(cold.github).toBe(2);
    const warm = await roundTrips();
    expect(warm.body).toEqual(cold.body);
    expect(warm.github).toBe(1);
  });

  it('marks a translation outdated once the default locale changes after it, current once it is saved again', async () => {
    const item = `${repo('hexojs-site')}/content/docs/plugins`;
    const english = await api.get(item, { session: demo });
    const saved = await api.put(
      item,
      {
        frontmatter: { ...english.body.frontmatter, title: 'Plugins, rewritten' },
        body: english.body.body,
        sha: english.body.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    const after = await roundTrips();
    // `writing` was published in English, Spanish and Japanese together (above): the other
    // locales' `writing` is outdated since.
    for (const locale of ['es', 'ja', 'ko', 'pt-br', 'ru', 'th', 'zh-cn', 'zh-tw']) {
      const outdated = ['es', 'ja'].includes(locale) ? ['plugins'] : ['plugins', 'writing'];
      expect(after.body.locales[locale], locale).toMatchObject({
        current: 9 - outdated.length,
        outdated: outdated.length,
        outdatedSlugs: outdated,
      });
    }
    const spanish = await api.get(`${item}?locale=es`, { session: demo });
    await api.put(
      `${item}?locale=es`,
      {
        frontmatter: { ...spanish.body.frontmatter, title: 'Plugins (reescrito)' },
        body: spanish.body.body,
        sha: spanish.body.sha,
      },
      { session: demo },
    );
    const again = await roundTrips();
    expect(again.body.locales.es).toMatchObject({ current: 9, outdated: 0 });
    expect(again.body.locales.ja).toMatchObject({ current: 8, outdated: 1 });
    expect(again.body.locales.ko).toMatchObject({ outdatedSlugs: ['plugins', 'writing'] });
  });

  it('refuses an untranslated collection, naming it', async () => {
    const answer = await api.get(`${repo('withastro-starlight')}/content/changes/_translations`, {
      session: demo,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      'collection: changes is not translated (it has no "i18n" in cms.config.json)',
    );
  });
});

describe('cms i18n status', () => {
  it("prints each locale's counts and outdated items, and the report as JSON", async () => {
    const { token } = await api.createToken(demo, {
      repos: ['local/hexojs-site'],
      permissions: ['content:read'],
    });
    const home = await createCliHome(service.url);
    try {
      const cms = (args: string[]) => runCli(args, home.env({ CMS_TOKEN: token }));
      const shown = await cms(['i18n', 'status', 'local/hexojs-site', 'docs']);
      expect(shown.code, shown.stderr).toBe(0);
      const lines = shown.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^LOCALE\s+CURRENT\s+OUTDATED\s+MISSING\s+OUTDATED ITEMS$/);
      expect(lines.find((line) => line.startsWith('ko '))).toMatch(
        /^ko\s+7\s+2\s+16\s+plugins writing$/,
      );
      const json = await cms(['i18n', 'status', 'local/hexojs-site', 'docs', '--json']);
      expect(JSON.parse(json.stdout)).toEqual(
        (await api.get(`${repo('hexojs-site')}/content/docs/_translations`, { session: demo }))
          .body,
      );
      const refused = await cms(['i18n', 'status', 'local/hexojs-site', 'nope']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Collection nope not found');
    } finally {
      await home.remove();
    }
  });
});
