import { useCallback } from 'react';
import { getTranslationReport } from '../../api/content';
import { translationStatusesOf } from '../../lib/locales';
import { useAsync } from '../../lib/use-async';

/**
 * A translated collection's report, read once per screen (`translated`: the collection has
 * `i18n`), and each item's statuses from it. Without the report (not asked, or it failed) no
 * badge shows: the badges add to the screen, which works without them.
 */
export function useTranslationReport(repo: string, collection: string, translated: boolean) {
  const report = useAsync(
    async () => (translated ? getTranslationReport(repo, collection) : undefined),
    `translations:${repo}:${collection}:${translated}`,
  );
  const data = report.data;
  return useCallback((slug: string) => translationStatusesOf(data, slug), [data]);
}
