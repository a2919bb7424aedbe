import type { CmsConfig } from '../content/config-schema';
import { slugOfPath } from '../content/item-path';

/** The collection and slug of a changed path, by the collections' directories and path patterns. */
export function itemOf(config: CmsConfig, path: string) {
  for (const [collection, definition] of Object.entries(config.collections)) {
    const slug = slugOfPath(definition, path);
    if (slug) return { collection, slug, fieldOrder: definition.fields.map((field) => field.name) };
  }
  return undefined;
}
