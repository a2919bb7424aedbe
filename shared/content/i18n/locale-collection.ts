import { InvalidInputError } from '../../errors';
import type { CmsConfig, CollectionConfig } from '../config-schema';
import { collectionLocalesOf, type CollectionLocales } from './i18n-config';
import { localeView } from './locale-view';

/** A translated collection's locales with the repository's filled in; undefined when it is not translated. */
export const localesOf = (
  config: CmsConfig,
  collection: CollectionConfig,
): CollectionLocales | undefined => collectionLocalesOf(config.i18n, collection.i18n);

/**
 * The collection `name` with its locales, when the config has it and it is translated: for what
 * reads before the collection is checked by name (a read's `wants`, a draft's rules).
 */
export function translatedCollection(
  config: CmsConfig,
  name: string,
): { collection: CollectionConfig; i18n: CollectionLocales } | undefined {
  const collection = Object.hasOwn(config.collections, name) ? config.collections[name] : undefined;
  const i18n = collection && localesOf(config, collection);
  return collection && i18n ? { collection, i18n } : undefined;
}

/**
 * Why `locale` (a request's `?locale=`) does not name a locale of the collection, or undefined
 * when it does (or is absent). An untranslated collection takes no `locale`.
 */
export interface LocaleRequest {
  config: CmsConfig;
  /** The collection's name, and the collection the config has under it. */
  name: string;
  collection: CollectionConfig;
  /** The request's `?locale=`, when it sent one. */
  locale: string | undefined;
}

export function localeProblem({
  config,
  name,
  collection,
  locale,
}: LocaleRequest): string | undefined {
  if (locale === undefined) return undefined;
  const i18n = localesOf(config, collection);
  if (!i18n)
    return `locale: collection ${name} is not translated (it has no "i18n" in cms.config.json); send no locale`;
  if (!i18n.locales.includes(locale))
    return `locale: "${locale}" is not a locale of collection ${name} (${i18n.locales.join(', ')})`;
  return undefined;
}

/**
 * The collection as the request sees it: in a translated collection, the view of its `locale`
 * (the default when absent), whose directory and patterns are that locale's files; an untranslated
 * collection as it is. A locale the collection does not have is a 400 naming its locales.
 */
export function collectionInLocale(request: LocaleRequest): CollectionConfig {
  const { config, collection, locale } = request;
  const problem = localeProblem(request);
  if (problem) throw new InvalidInputError(problem);
  const i18n = localesOf(config, collection);
  return i18n ? localeView(collection, i18n, locale ?? i18n.default) : collection;
}

/** The locale an answer about the collection names: the one asked or the default; none when untranslated. */
export function servedLocale(
  config: CmsConfig,
  collection: CollectionConfig,
  locale: string | undefined,
): string | undefined {
  return locale ?? localesOf(config, collection)?.default;
}
