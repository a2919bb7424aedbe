import { extensionOf, slugOfPath, type PathPatterned } from '../item-path';
import { localePlaceholder, type CollectionLocales } from './i18n-config';

/**
 * A translated collection seen in one locale: a collection of its own (a directory, the config's
 * patterns, and for Hugo's suffixes the locale's suffix), so that every reader and writer of items
 * (item-path.ts, item-listing.ts, item-files.ts) serves a translation as it serves any item. An
 * item keeps its slug in every locale.
 *
 * - `directories`: the default locale is the collection's `directory`; another locale is the
 *   template with `{locale}` filled in. When a locale's folder lies inside the default's (`posts`
 *   and `posts/{locale}`), the default's view never takes it for an item (`posts/fr/index.md` is no
 *   item "fr" of a `{slug}/index.md` collection) nor reports it.
 * - `suffix`: one directory; a locale's files are `{slug}.fr.md` and `{slug}/index.fr.md`; the
 *   default's have no suffix unless `suffixDefault`, and then its view never takes a suffixed file
 *   (`about.fr.md`) for an item of its own.
 */
export function localeView<C extends PathPatterned>(
  collection: C,
  i18n: CollectionLocales,
  locale: string,
): C {
  const others = i18n.locales.filter((other) => other !== locale);
  if (i18n.structure === 'directories') {
    const directory =
      locale === i18n.default
        ? collection.directory
        : i18n.directory!.replace(localePlaceholder, locale);
    const inside = new Set(
      others.flatMap((other) => {
        const folder =
          other === i18n.default
            ? collection.directory
            : i18n.directory!.replace(localePlaceholder, other);
        return folder.startsWith(`${directory}/`)
          ? [folder.slice(directory.length + 1).split('/')[0]!]
          : [];
      }),
    );
    return {
      ...collection,
      directory,
      ...(inside.size > 0 && { foreign: (name: string) => inside.has(name) }),
    };
  }
  if (locale === i18n.default && !i18n.suffixDefault) {
    // `about.fr.md` is a translation, whatever locale the suffix names.
    const suffixes = i18n.locales.map((each) => `.${each}`);
    return {
      ...collection,
      foreign: (name: string) => suffixes.some((suffix) => baseOf(name)?.endsWith(suffix)),
    };
  }
  const suffix = `.${locale}`;
  return {
    ...collection,
    localeSuffix: suffix,
    // Markdown files of other locales (and the default's, unsuffixed) are not this locale's.
    foreign: (name: string) => {
      const base = baseOf(name);
      return base !== undefined && !base.endsWith(suffix);
    },
  };
}

/** A markdown file's name without its extension, or undefined for any other name. */
function baseOf(name: string): string | undefined {
  const extension = extensionOf(name);
  return extension && name.slice(0, -extension.length);
}

/** Every locale's view of the collection, the default's first. */
export const localeViewsOf = <C extends PathPatterned>(
  collection: C,
  i18n: CollectionLocales,
): { locale: string; view: C }[] =>
  [i18n.default, ...i18n.locales.filter((locale) => locale !== i18n.default)].map((locale) => ({
    locale,
    view: localeView(collection, i18n, locale),
  }));

/** The item and locale a file of the repository is, when it is one of the collection's; otherwise undefined. */
export function localeOfPath(
  collection: PathPatterned,
  i18n: CollectionLocales,
  path: string,
): { slug: string; locale: string } | undefined {
  for (const { locale, view } of localeViewsOf(collection, i18n)) {
    const slug = slugOfPath(view, path);
    if (slug !== undefined) return { slug, locale };
  }
  return undefined;
}
