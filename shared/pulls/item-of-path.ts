import type { CmsConfig } from '../content/config-schema';
import { localesOf } from '../content/i18n/locale-collection';
import { localeOfPath } from '../content/i18n/locale-view';
import { slugOfPath } from '../content/item-path';

/**
 * The collection and slug of a changed path, by the collections' directories and path patterns;
 * in a translated collection, any locale's file, with its locale. `skip`: collections not to
 * consider (a change set leaves out those with a problem).
 */
export function itemOf(config: CmsConfig, path: string, skip?: (collection: string) => boolean) {
  for (const [collection, definition] of Object.entries(config.collections)) {
    if (skip?.(collection)) continue;
    const i18n = localesOf(config, definition);
    const found = i18n
      ? localeOfPath(definition, i18n, path)
      : { slug: slugOfPath(definition, path), locale: undefined };
    if (found?.slug)
      return {
        collection,
        slug: found.slug,
        ...(found.locale !== undefined && { locale: found.locale }),
        fieldOrder: definition.fields.map((field) => field.name),
      };
  }
  return undefined;
}
