import type { FieldDefinition } from '../../../shared/content/config-schema';
import type { ContentDiff, PullRequestSummary } from '../../../shared/pulls/schemas';
import { fileNameOf, titleOf } from './item-labels';
import type { DraftItem } from './item-query';

/**
 * What a draft's diff says of its own item: its title as the draft has it, its file, and where a
 * rename starts from. The list names draft-only items by it; the review names what it publishes.
 */
export function draftItemOf({
  fields,
  directory,
  diffs,
  pull,
}: {
  fields: readonly FieldDefinition[];
  directory: string;
  diffs: readonly ContentDiff[];
  pull: Pick<PullRequestSummary, 'collection' | 'slug'>;
}): DraftItem | undefined {
  const own = diffs.find(
    (diff) => diff.collection === pull.collection && diff.slug === pull.slug && diff.path,
  );
  if (!own?.path) return undefined;
  // A draft that deletes its item is named by what it deletes.
  const deleted = own.type === 'deleted';
  const frontmatter = Object.fromEntries(
    own.frontmatter.fields.map((field) => [field.name, deleted ? field.oldValue : field.newValue]),
  );
  const fileName = fileNameOf(directory, own.path);
  const title = titleOf(fields, frontmatter, fileName);
  return {
    title,
    fileName,
    ...(own.previousPath ? { renamedFrom: fileNameOf(directory, own.previousPath) } : {}),
    ...(deleted ? { deleted: true as const } : {}),
  };
}
