import { markdownExtensions } from '../../../shared/content/item-path';
import { isLanguageFolder, type LocaleRoot, type SiteLocales } from './site-locales';

/**
 * Where each markdown file of a multilingual site stands: its locale, and the path its item has
 * in the default locale (`docs/fr/guides/a.md` → `docs/guides/a.md`), so that collections are
 * proposed once, from the default locale's folders, and each collection says where its
 * translations are (`i18n`).
 */

export interface RepositoryI18n {
  locales: string[];
  default: string;
}

export type CollectionI18n =
  { structure: 'directories'; directory: string } | { structure: 'suffix'; suffixDefault?: true };

export interface LocatedFile {
  locale: string;
  /** The item's path in the default locale. */
  base: string;
  /** True when the file carries the default locale's suffix (`about.en.md`). */
  defaultSuffix?: boolean;
}

export interface LocaleLayout {
  i18n: RepositoryI18n;
  site: SiteLocales;
  /** Every file in a locale's place, by its path; files elsewhere are in no locale. */
  files: Map<string, LocatedFile>;
  /** Locale folders found on disk that the configuration does not name. */
  fromFolders: string[];
  /** Locale-code folders left as collections of their own, with why. */
  notes: string[];
}

const splitTemplate = (localeRoot: string) => {
  const at = localeRoot.indexOf('{locale}');
  return { prefix: localeRoot.slice(0, at), suffix: localeRoot.slice(at + '{locale}'.length) };
};

/** `docs/fr/guides/a.md` under `docs/{locale}` → locale `fr`, rest `/guides/a.md`. */
function inLocaleRoot(
  path: string,
  root: LocaleRoot,
): { locale: string; rest: string } | undefined {
  const { prefix, suffix } = splitTemplate(root.localeRoot);
  if (!path.startsWith(prefix)) return undefined;
  const slash = path.indexOf('/', prefix.length);
  if (slash === -1) return undefined;
  const locale = path.slice(prefix.length, slash);
  const after = path.slice(slash);
  if (!after.startsWith(`${suffix}/`)) return undefined;
  return { locale, rest: after.slice(suffix.length) };
}

const inFolder = (path: string, folder: string) => path.startsWith(`${folder}/`);

/**
 * The layout of `paths` under the site's locales. Locale folders not named by the configuration
 * are taken (and said) where the generator serves them as that language, when they are a
 * language's code and hold a page the default locale has too; elsewhere they are named in a note.
 */
export function localeLayout(paths: readonly string[], site: SiteLocales): LocaleLayout {
  const named = new Set(site.locales);
  const present = new Set(paths);
  const files = new Map<string, LocatedFile>();
  const fromFolders = new Set<string>();
  const unnamed = new Set<string>();
  if (site.structure === 'suffix') {
    for (const path of paths) {
      const located = bySuffix(path, site);
      if (located) files.set(path, located);
    }
  } else {
    // The most specific locale folder first: `docs/{locale}` before a default at `docs`.
    const roots = [...site.roots].sort((a, b) => b.localeRoot.length - a.localeRoot.length);
    for (const path of paths) {
      for (const root of roots) {
        const found = inLocaleRoot(path, root);
        if (!found) continue;
        const base = `${root.defaultRoot}${found.rest}`;
        if (found.locale === site.default && base !== path) continue;
        if (!named.has(found.locale)) {
          const mirrors = present.has(base) && isLanguageFolder(found.locale);
          if (!mirrors) continue;
          if (!site.foldersAreLocales) {
            unnamed.add(`${splitTemplate(root.localeRoot).prefix}${found.locale}`);
            break;
          }
          fromFolders.add(found.locale);
        }
        files.set(path, { locale: found.locale, base });
        break;
      }
      if (files.has(path) || [...unnamed].some((folder) => inFolder(path, folder))) continue;
      const root = site.roots.find((candidate) => inFolder(path, candidate.defaultRoot));
      if (root) files.set(path, { locale: site.default, base: path });
    }
    // A folder taken as a locale takes every file in it, even those the default does not have.
    if (fromFolders.size > 0)
      for (const path of paths)
        for (const root of roots) {
          const found = inLocaleRoot(path, root);
          if (found && fromFolders.has(found.locale) && files.get(path)?.locale !== found.locale)
            files.set(path, { locale: found.locale, base: `${root.defaultRoot}${found.rest}` });
        }
  }
  const extra = [...fromFolders].sort();
  return {
    i18n: { locales: [...site.locales, ...extra], default: site.default },
    site,
    files,
    fromFolders: extra,
    notes: [...unnamed]
      .sort()
      .map(
        (folder) =>
          `${folder}/ looks like a translation folder, but ${site.evidence} does not name its locale: proposed as collections of its own (name it there, then run cms init again)`,
      ),
  };
}

/** `about.fr.md` → locale `fr`, base `about.md`; `post/index.fr.md` → `post/index.md`. */
function bySuffix(path: string, site: SiteLocales): LocatedFile | undefined {
  const extension = markdownExtensions.find((candidate) => path.endsWith(candidate));
  if (!extension) return undefined;
  const stem = path.slice(0, -extension.length);
  const dot = stem.lastIndexOf('.');
  const code = dot > stem.lastIndexOf('/') ? stem.slice(dot + 1) : undefined;
  if (code === undefined || !site.locales.includes(code))
    return { locale: site.default, base: path };
  const base = `${stem.slice(0, dot)}${extension}`;
  return code === site.default
    ? { locale: code, base, defaultSuffix: true }
    : { locale: code, base };
}

/**
 * A collection's `i18n`, or undefined when it is not translated: its directory must be in a
 * locale's content folder, and (where the generator does not translate every section) hold at
 * least one translation. `files` are the located files the collection serves.
 */
export function collectionI18n(
  layout: LocaleLayout,
  directory: string,
  files: readonly LocatedFile[],
): CollectionI18n | undefined {
  // A folder in no locale's place (a language folder the configuration does not name) is not translated.
  if (files.length === 0) return undefined;
  const translated = files.some((file) => file.locale !== layout.i18n.default);
  if (!layout.site.everySection && !translated) return undefined;
  if (layout.site.structure === 'suffix') {
    const defaults = files.filter((file) => file.locale === layout.i18n.default);
    const suffixed = defaults.filter((file) => file.defaultSuffix).length;
    return suffixed > defaults.length - suffixed
      ? { structure: 'suffix', suffixDefault: true }
      : { structure: 'suffix' };
  }
  const root = layout.site.roots.find(
    (candidate) =>
      directory === candidate.defaultRoot || inFolder(directory, candidate.defaultRoot),
  );
  if (!root) return undefined;
  return {
    structure: 'directories',
    directory: `${root.localeRoot}${directory.slice(root.defaultRoot.length)}`,
  };
}
