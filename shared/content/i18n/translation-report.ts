import type { ProviderAccess } from '../../auth/provider-access';
import { InvalidInputError } from '../../errors';
import type { HistoryHost } from '../../ports/history-host';
import type { Store } from '../../ports/store';
import type { CollectionRef } from '../item-ref';
import { treeDepthOf } from '../item-path';
import { listFiles } from '../item-listing';
import { collectionOf, type RepoReader } from '../repo-reader';
import { localesOf, translatedCollection } from './locale-collection';
import { localeViewsOf } from './locale-view';
import type { TranslationReport } from './translation-schemas';
import { createTranslationStatuses, type TranslationPair } from './translation-statuses';

export type { TranslationPair } from './translation-statuses';

/** At most this many slugs in each list of a locale's report; the counts are always whole. */
export const maxReportedSlugs = 1_000;

export interface TranslationReportDeps {
  reader: RepoReader;
  historyHost: Pick<HistoryHost, 'lastChanges'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  store: Pick<Store, 'batchGet' | 'batchPut'>;
  now: () => number;
  /** No history round trip starts after this long (ms) since the request began; the first always does. */
  budgetMs: number;
}

/**
 * The translation report of a collection (issue #36): for each locale other than the default,
 * which items are `current`, `outdated` (the default locale's file changed after the translation's
 * last change) or `missing`. Read in one round trip for the config and every locale's directory,
 * then, for the pairs of files not in the table yet, from git history in batches of 100 questions
 * per GraphQL round trip (translation-statuses.ts). Each batch's statuses are kept by blob pair as
 * soon as it is answered, so a warm report costs the one read; a cold report of a large
 * collection stops asking once the request has worked `budgetMs` and answers what it knows,
 * `complete: false` with the count of statuses still `pending`, well inside API Gateway's 29 s.
 * The next report continues from the table.
 */
export function createTranslationReport(deps: TranslationReportDeps) {
  const { budgetMs } = deps;
  const history = createTranslationStatuses(deps);

  return {
    async report({
      userId,
      fullName,
      collection: name,
    }: CollectionRef & { userId: string }): Promise<TranslationReport> {
      const startedAt = deps.now();
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: (config) => {
          const translated = translatedCollection(config, name);
          if (!translated) return {};
          const { collection, i18n } = translated;
          return {
            trees: Object.fromEntries(
              localeViewsOf(collection, i18n).map(({ locale, view: of }) => [
                `l:${locale}`,
                { path: of.directory, ...(treeDepthOf(of) === 2 && { depth: 2 as const }) },
              ]),
            ),
          };
        },
      });
      // 400, 404 or 409 by name for a collection the config cannot serve.
      collectionOf(view.config, name);
      const i18n = localesOf(view.config, view.config.collections[name]!);
      if (!i18n)
        throw new InvalidInputError(
          `collection: ${name} is not translated (it has no "i18n" in cms.config.json)`,
        );
      const head = view.snapshot.defaultBranchOid;
      const views = localeViewsOf(view.config.collections[name]!, i18n);
      const filesOf = (locale: string) => {
        const of = views.find((each) => each.locale === locale)!.view;
        return listFiles(of, view.snapshot.trees[`l:${locale}`] ?? []).files;
      };
      const base = new Map(filesOf(i18n.default).map((file) => [file.slug, file]));
      const others = i18n.locales.filter((locale) => locale !== i18n.default);
      const pairs: TranslationPair[] = [];
      const missing = new Map<string, string[]>(others.map((locale) => [locale, []]));
      for (const locale of others) {
        const translated = new Map(filesOf(locale).map((file) => [file.slug, file]));
        for (const [slug, file] of base) {
          const translation = translated.get(slug);
          if (translation) pairs.push({ slug, base: file, translation, locale });
          else missing.get(locale)!.push(slug);
        }
      }
      const statuses = await history.statusesOf({
        userId,
        fullName,
        head,
        pairs,
        // Measured with the directories' read: the whole request stays inside the budget.
        overBudget: () => deps.now() - startedAt >= budgetMs,
      });
      const report: TranslationReport = {
        collection: name,
        defaultLocale: i18n.default,
        items: base.size,
        complete: true,
        pending: 0,
        locales: {},
      };
      for (const locale of others) {
        const mine = pairs.filter((pair) => pair.locale === locale);
        const outdated = mine
          .filter((pair) => statuses.get(pair) === 'outdated')
          .map((pair) => pair.slug);
        const pending = head === null ? 0 : mine.filter((pair) => !statuses.has(pair)).length;
        const absent = missing.get(locale)!;
        report.locales[locale] = {
          current: mine.length - outdated.length - pending,
          outdated: outdated.length,
          missing: absent.length,
          pending,
          outdatedSlugs: outdated.sort().slice(0, maxReportedSlugs),
          missingSlugs: absent.sort().slice(0, maxReportedSlugs),
        };
        report.pending += pending;
      }
      report.complete = report.pending === 0;
      return report;
    },

    /**
     * Some pairs' statuses at `head`, read as the report reads them (an item's `translations`):
     * never stopped by the budget, an item has one pair per locale.
     */
    statuses: (input: Omit<Parameters<typeof history.statusesOf>[0], 'overBudget'>) =>
      history.statusesOf({ ...input, overBudget: () => false }),

    /**
     * A translation just made from the default locale's blob `base`: current by construction (it
     * was committed on top of that file), kept so that no history is read to say so.
     */
    rememberCurrent: history.rememberCurrent,
  };
}

export type TranslationReports = ReturnType<typeof createTranslationReport>;
