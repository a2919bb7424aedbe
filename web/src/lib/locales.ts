import type { CmsConfig, CollectionConfig } from '../../../shared/content/config-schema';

/** A translated collection's locales and the one on screen; undefined for an untranslated one. */
export interface ScreenLocales {
  locales: readonly string[];
  default: string;
  /** The locale the list or item shows: the address's `?locale=`, else the default. */
  current: string;
  /** What a request sends as `?locale=`: undefined for the default, so its requests stay as they were. */
  query: string | undefined;
}

/**
 * The locales a list or an item of `collection` offers, with the one the address names. A locale
 * the collection does not have is kept as asked: the service refuses it, naming the ones it has.
 */
export function screenLocalesOf(input: {
  config: CmsConfig;
  collection: CollectionConfig | undefined;
  locale: string | undefined;
}): ScreenLocales | undefined {
  const own = input.collection?.i18n;
  if (!own) return undefined;
  // The rule of collectionLocalesOf (shared/content/i18n), not imported: it would bring the
  // config's schema into the list's first download. The config was checked whole by the service.
  const locales = own.locales ?? input.config.i18n?.locales ?? [];
  const fallback = own.default ?? input.config.i18n?.default ?? locales[0] ?? '';
  const current = input.locale ?? fallback;
  return {
    locales,
    default: fallback,
    current,
    query: current === fallback ? undefined : current,
  };
}

const names = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  } catch {
    return undefined;
  }
})();

/** A locale as people read it: "French (fr)"; the code alone when the browser has no name for it. */
export function localeLabel(code: string): string {
  let name: string | undefined;
  try {
    name = names?.of(code);
  } catch {
    name = undefined;
  }
  return name ? `${name} (${code})` : code;
}

/** A translation needing work: no file in the locale, or older than the default locale's. */
export type TranslationStatus = 'missing' | 'outdated';

/** What a report (GET …/_translations) says of one item: its status per locale, the current ones left out. */
export function translationStatusesOf(
  report:
    { locales: Record<string, { missingSlugs: string[]; outdatedSlugs: string[] }> } | undefined,
  slug: string,
): Map<string, TranslationStatus> {
  const statuses = new Map<string, TranslationStatus>();
  for (const [locale, each] of Object.entries(report?.locales ?? {})) {
    if (each.missingSlugs.includes(slug)) statuses.set(locale, 'missing');
    else if (each.outdatedSlugs.includes(slug)) statuses.set(locale, 'outdated');
  }
  return statuses;
}

/** What an item's own answer says of its locales (its `translations`), the current ones left out. */
export function itemTranslationStatuses(
  translations: Record<string, { status: 'current' | 'outdated' | 'missing' }>,
): Map<string, TranslationStatus> {
  const statuses = new Map<string, TranslationStatus>();
  for (const [locale, { status }] of Object.entries(translations))
    if (status !== 'current') statuses.set(locale, status);
  return statuses;
}
