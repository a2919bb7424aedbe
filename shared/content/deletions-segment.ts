/**
 * The last segment of the one draft that deletes several items of a collection at once,
 * `cms/{collection}/_deletions`. It is never an item's slug: strict slugs start with a letter or
 * digit, and `_deletions` is not an encoded slug either (it would stand for the name `deletions`,
 * whose slug is `deletions` itself; encodings are canonical). It is a valid ref name segment.
 * Kept in a file of its own so the editor can tell such a draft without the slug rules.
 */
export const deletionsSegment = '_deletions';
