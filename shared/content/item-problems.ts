import type { CollectionConfig } from './config-schema';
import { checkObject } from './field-check';
import type { Frontmatter } from './frontmatter';
import { maxProblemMessageLength, type ItemProblem, type ItemProblems } from './schemas';

/**
 * The field problems of one item, as a list shows them: every value checked against the
 * collection's definitions at every depth (a type, a required field, an option), the rules of
 * `cms check` that need no other file, counted, with the first in `cms check`'s words. Relations
 * and media, which need the whole site, are left to `cms check` and the pull request check. A
 * file whose frontmatter cannot be read has its `problem` instead (its fields are unknown).
 * Computed where a list item is made from its parsed frontmatter: per item of the page, with the
 * collection's current definitions, so no index record carries it and a config change applies at
 * once.
 */
export function problemsOf({
  collection,
  frontmatter,
  problem,
}: {
  collection: Pick<CollectionConfig, 'fields'>;
  frontmatter: Frontmatter;
  problem?: ItemProblem;
}): ItemProblems | undefined {
  if (problem) return undefined;
  const found = checkObject(collection.fields, frontmatter, '', { all: true, hasOriginal: false });
  const [first] = found;
  if (!first) return undefined;
  const message = `frontmatter.${first.path}: ${first.message}`;
  return {
    count: found.length,
    first:
      message.length > maxProblemMessageLength
        ? `${message.slice(0, maxProblemMessageLength - 1)}…`
        : message,
  };
}
