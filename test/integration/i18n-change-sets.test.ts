import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { git } from '../support/real-site-checkout';
import { localRepo, serveRealSites, type ServedRealSites } from '../support/served-real-sites';

/**
 * A translated item in a change set (issues #36 and #38), on Starlight's real docs: renaming it into
 * the set moves every locale's file as the set has it, so a translation already edited in the set
 * moves with its edit rather than main's older version.
 */
let served: ServedRealSites;
let api: ApiClient;
let demo: string;

const locales = ['en', 'de', 'es', 'fr', 'ja', 'ko', 'ru', 'zh-cn', 'it'];
const config = {
  name: 'Starlight docs',
  i18n: { locales, default: 'en' },
  collections: {
    guides: {
      label: 'Guides',
      directory: 'docs/src/content/docs/guides',
      path: ['{slug}.md', '{slug}.mdx'],
      i18n: { structure: 'directories', directory: 'docs/src/content/docs/{locale}/guides' },
      fields: [{ name: 'title', label: 'Title', type: 'string', i18n: 'translate' }],
    },
  },
};
const site = () => served.siteDir('withastro-starlight');
const repo = localRepo('withastro-starlight');
const guides = `${repo}/content/guides`;
const setBranch = 'cms/_sets/docs-launch';
const folderOf = (locale: string) =>
  locale === 'en' ? 'docs/src/content/docs/guides' : `docs/src/content/docs/${locale}/guides`;
const show = (ref: string, file: string) => git(site(), 'show', `${ref}:${file}`);

beforeAll(async () => {
  served = await serveRealSites({ 'withastro-starlight': config });
  ({ api, demo } = served);
}, 120_000);
afterAll(() => served?.stop());

describe('a translated item renamed in a change set', () => {
  it("moves every locale's file as the set has it, the set's edit of a translation kept", async () => {
    // Prepare: a set holding the French translation of project-structure, edited.
    const created = await api.post(`${repo}/sets`, { name: 'docs-launch' }, { session: demo });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const french = await api.get(`${guides}/project-structure?locale=fr`, { session: demo });
    const edited = await api.put(
      `${guides}/project-structure?locale=fr`,
      {
        frontmatter: { ...french.body.frontmatter, title: 'Structure du projet (revue)' },
        body: french.body.body,
        sha: french.body.sha,
        set: 'docs-launch',
      },
      { session: demo },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const main = git(site(), 'rev-parse', 'main').trim();
    const held = locales.filter((locale) => locale !== 'it');
    const before = Object.fromEntries(
      held.map((locale) => [locale, show(setBranch, `${folderOf(locale)}/project-structure.mdx`)]),
    );
    expect(before.fr).toContain('Structure du projet (revue)');

    // Act
    const english = await api.get(`${guides}/project-structure`, { session: demo });
    const renamed = await api.post(
      `${guides}/project-structure/rename`,
      { to: 'layout', sha: english.body.sha, set: 'docs-launch' },
      { session: demo },
    );

    // Assess: one commit on the set's branch, every locale's file moved with the set's bytes.
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.branch).toBe(setBranch);
    expect(renamed.body.moved.map((move: { locale: string }) => move.locale)).toEqual(held);
    expect(git(site(), 'rev-parse', 'main').trim()).toBe(main);
    for (const locale of held)
      expect(show(setBranch, `${folderOf(locale)}/layout.mdx`), locale).toBe(before[locale]);
    const moved = git(site(), 'show', '--no-renames', '--name-only', '--format=', setBranch)
      .trim()
      .split('\n');
    expect(moved).toHaveLength(held.length * 2);
    // The set holds one item, project-structure renamed to layout, in every locale.
    const sets = await api.get(`${repo}/sets`, { session: demo });
    const set = sets.body.find((each: { set: string }) => each.set === 'docs-launch');
    expect(set.items.map((entry: { slug: string }) => entry.slug)).toEqual(['layout']);
  });
});
