import type { CmsConfig } from '../config-schema';
import type { PathAt, Snapshot, SnapshotRequest } from '../../ports/git-host';
import { itemPath, itemPaths, type PathPatterned } from '../item-path';
import type { CollectionLocales } from './i18n-config';
import { localesOf, translatedCollection } from './locale-collection';
import { localeViewsOf } from './locale-view';
import type { TranslationPair, TranslationReports } from './translation-report';
import type { ItemTranslations } from './translation-schemas';

/** The snapshot's names of one locale's candidate files: `t:fr:0`, `t:fr:1`… per pattern. */
const keyOf = (locale: string, n: number) => `t:${locale}:${n}`;

/**
 * The oid of every file the item may be in every locale, on the default branch, to ask in the
 * same read as the item itself: no blob text, so a map of 40 locales costs no round trip of its own.
 */
export function translationOidRequests(
  collection: PathPatterned,
  i18n: CollectionLocales,
  slug: string,
): NonNullable<SnapshotRequest['oids']> {
  const requests: Record<string, PathAt> = {};
  for (const { locale, view } of localeViewsOf(collection, i18n))
    itemPaths(view, slug).forEach((path, n) => (requests[keyOf(locale, n)] = { path }));
  return requests;
}

/** One locale's file of the item on the default branch: its path and blob, or where it would go. */
export interface LocaleFile {
  locale: string;
  path: string;
  sha: string | null;
}

/** Each locale's file among the oids `translationOidRequests` asked for, the default's first. */
export function localeFilesOf({
  collection,
  i18n,
  slug,
  oids,
}: {
  collection: PathPatterned;
  i18n: CollectionLocales;
  slug: string;
  oids: Readonly<Record<string, string | null>>;
}): LocaleFile[] {
  return localeViewsOf(collection, i18n).map(({ locale, view }) => {
    const paths = itemPaths(view, slug);
    const n = paths.findIndex((_, at) => typeof oids[keyOf(locale, at)] === 'string');
    return n < 0
      ? { locale, path: itemPath(view, slug), sha: null }
      : { locale, path: paths[n]!, sha: oids[keyOf(locale, n)]! };
  });
}

/**
 * The item's `translations` map: every locale's file with its status against the default
 * locale's, by the translation report's machinery (its blob-pair cache, then git history for the
 * pairs not known yet). The default locale's own entry is `current` (`missing` when it has no
 * file; the translations are then `current`, having nothing to be behind).
 */
export async function translationsOf({
  slug,
  files,
  statuses,
  userId,
  fullName,
  head,
}: {
  slug: string;
  files: readonly LocaleFile[];
  statuses: TranslationReports['statuses'];
  userId: string;
  fullName: string;
  /** The default branch's head the files were read at. */
  head: string | null;
}): Promise<ItemTranslations> {
  const [base, ...others] = files;
  const pairs: TranslationPair[] =
    base?.sha == null
      ? []
      : others.flatMap(({ locale, path, sha }) =>
          sha === null
            ? []
            : [
                {
                  slug,
                  locale,
                  base: { slug, path: base.path, sha: base.sha!, symlink: false },
                  translation: { slug, path, sha, symlink: false },
                },
              ],
        );
  const known = await statuses({ userId, fullName, head, pairs });
  const statusOf = (file: LocaleFile) => {
    if (file.sha === null) return 'missing' as const;
    const pair = pairs.find((each) => each.locale === file.locale);
    return pair ? (known.get(pair) ?? 'current') : ('current' as const);
  };
  return Object.fromEntries(
    files.map((file) => [file.locale, { path: file.path, sha: file.sha, status: statusOf(file) }]),
  );
}

/** The oids `translationOidRequests` asks when `name` is a translated collection of the config. */
export function itemTranslationWants(
  config: CmsConfig,
  name: string,
  slug: string,
): SnapshotRequest['oids'] {
  const translated = translatedCollection(config, name);
  return translated && translationOidRequests(translated.collection, translated.i18n, slug);
}

/**
 * What a single item's read adds for its `translations`: the oids to ask in its read, then the
 * map. Injected (content wire), so that readers of items that never answer it carry none of it.
 */
export function createItemTranslations(deps: { statuses: TranslationReports['statuses'] }) {
  return {
    wants: itemTranslationWants,
    async of({
      config,
      name,
      slug,
      snapshot,
      userId,
      fullName,
    }: {
      config: CmsConfig;
      name: string;
      slug: string;
      snapshot: Pick<Snapshot, 'oids' | 'defaultBranchOid'>;
      userId: string;
      fullName: string;
    }): Promise<ItemTranslations | undefined> {
      const collection = config.collections[name]!;
      const i18n = localesOf(config, collection);
      if (!i18n) return undefined;
      return translationsOf({
        slug,
        files: localeFilesOf({ collection, i18n, slug, oids: snapshot.oids ?? {} }),
        statuses: deps.statuses,
        userId,
        fullName,
        head: snapshot.defaultBranchOid,
      });
    },
  };
}

export type ItemTranslationReads = ReturnType<typeof createItemTranslations>;
