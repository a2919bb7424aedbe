import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { git } from '../support/real-site-checkout';
import { localRepo, serveRealSites, type ServedRealSites } from '../support/served-real-sites';

/**
 * A translated item is one item in several locales (issue #36), over real HTTP on real
 * multilingual sites: LoveIt's example site translated by Hugo's file name suffixes
 * (`index.en.md` beside `index.zh-cn.md` in a page bundle) and Starlight's docs (English at the
 * content root, each other locale in a folder beside it). Fields marked `"i18n": "shared"` are
 * reported when a save leaves other locales behind, and written into every locale on request, in
 * the save's own commit, touching nothing but those values; a rename moves every locale's file in
 * one commit; history, compare, restore and revert follow one locale's file.
 */
let served: ServedRealSites;
let root: string;
let service: TestService;
let api: ApiClient;
let demo: string;

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
        { name: 'title', label: 'Title', type: 'string', i18n: 'translate' },
        { name: 'weight', label: 'Weight', type: 'number', i18n: 'shared' },
        {
          name: 'tags',
          label: 'Tags',
          type: 'list',
          field: { type: 'string' },
          i18n: 'shared',
        },
        { name: 'description', label: 'Description', type: 'string' },
      ],
    },
  },
};

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
      fields: [{ name: 'title', label: 'Title', type: 'string' }],
    },
  },
};

const siteDir = (name: string) => path.join(root, name);
const repo = localRepo;
const head = (name: string) => git(siteDir(name), 'rev-parse', 'HEAD').trim();
const changedFiles = (name: string, ref = 'HEAD') =>
  git(siteDir(name), 'show', '--no-renames', '--name-only', '--format=', ref)
    .trim()
    .split('\n')
    .sort();
const fileAt = (name: string, ref: string, file: string) =>
  git(siteDir(name), 'show', `${ref}:${file}`);

const posts = () => `${repo('dillonzq-LoveIt')}/content/posts`;
const bundle = 'exampleSite/content/posts/basic-markdown-syntax';
const english = `${bundle}/index.en.md`;
const chinese = `${bundle}/index.zh-cn.md`;

beforeAll(async () => {
  served = await serveRealSites({
    'dillonzq-LoveIt': loveIt,
    'withastro-starlight': starlight,
  });
  ({ root, service, api, demo } = served);
}, 120_000);
afterAll(() => served?.stop());

/** The item in `locale` (the default when absent), as the editor reads it. */
async function read(slug: string, locale?: string, branch?: string) {
  const query = new URLSearchParams({
    ...(locale && { locale }),
    ...(branch && { branch }),
  }).toString();
  const got = await api.get(`${posts()}/${slug}${query ? `?${query}` : ''}`, { session: demo });
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return got.body as { sha: string; frontmatter: Record<string, unknown>; body: string };
}

describe('shared fields of a translated item', () => {
  it('reports the other locales a changed shared field leaves behind, and writes only its own file', async () => {
    const item = await read('basic-markdown-syntax');
    const chineseBefore = fileAt('dillonzq-LoveIt', 'HEAD', chinese);
    service.github.resetRequestCount();
    const saved = await api.put(
      `${posts()}/basic-markdown-syntax`,
      {
        frontmatter: { ...item.frontmatter, weight: 7, title: 'Basic Markdown Syntax, revised' },
        body: item.body,
        sha: item.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    // The title is translated, not shared: only the weight is offered; French has no file.
    expect(saved.body.sharedChanges).toEqual([{ field: 'weight', locales: ['zh-cn'] }]);
    expect(saved.body.sharedApplied).toBeUndefined();
    // The other locales' files ride on the save's own read: one read, one write, as any save.
    expect(service.github.requestCount()).toBe(2);
    expect(changedFiles('dillonzq-LoveIt')).toEqual([english]);
    expect(fileAt('dillonzq-LoveIt', 'HEAD', chinese)).toBe(chineseBefore);
  });

  it('answers no sharedChanges when the other locales already hold the value, or none changed', async () => {
    const item = await read('theme-documentation-content', 'zh-cn');
    const saved = await api.put(
      `${posts()}/theme-documentation-content?locale=zh-cn`,
      {
        frontmatter: { ...item.frontmatter, title: `${String(item.frontmatter.title)}!` },
        body: item.body,
        sha: item.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('sharedChanges');
  });

  it('applies the saved shared values to the other locales in one commit, changing only those values', async () => {
    // The offer taken: the same values saved again with applyShared, after the save above.
    const item = await read('basic-markdown-syntax');
    const englishBefore = fileAt('dillonzq-LoveIt', 'HEAD', english);
    const chineseBefore = fileAt('dillonzq-LoveIt', 'HEAD', chinese);
    const before = head('dillonzq-LoveIt');
    service.github.resetRequestCount();
    const applied = await api.put(
      `${posts()}/basic-markdown-syntax`,
      { frontmatter: item.frontmatter, body: item.body, sha: item.sha, applyShared: true },
      { session: demo },
    );
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      sha: item.sha,
      sharedApplied: [{ field: 'weight', locales: ['zh-cn'] }],
    });
    expect(applied.body).not.toHaveProperty('unchanged');
    // One read, then the Git Data API's tree, commit and ref update.
    expect(service.github.requestCount()).toBe(4);
    expect(git(siteDir('dillonzq-LoveIt'), 'rev-parse', 'HEAD^').trim()).toBe(before);
    expect(changedFiles('dillonzq-LoveIt')).toEqual([chinese]);
    expect(fileAt('dillonzq-LoveIt', 'HEAD', english)).toBe(englishBefore);
    expect(fileAt('dillonzq-LoveIt', 'HEAD', chinese)).toBe(
      chineseBefore.replace('weight: 4\n', 'weight: 7\n'),
    );
    expect((await read('basic-markdown-syntax', 'zh-cn')).frontmatter.weight).toBe(7);
  });

  it('saves a change of a shared field with applyShared as one commit of every locale, answering the new sha', async () => {
    const item = await read('basic-markdown-syntax', 'zh-cn');
    const englishBefore = fileAt('dillonzq-LoveIt', 'HEAD', english);
    const saved = await api.put(
      `${posts()}/basic-markdown-syntax?locale=zh-cn`,
      {
        frontmatter: { ...item.frontmatter, tags: ['Markdown', 'HTML', 'CommonMark'] },
        body: item.body,
        sha: item.sha,
        applyShared: true,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.sharedApplied).toEqual([{ field: 'tags', locales: ['en'] }]);
    expect(changedFiles('dillonzq-LoveIt')).toEqual([english, chinese].sort());
    expect(saved.body.sha).toBe(
      git(siteDir('dillonzq-LoveIt'), 'rev-parse', `HEAD:${chinese}`).trim(),
    );
    // English keeps every byte but the tags' value, edited in place as any save edits it.
    expect(fileAt('dillonzq-LoveIt', 'HEAD', english)).toBe(
      englishBefore.replace(
        'tags: ["Markdown", "HTML"]\n',
        'tags: ["Markdown", "HTML", CommonMark]\n',
      ),
    );
    const message = git(siteDir('dillonzq-LoveIt'), 'log', '-1', '--format=%B');
    expect(message).toMatch(
      /^Update posts\/basic-markdown-syntax \(zh-cn\), with its shared fields in en\n/,
    );
  });

  it('applies shared fields on the draft branch, leaving the default branch as it was', async () => {
    const item = await read('theme-documentation-content');
    const main = head('dillonzq-LoveIt');
    const draft = 'cms/posts/theme-documentation-content';
    const saved = await api.put(
      `${posts()}/theme-documentation-content`,
      {
        frontmatter: { ...item.frontmatter, weight: 9 },
        body: item.body,
        sha: item.sha,
        mode: 'branch',
        applyShared: true,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      branch: draft,
      sharedApplied: [{ field: 'weight', locales: ['zh-cn'] }],
    });
    expect(head('dillonzq-LoveIt')).toBe(main);
    const folder = 'exampleSite/content/posts/theme-documentation-content';
    expect(changedFiles('dillonzq-LoveIt', draft)).toEqual(
      [`${folder}/index.en.md`, `${folder}/index.zh-cn.md`].sort(),
    );
    expect((await read('theme-documentation-content', 'zh-cn', draft)).frontmatter.weight).toBe(9);
  });

  it('refuses with 409 and writes nothing when another locale changed while it was being saved', async () => {
    const item = await read('basic-markdown-syntax');
    const held = service.github.holdRequest({
      method: 'POST',
      pathPrefix: '/api/v3/repos/local/dillonzq-LoveIt/git/trees',
    });
    const saving = api.put(
      `${posts()}/basic-markdown-syntax`,
      {
        frontmatter: { ...item.frontmatter, weight: 11 },
        body: item.body,
        sha: item.sha,
        applyShared: true,
      },
      { session: demo },
    );
    await held.reached;
    // Someone edits the Chinese file meanwhile.
    const file = path.join(siteDir('dillonzq-LoveIt'), chinese);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('lightgallery: true', 'lightgallery: false'),
    );
    git(siteDir('dillonzq-LoveIt'), 'commit', '--quiet', '-am', 'Edit the Chinese post');
    const theirs = head('dillonzq-LoveIt');
    held.release();
    const refused = await saving;
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `${chinese} was modified externally while saving; nothing was saved: reload posts/basic-markdown-syntax and save again`,
    );
    expect(head('dillonzq-LoveIt')).toBe(theirs);
  });
});

describe('renaming a translated item', () => {
  const guides = () => `${repo('withastro-starlight')}/content/guides`;
  const folderOf = (locale: string) =>
    locale === 'en' ? 'docs/src/content/docs/guides' : `docs/src/content/docs/${locale}/guides`;

  it('moves its file in every locale where it exists, in one commit, listing each move', async () => {
    const item = await api.get(`${guides()}/site-search`, { session: demo });
    const before = head('withastro-starlight');
    // Italian has no guides: eight locales hold the item.
    const held = starlightLocales.filter((locale) => locale !== 'it');
    const bytes = Object.fromEntries(
      held.map((locale) => [
        locale,
        fileAt('withastro-starlight', 'HEAD', `${folderOf(locale)}/site-search.mdx`),
      ]),
    );
    const renamed = await api.post(
      `${guides()}/site-search/rename`,
      { to: 'search', sha: item.body.sha },
      { session: demo },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.moved).toEqual(
      held.map((locale) => ({
        locale,
        previousPath: `${folderOf(locale)}/site-search.mdx`,
        path: `${folderOf(locale)}/search.mdx`,
      })),
    );
    expect(git(siteDir('withastro-starlight'), 'rev-parse', 'HEAD^').trim()).toBe(before);
    expect(changedFiles('withastro-starlight')).toEqual(
      held
        .flatMap((locale) => [
          `${folderOf(locale)}/site-search.mdx`,
          `${folderOf(locale)}/search.mdx`,
        ])
        .sort(),
    );
    for (const locale of held)
      expect(fileAt('withastro-starlight', 'HEAD', `${folderOf(locale)}/search.mdx`)).toBe(
        bytes[locale],
      );
    const french = await api.get(`${guides()}/search?locale=fr`, { session: demo });
    expect(french.body.frontmatter.title).toBe('Recherche');
  });

  it('moves a page bundle its locales share (Hugo suffixes) as one folder', async () => {
    const item = await read('basic-markdown-syntax');
    const renamed = await api.post(
      `${posts()}/basic-markdown-syntax/rename`,
      { to: 'markdown-basics', sha: item.sha },
      { session: demo },
    );
    expect(renamed.status).toBe(200);
    const to = 'exampleSite/content/posts/markdown-basics';
    expect(renamed.body.moved).toEqual([
      { locale: 'en', previousPath: english, path: `${to}/index.en.md` },
      { locale: 'zh-cn', previousPath: chinese, path: `${to}/index.zh-cn.md` },
    ]);
    expect(changedFiles('dillonzq-LoveIt')).toEqual(
      [english, chinese, `${to}/index.en.md`, `${to}/index.zh-cn.md`].sort(),
    );
  });

  it('refuses, writing nothing, when the new slug is taken in any locale', async () => {
    const dir = siteDir('withastro-starlight');
    const taken = 'docs/src/content/docs/ja/guides/translations.md';
    writeFileSync(path.join(dir, taken), '---\ntitle: 翻訳\n---\n');
    git(dir, 'add', taken);
    git(dir, 'commit', '--quiet', '-m', 'A Japanese page');
    const before = head('withastro-starlight');
    const item = await api.get(`${guides()}/i18n`, { session: demo });
    const refused = await api.post(
      `${guides()}/i18n/rename`,
      { to: 'translations', sha: item.body.sha },
      { session: demo },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `${taken} already exists (locale ja); the CMS never overwrites an item: choose another slug`,
    );
    expect(head('withastro-starlight')).toBe(before);
  });

  it('refuses a locale: a translated item is renamed in all its locales at once', async () => {
    const before = head('withastro-starlight');
    const item = await api.get(`${guides()}/i18n?locale=fr`, { session: demo });
    const refused = await api.post(
      `${guides()}/i18n/rename?locale=fr`,
      { to: 'i18n-guide', sha: item.body.sha },
      { session: demo },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'locale: a translated item is renamed in all its locales at once; send no locale',
    );
    expect(head('withastro-starlight')).toBe(before);
  });
});

describe("a translated item's history, by locale", () => {
  const guides = () => `${repo('withastro-starlight')}/content/guides`;
  const french = 'docs/src/content/docs/fr/guides/i18n.mdx';
  const englishGuide = 'docs/src/content/docs/guides/i18n.mdx';

  /** Saves a new French title of `slug`; returns the commit. */
  async function saveFrench(slug: string, title: string) {
    const item = await api.get(`${guides()}/${slug}?locale=fr`, { session: demo });
    const saved = await api.put(
      `${guides()}/${slug}?locale=fr`,
      {
        frontmatter: { ...item.body.frontmatter, title },
        body: item.body.body,
        sha: item.body.sha,
      },
      { session: demo },
    );
    expect(saved.status).toBe(200);
    return head('withastro-starlight');
  }

  it("lists and compares that locale's versions; the default locale's without ?locale", async () => {
    const original = fileAt('withastro-starlight', 'HEAD', french);
    const commit = await saveFrench('i18n', 'Internationalisation (révisée)');
    const history = await api.get(`${guides()}/i18n/history?locale=fr`, { session: demo });
    expect(history.status).toBe(200);
    expect(history.body.versions[0]).toMatchObject({ sha: commit, path: french });
    const english = await api.get(`${guides()}/i18n/history`, { session: demo });
    expect(english.body.versions.map((version: { sha: string }) => version.sha)).not.toContain(
      commit,
    );
    expect(english.body.versions[0].path).toBe(englishGuide);
    const previous = history.body.versions[1].sha as string;
    const compared = await api.get(
      `${guides()}/i18n/compare?locale=fr&from=${previous}&to=${commit}`,
      { session: demo },
    );
    expect(compared.status).toBe(200);
    expect(compared.body.path).toBe(french);
    const changed = compared.body.frontmatter.fields.filter(
      (field: { changed: boolean }) => field.changed,
    );
    expect(changed).toEqual([
      expect.objectContaining({
        name: 'title',
        oldValue: expect.stringMatching(/^Internationalisation/),
        newValue: 'Internationalisation (révisée)',
      }),
    ]);
    expect(fileAt('withastro-starlight', previous, french)).toBe(original);
  });

  it("restores and reverts that locale's file alone", async () => {
    const history = await api.get(`${guides()}/i18n/history?locale=fr`, { session: demo });
    const [saved, before] = history.body.versions as { sha: string }[];
    // Undo the French save as a change request: only the French file changes on its branch.
    const reverted = await api.post(
      `${guides()}/i18n/revert?locale=fr`,
      { version: saved!.sha },
      { session: demo },
    );
    expect(reverted.status).toBe(200);
    expect(reverted.body.branch).toBe('cms/guides/i18n');
    expect(changedFiles('withastro-starlight', 'cms/guides/i18n')).toEqual([french]);
    expect(fileAt('withastro-starlight', 'cms/guides/i18n', french)).toBe(
      fileAt('withastro-starlight', before!.sha, french),
    );
    // Restore the French version of project-structure before a save: its file alone, byte for byte.
    const original = 'docs/src/content/docs/fr/guides/project-structure.mdx';
    const bytes = fileAt('withastro-starlight', 'HEAD', original);
    const version = head('withastro-starlight');
    await saveFrench('project-structure', 'Structure (brouillon)');
    const current = await api.get(`${guides()}/project-structure?locale=fr`, { session: demo });
    const restored = await api.post(
      `${guides()}/project-structure/restore?locale=fr`,
      { version, sha: current.body.sha, mode: 'direct' },
      { session: demo },
    );
    expect(restored.status).toBe(200);
    expect(changedFiles('withastro-starlight')).toEqual([original]);
    expect(fileAt('withastro-starlight', 'HEAD', original)).toBe(bytes);
  });

  it('refuses a locale the collection does not have, writing nothing', async () => {
    const before = head('withastro-starlight');
    const unknown = await api.get(`${guides()}/i18n/history?locale=da`, { session: demo });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(
      `locale: "da" is not a locale of collection guides (${starlightLocales.join(', ')})`,
    );
    const restore = await api.post(
      `${guides()}/i18n/restore?locale=da`,
      { version: before, mode: 'direct' },
      { session: demo },
    );
    expect(restore.status).toBe(400);
    expect(head('withastro-starlight')).toBe(before);
  });
});
