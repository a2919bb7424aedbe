import { ApiError } from '../../api/client';
import { getItem } from '../../api/content';
import { listPulls } from '../../api/pulls';
import type { LoadedItem } from '../editor/editor-state';

const notFound = (cause: unknown) => cause instanceof ApiError && cause.status === 404;

/**
 * One locale's file of an item (a translation, not the default locale): on the default branch, or
 * on the item's draft branch when its change request holds it. `missing` when neither has the
 * file: the item has no translation in that locale yet. The draft branch `cms/{collection}/{slug}`
 * is the item's in every locale, so a change request about the default locale's file may not
 * hold this one: the default branch's is then the one edited.
 */
export async function loadTranslation(input: {
  repo: string;
  collection: string;
  slug: string;
  locale: string;
  pulls?: readonly { collection?: string; slug?: string; branch: string; number: number }[];
}): Promise<LoadedItem | 'missing'> {
  const { repo, collection, slug, locale } = input;
  const onBranch = (branch: string) =>
    getItem(repo, collection, slug, branch, locale).catch((cause: unknown) => {
      if (notFound(cause)) return undefined;
      throw cause;
    });
  const main = await getItem(repo, collection, slug, undefined, locale).catch((cause: unknown) => {
    if (notFound(cause)) return undefined;
    throw cause;
  });
  if (main) {
    const draft = main.branch ? await onBranch(main.branch) : undefined;
    return draft
      ? {
          item: { ...draft, branch: main.branch, prNumber: main.prNumber },
          mainSha: main.sha,
          locale,
        }
      : { item: { ...main, branch: undefined, prNumber: undefined }, mainSha: main.sha, locale };
  }
  const pull = (input.pulls ?? (await listPulls(repo))).find(
    (each) => each.collection === collection && each.slug === slug,
  );
  const draft = pull ? await onBranch(pull.branch) : undefined;
  if (!pull || !draft) return 'missing';
  return { item: { ...draft, branch: pull.branch, prNumber: pull.number }, locale };
}
