import type { CmsConfig } from '../content/config-schema';
import type { DraftBranch } from '../content/draft-branch';
import { localeOfPath } from '../content/i18n/locale-view';
import { translatedCollection } from '../content/i18n/locale-collection';

/**
 * A translated collection's draft `cms/{collection}/{slug}` may hold the item in several locales
 * (issue #36): besides the default locale's file, the item's file in each other locale, added,
 * modified or deleted, reviewed and published together. Only files of the same slug count: another
 * item's translation stays foreign. The same rules as for the item's own file apply to each kept
 * file (a regular file, its mode kept: draft-check.ts).
 */
export function translationPathOf(
  config: CmsConfig,
  draft: DraftBranch,
  path: string,
): string | undefined {
  const translated = translatedCollection(config, draft.collection);
  if (!translated || draft.deletions) return undefined;
  const { collection, i18n } = translated;
  const found = localeOfPath(collection, i18n, path);
  return found && found.slug === draft.slug && found.locale !== i18n.default ? path : undefined;
}
