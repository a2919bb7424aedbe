import type { ProviderAccess } from '../../auth/provider-access';
import { InvalidInputError } from '../../errors';
import { maxLastChanges, type HistoryHost, type LastChangeRequest } from '../../ports/history-host';
import { nowSeconds, type Store } from '../../ports/store';
import { keys } from '../../store/keys';
import type { CollectionRef } from '../item-ref';
import { treeDepthOf } from '../item-path';
import { listFiles, type ListedFile } from '../item-listing';
import { collectionOf, repoId, type RepoReader } from '../repo-reader';
import { localesOf } from './locale-collection';
import { localeViewsOf } from './locale-view';
import type { TranslationReport } from './translation-schemas';

/** At most this many slugs in each list of a locale's report; the counts are always whole. */
export const maxReportedSlugs = 1_000;

/** A cached status lives this long (a pair of blobs never changes its answer). */
const statusTtlSeconds = 90 * 24 * 60 * 60;

export interface TranslationReportDeps {
  reader: RepoReader;
  historyHost: Pick<HistoryHost, 'lastChanges'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  store: Pick<Store, 'batchGet' | 'batchPut'>;
  now: () => number;
}

type Pair = { slug: string; base: ListedFile; translation: ListedFile; locale: string };
/** A default-locale file and its translation, whose status `statuses` reads. */
export type TranslationPair = Pair;

/**
 * The translation report of a collection (issue #36): for each locale other than the default,
 * which items are `current`, `outdated` (the default locale's file changed after the translation's
 * last change) or `missing`. Read in one round trip for the config and every locale's directory,
 * then, for the pairs of files not in the table yet, from git history in batches of 100 questions
 * per GraphQL round trip: when each file last changed on the default branch, then, for a pair
 * changed by different commits, when the default locale's file last changed as of the
 * translation's last change. A pair is current when that is the default file's last change. The
 * answer is kept by blob pair, so a warm report costs the one read.
 */
export function createTranslationReport(deps: TranslationReportDeps) {
  async function lastChanges(
    userId: string,
    fullName: string,
    requests: readonly LastChangeRequest[],
  ): Promise<(string | null)[]> {
    const out: (string | null)[] = [];
    for (let at = 0; at < requests.length; at += maxLastChanges) {
      const batch = requests.slice(at, at + maxLastChanges);
      out.push(
        ...(await deps.providerAccess.withToken(userId, (token) =>
          deps.historyHost.lastChanges(token, repoId(fullName), batch),
        )),
      );
    }
    return out;
  }

  return {
    async report({
      userId,
      fullName,
      collection: name,
    }: CollectionRef & { userId: string }): Promise<TranslationReport> {
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: (config) => {
          const collection = Object.hasOwn(config.collections, name)
            ? config.collections[name]!
            : undefined;
          const i18n = collection && localesOf(config, collection);
          if (!collection || !i18n) return {};
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
      const pairs: Pair[] = [];
      const missing = new Map<string, string[]>(others.map((locale) => [locale, []]));
      for (const locale of others) {
        const translated = new Map(filesOf(locale).map((file) => [file.slug, file]));
        for (const [slug, file] of base) {
          const translation = translated.get(slug);
          if (translation) pairs.push({ slug, base: file, translation, locale });
          else missing.get(locale)!.push(slug);
        }
      }
      const statuses = await statusesOf({ userId, fullName, head, pairs });
      const report: TranslationReport = {
        collection: name,
        defaultLocale: i18n.default,
        items: base.size,
        locales: {},
      };
      for (const locale of others) {
        const mine = pairs.filter((pair) => pair.locale === locale);
        const outdated = mine
          .filter((pair) => statuses.get(pair) === 'outdated')
          .map((pair) => pair.slug);
        const absent = missing.get(locale)!;
        report.locales[locale] = {
          current: mine.length - outdated.length,
          outdated: outdated.length,
          missing: absent.length,
          outdatedSlugs: outdated.sort().slice(0, maxReportedSlugs),
          missingSlugs: absent.sort().slice(0, maxReportedSlugs),
        };
      }
      return report;
    },

    /** Some pairs' statuses at `head`, read as the report reads them (an item's `translations`). */
    statuses: statusesOf,

    /**
     * A translation just made from the default locale's blob `base`: current by construction (it
     * was committed on top of that file), kept so that no history is read to say so.
     */
    async rememberCurrent({ base, translation }: { base: string; translation: string }) {
      const ttl = nowSeconds(deps.now()) + statusTtlSeconds;
      await deps.store.batchPut([
        { ...keys.translationStatus(base, translation), status: 'current', ttl },
      ]);
    },
  };

  /** Each pair's status: from the table, else from git history (then kept in the table). */
  async function statusesOf({
    userId,
    fullName,
    head,
    pairs,
  }: {
    userId: string;
    fullName: string;
    /** The default branch's head the directories were read at. */
    head: string | null;
    pairs: readonly Pair[];
  }): Promise<Map<Pair, 'current' | 'outdated'>> {
    const statuses = new Map<Pair, 'current' | 'outdated'>();
    const keyOf = (pair: Pair) => keys.translationStatus(pair.base.sha, pair.translation.sha);
    const known = new Map<string, string>();
    if (pairs.length > 0)
      for (const item of await deps.store.batchGet(pairs.map(keyOf)))
        if (typeof item.status === 'string') known.set(`${item.pk} ${item.sk}`, item.status);
    const unknown: Pair[] = [];
    for (const pair of pairs) {
      const key = keyOf(pair);
      const status = known.get(`${key.pk} ${key.sk}`);
      if (status === 'current' || status === 'outdated') statuses.set(pair, status);
      else unknown.push(pair);
    }
    if (unknown.length === 0 || head === null) return statuses;
    const paths = [...new Set(unknown.flatMap((pair) => [pair.base.path, pair.translation.path]))];
    const last = new Map<string, string | null>();
    (
      await lastChanges(
        userId,
        fullName,
        paths.map((path) => ({ from: head, path })),
      )
    ).forEach((oid, n) => last.set(paths[n]!, oid));
    // Changed by different commits: was the default file's last change already there when the
    // translation last changed?
    const apart = unknown.filter(
      (pair) => last.get(pair.base.path) !== last.get(pair.translation.path),
    );
    const asOf = await lastChanges(
      userId,
      fullName,
      apart.map((pair) => ({
        from: last.get(pair.translation.path) ?? head,
        path: pair.base.path,
      })),
    );
    apart.forEach((pair, n) =>
      statuses.set(
        pair,
        asOf[n] !== null && asOf[n] === last.get(pair.base.path) ? 'current' : 'outdated',
      ),
    );
    for (const pair of unknown) if (!statuses.has(pair)) statuses.set(pair, 'current');
    const ttl = nowSeconds(deps.now()) + statusTtlSeconds;
    await deps.store.batchPut(
      unknown.map((pair) => ({ ...keyOf(pair), status: statuses.get(pair), ttl })),
    );
    return statuses;
  }
}

export type TranslationReports = ReturnType<typeof createTranslationReport>;
