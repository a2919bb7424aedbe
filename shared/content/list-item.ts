import type { IndexedItem } from './collection-index/index-chunks';
import type { CollectionConfig } from './config-schema';
import { problemsOf } from './item-problems';
import type { ContentItem } from './schemas';
import { typedView } from './typed-values';

/** `{problems}` when the item's fields break the collection's definitions (item-problems.ts), else nothing. */
export function problemsField(
  collection: Pick<CollectionConfig, 'fields'>,
  item: Pick<IndexedItem, 'frontmatter' | 'problem'>,
): Pick<ContentItem, 'problems'> {
  const problems = problemsOf({ collection, frontmatter: item.frontmatter, problem: item.problem });
  return problems ? { problems } : {};
}

/** An item as a chunk holds it, as the list answers it. */
export const itemOf =
  (collection: CollectionConfig) =>
  (item: IndexedItem): ContentItem => ({
    slug: item.slug,
    path: item.path,
    sha: item.sha,
    frontmatter: typedView(collection.fields, item.frontmatter),
    ...(item.heading === undefined ? {} : { heading: item.heading }),
    ...(item.problem ? { problem: item.problem } : {}),
    ...problemsField(collection, item),
  });
