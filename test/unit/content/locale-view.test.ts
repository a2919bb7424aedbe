import { describe, expect, it } from 'vitest';
import type { TreeEntry } from '../../../shared/ports/git-host';
import { collectionLocalesOf } from '../../../shared/content/i18n/i18n-config';
import { localeOfPath, localeView } from '../../../shared/content/i18n/locale-view';
import { itemPath, itemPaths } from '../../../shared/content/item-path';
import { listFiles } from '../../../shared/content/item-listing';
import { realSiteManifest } from '../../support/real-sites';

/**
 * A translated collection in one locale (issue #36): the locale's files are its items, under the
 * same slugs, and no other locale's folder or suffixed file is an item or a skipped file of it.
 */

/** The tree of `directory` two levels deep, from a list of repository paths. */
function treeOf(paths: readonly string[], directory: string): TreeEntry[] {
  const root: TreeEntry[] = [];
  for (const path of paths) {
    if (!path.startsWith(`${directory}/`)) continue;
    const [first, second, ...deeper] = path.slice(directory.length + 1).split('/');
    if (second === undefined) {
      root.push({ name: first!, type: 'blob', oid: `oid:${path}` });
      continue;
    }
    let folder = root.find((entry) => entry.name === first);
    if (!folder)
      root.push((folder = { name: first!, type: 'tree', oid: `tree:${first}`, entries: [] }));
    if (!folder.entries!.some((entry) => entry.name === second))
      folder.entries!.push(
        deeper.length === 0
          ? { name: second, type: 'blob', oid: `oid:${path}` }
          : { name: second, type: 'tree', oid: `tree:${second}` },
      );
  }
  return root;
}

const sitePaths = (site: string) => realSiteManifest[site]!.files.map((file) => file.path);

describe('locale views of a translated collection', () => {
  it('Starlight: the default at the content root, other locales in folders beside its pages', () => {
    const paths = sitePaths('withastro-starlight');
    const collection = { directory: 'docs/src/content/docs', path: ['{slug}.md', '{slug}.mdx'] };
    const i18n = collectionLocalesOf(undefined, {
      structure: 'directories',
      directory: 'docs/src/content/docs/{locale}',
      locales: ['en', 'de', 'fr', 'ja', 'zh-cn'],
      default: 'en',
    })!;
    const english = localeView(collection, i18n, 'en');
    const listed = listFiles(english, treeOf(paths, english.directory));
    expect(listed.files.map((file) => file.slug).sort()).toEqual([
      '404',
      'getting-started',
      'index',
    ]);
    // The locale folders are not reported; the section folders (components, guides) still are.
    expect(listed.skipped.map((file) => file.path)).not.toContain('docs/src/content/docs/de');
    expect(listed.skipped.map((file) => file.path)).toContain('docs/src/content/docs/guides');
    const german = localeView(collection, i18n, 'de');
    expect(german.directory).toBe('docs/src/content/docs/de');
    expect(
      listFiles(german, treeOf(paths, german.directory))
        .files.map((f) => f.slug)
        .sort(),
    ).toEqual(['404', 'getting-started', 'index']);
    expect(itemPaths(german, 'getting-started')).toEqual([
      'docs/src/content/docs/de/getting-started.md',
      'docs/src/content/docs/de/getting-started.mdx',
    ]);
    expect(localeOfPath(collection, i18n, 'docs/src/content/docs/zh-cn/index.mdx')).toEqual({
      slug: 'index',
      locale: 'zh-cn',
    });
    expect(localeOfPath(collection, i18n, 'docs/src/content/docs/index.mdx')).toEqual({
      slug: 'index',
      locale: 'en',
    });
    // A locale the collection does not have (Danish here) stays a folder of the default.
    expect(localeOfPath(collection, i18n, 'docs/src/content/docs/da/index.mdx')).toBeUndefined();
  });

  it('Hexo: English at source/docs, the others at source/{locale}/docs', () => {
    const paths = sitePaths('hexojs-site');
    const collection = { directory: 'source/docs' };
    const i18n = collectionLocalesOf(
      { locales: ['en', 'es', 'ja'], default: 'en' },
      { structure: 'directories', directory: 'source/{locale}/docs' },
    )!;
    const spanish = localeView(collection, i18n, 'es');
    const files = listFiles(spanish, treeOf(paths, spanish.directory)).files;
    expect(files.map((file) => file.path)).toContain('source/es/docs/helpers.md');
    expect(files.length).toBe(
      paths.filter((path) => /^source\/es\/docs\/[^/]+\.md$/.test(path)).length,
    );
    expect(itemPath(spanish, 'helpers')).toBe('source/es/docs/helpers.md');
  });

  it('a bundle collection never takes its locale folders for items', () => {
    const collection = { directory: 'content/posts', path: '{slug}/index.md' };
    const i18n = collectionLocalesOf(
      { locales: ['en', 'fr'], default: 'en' },
      { structure: 'directories', directory: 'content/posts/{locale}' },
    )!;
    const paths = [
      'content/posts/hello/index.md',
      'content/posts/fr/index.md',
      'content/posts/fr/hello/index.md',
    ];
    const english = localeView(collection, i18n, 'en');
    const listed = listFiles(english, treeOf(paths, english.directory));
    expect(listed.files.map((file) => file.slug)).toEqual(['hello']);
    expect(listed.skipped).toEqual([]);
    expect(localeOfPath(collection, i18n, 'content/posts/fr/index.md')).toBeUndefined();
    expect(localeOfPath(collection, i18n, 'content/posts/fr/hello/index.md')).toEqual({
      slug: 'hello',
      locale: 'fr',
    });
  });

  it("Hugo's suffixes: about.fr.md and about/index.fr.md are French, never default items", () => {
    const collection = { directory: 'content/posts', path: ['{slug}.md', '{slug}/index.md'] };
    const i18n = collectionLocalesOf(
      { locales: ['en', 'fr', 'pt-br'], default: 'en' },
      { structure: 'suffix' },
    )!;
    const paths = [
      'content/posts/about.md',
      'content/posts/about.fr.md',
      'content/posts/about.pt-br.md',
      'content/posts/trip/index.md',
      'content/posts/trip/index.fr.md',
      'content/posts/trip/photo.jpg',
      'content/posts/only-english.md',
    ];
    const english = localeView(collection, i18n, 'en');
    const listed = listFiles(english, treeOf(paths, english.directory));
    expect(listed.files.map((file) => file.path).sort()).toEqual([
      'content/posts/about.md',
      'content/posts/only-english.md',
      'content/posts/trip/index.md',
    ]);
    expect(listed.skipped).toEqual([]);
    const french = localeView(collection, i18n, 'fr');
    const fr = listFiles(french, treeOf(paths, french.directory));
    expect(fr.files.map((file) => [file.slug, file.path])).toEqual([
      ['about', 'content/posts/about.fr.md'],
      ['trip', 'content/posts/trip/index.fr.md'],
    ]);
    expect(fr.skipped).toEqual([]);
    expect(itemPaths(french, 'only-english')).toEqual([
      'content/posts/only-english.fr.md',
      'content/posts/only-english/index.fr.md',
    ]);
    expect(localeOfPath(collection, i18n, 'content/posts/about.pt-br.md')).toEqual({
      slug: 'about',
      locale: 'pt-br',
    });
    expect(localeOfPath(collection, i18n, 'content/posts/trip/index.md')).toEqual({
      slug: 'trip',
      locale: 'en',
    });
  });

  it('suffixDefault: the default locale is suffixed too', () => {
    const collection = { directory: 'content/posts' };
    const i18n = collectionLocalesOf(
      { locales: ['en', 'fr'], default: 'en' },
      { structure: 'suffix', suffixDefault: true },
    )!;
    expect(itemPath(localeView(collection, i18n, 'en'), 'about')).toBe('content/posts/about.en.md');
    expect(localeOfPath(collection, i18n, 'content/posts/about.md')).toBeUndefined();
  });
});
