/**
 * The languages a site is written in, as its generator's own configuration names them, and where
 * that generator reads each language's pages: `cms init` proposes one collection per section with
 * `i18n` from this, rather than one collection per language folder.
 */
export interface LocaleRoot {
  /** The default locale's folder, from the site root. */
  defaultRoot: string;
  /** Every other locale's folder, from the site root, with `{locale}` once. */
  localeRoot: string;
}

export interface SiteLocales {
  /** In the configuration's order; the default among them. */
  locales: string[];
  default: string;
  /** The file that named them, from the site root. */
  evidence: string;
  structure: 'directories' | 'suffix';
  /** For `directories`: the default locale's content folders and where the others' are. */
  roots: LocaleRoot[];
  /**
   * True when the generator reads every locale's pages at `roots` by its own convention, so that
   * every section there is translated; false when only sections with translations on disk are.
   */
  everySection: boolean;
  /**
   * True when the generator serves a locale-code folder under `localeRoot` as that language even
   * when its configuration does not name it (Hexo's `i18n_dir: :lang`).
   */
  foldersAreLocales: boolean;
}

/** What was read, or why nothing could be: said in `cms init`'s output. */
export type LocalesReading = { found: SiteLocales } | { found?: undefined; problem?: string };

/** The shape of a locale code the config accepts: `en`, `pt-br`, `zh-CN`. */
export const localeCodePattern = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** The most locales a config may name. */
export const maxLocales = 40;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A folder name that is a language's code (`ja`, `pt-br`), not a word that fits the shape (`api`, `go`). */
export function isLanguageFolder(name: string): boolean {
  if (!localeCodePattern.test(name)) return false;
  try {
    return languageNames.of(name) !== undefined;
  } catch {
    return false;
  }
}
