import { useCallback, useEffect, useRef } from 'react';
import { getTranslationReport } from '../../api/content';
import { translationStatusesOf } from '../../lib/locales';
import { useAsync } from '../../lib/use-async';

/**
 * A translated collection's report (`translated`: the collection has `i18n`), read once per
 * screen. A partial report (`complete: false`: the request ran out of time reading git history)
 * stays on screen while it is asked for again; each request keeps what it learned, so `pending`
 * falls every time, and a report whose `pending` stops falling is left as it is (the screen says
 * it is partial).
 */
export function useTranslationReportState(repo: string, collection: string, translated: boolean) {
  const report = useAsync(
    async () => (translated ? getTranslationReport(repo, collection) : undefined),
    `translations:${repo}:${collection}:${translated}`,
  );
  const { data, status, reload } = report;
  const before = useRef(Infinity);
  useEffect(() => {
    if (status !== 'ready' || !data) return;
    if (!data.complete && data.pending < before.current) {
      before.current = data.pending;
      reload();
    } else before.current = Infinity;
  }, [status, data, reload]);
  return report;
}

/**
 * Each item's statuses from the collection's report. Without the report (not asked, or it failed)
 * no badge shows: the badges add to the screen, which works without them.
 */
export function useTranslationReport(repo: string, collection: string, translated: boolean) {
  const { data } = useTranslationReportState(repo, collection, translated);
  return useCallback((slug: string) => translationStatusesOf(data, slug), [data]);
}
