/**
 * What the editor's relation pickers and the review's diff share about related items, kept free of
 * React and of either screen's modules so that both may import it without loading the other's code.
 */

/** `load` asked once per collection while a screen is open (two relation fields to authors make one request); a failure is asked again. */
export function loadOncePerCollection<T>(
  load: (collection: string) => Promise<T>,
): (collection: string) => Promise<T> {
  const asked = new Map<string, Promise<T>>();
  return (collection) => {
    let answer = asked.get(collection);
    if (!answer) {
      answer = load(collection);
      asked.set(collection, answer);
      answer.catch(() => asked.delete(collection));
    }
    return answer;
  };
}

/** What a relation shows for an item: its `displayField` (default `title`) when that is text, else the slug. */
export function relationLabel(
  item: { frontmatter: Record<string, unknown> } | undefined,
  slug: string,
  displayField = 'title',
): string {
  const value = item?.frontmatter[displayField];
  return typeof value === 'string' && value.trim() !== '' ? value : slug;
}
