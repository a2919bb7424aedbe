import { deepEqual } from './deep-equal';
import { isPlainObject } from './field-value';

/**
 * One changed value inside a frontmatter field: `path` from the field's root (`seo.title`,
 * `links[2].url`; '' is the field itself). `oldValue` is absent when the value was added, `newValue`
 * when it was removed.
 */
export interface ValueChange {
  path: string;
  oldValue?: unknown;
  newValue?: unknown;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * The changes from `before` to `after`, as deep as both sides keep the same shape: objects key by
 * key (keys of `before` first, then keys only `after` has), lists item by item. List items are
 * aligned on the items both sides hold unchanged (a longest common subsequence), so inserting one
 * link at the top shows one added item, not every item changed; the items between two aligned
 * ones are paired in order (a changed item), the rest are added or removed. An added or changed
 * item is named by its position in the new list, a removed one by its position in the old. A value whose type
 * changes (a string becoming a list) is one change at its path. Equal values give [].
 */
export function valueChanges(before: unknown, after: unknown, path = ''): ValueChange[] {
  if (deepEqual(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const inBefore = Object.hasOwn(before, key);
      const inAfter = Object.hasOwn(after, key);
      if (inBefore && inAfter) return valueChanges(before[key], after[key], join(path, key));
      return [
        {
          path: join(path, key),
          ...(inBefore && { oldValue: before[key] }),
          ...(inAfter && { newValue: after[key] }),
        },
      ];
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) return listChanges(before, after, path);
  return [
    {
      path,
      ...(before !== undefined && { oldValue: before }),
      ...(after !== undefined && { newValue: after }),
    },
  ];
}

function listChanges(before: unknown[], after: unknown[], path: string): ValueChange[] {
  const changes: ValueChange[] = [];
  let [i, j] = [0, 0];
  // Between two anchors (items both sides hold unchanged), pair what remains in order.
  for (const [nextI, nextJ] of [
    ...commonItems(before, after),
    [before.length, after.length] as const,
  ]) {
    while (i < nextI && j < nextJ)
      changes.push(...valueChanges(before[i++], after[j], `${path}[${j++}]`));
    while (i < nextI) changes.push({ path: `${path}[${i}]`, oldValue: before[i++] });
    while (j < nextJ) changes.push({ path: `${path}[${j}]`, newValue: after[j++] });
    [i, j] = [nextI + 1, nextJ + 1];
  }
  return changes;
}

/** Index pairs of a longest common subsequence of deep-equal items, in order. Lists in frontmatter are short: O(n·m) is fine. */
export function commonItems(before: unknown[], after: unknown[]): [number, number][] {
  const lengths = Array.from({ length: before.length + 1 }, () =>
    new Array<number>(after.length + 1).fill(0),
  );
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = deepEqual(before[i], after[j])
        ? lengths[i + 1]![j + 1]! + 1
        : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < before.length && j < after.length) {
    if (deepEqual(before[i], after[j])) pairs.push([i++, j++]);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}
