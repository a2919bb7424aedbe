import type { BlobText, SnapshotRequest } from '../../ports/git-host';
import type { TreeChange } from '../../ports/pull-host';
import type { CmsConfig, CollectionConfig } from '../config-schema';
import { deepEqual } from '../deep-equal';
import { readMarkdown, serializeMarkdown, type Frontmatter } from '../frontmatter';
import { foundItemFile, itemFileRequests } from '../item-files';
import { translatedCollection } from './locale-collection';
import { localeViewsOf } from './locale-view';

/**
 * Fields marked `"i18n": "shared"` are kept equal across a translated item's locales (issue #36):
 * a save in one locale reads the item's other locales' files in the same round trip as its own,
 * reports which of them hold another value of a shared field it changed (`sharedChanges`) and,
 * asked to (`applyShared`), writes its values into them in the same commit. Each other file is
 * edited by the byte-preserving frontmatter edit every save uses: only the shared fields' values
 * change, every other byte stays. Translations that do not exist are never created here.
 */

/** A shared field and the other locales whose file holds a value other than the saved one. */
export interface SharedChange {
  field: string;
  locales: string[];
}

/** Another locale's file of the item, as the save's read found it. */
export interface OtherLocaleFile {
  locale: string;
  path: string;
  blob: BlobText;
}

/** The names of the collection's top-level fields marked `"i18n": "shared"`. */
export const sharedFieldsOf = (collection: CollectionConfig): string[] =>
  collection.fields.flatMap((field) => (field.i18n === 'shared' ? [field.name] : []));

const keyOf = (locale: string, onDraft: boolean) =>
  `shared:${locale}:${onDraft ? 'draftFile' : 'file'}`;

/** The translated collection `name`'s other locales than `locale` (the default when absent), or none. */
function otherViews(config: CmsConfig, name: string, locale: string | undefined) {
  const translated = translatedCollection(config, name);
  if (!translated || sharedFieldsOf(translated.collection).length === 0) return [];
  const { collection, i18n } = translated;
  const own = locale ?? i18n.default;
  return localeViewsOf(collection, i18n).filter((each) => each.locale !== own);
}

/**
 * What the save's read also asks for: the item's file in every other locale, on the default
 * branch and, for a draft, on `draft` (read in its place once the branch exists). Nothing for an
 * untranslated collection or one without shared fields.
 */
export function otherLocalesWanted({
  config,
  name,
  locale,
  slug,
  draft,
}: {
  config: CmsConfig;
  name: string;
  locale: string | undefined;
  slug: string;
  draft: string | undefined;
}): SnapshotRequest {
  const blobs = otherViews(config, name, locale).flatMap(({ locale: other, view }) => [
    ...Object.entries(itemFileRequests({ collection: view, slug, key: keyOf(other, false) })),
    ...(draft === undefined
      ? []
      : Object.entries(
          itemFileRequests({ collection: view, slug, key: keyOf(other, true), ref: draft }),
        )),
  ]);
  return blobs.length === 0 ? {} : { blobs: Object.fromEntries(blobs) };
}

/** The item's files in the other locales that exist, from the read otherLocalesWanted rode on. */
export function otherLocaleFiles({
  config,
  name,
  locale,
  slug,
  blobs,
  onDraft,
}: {
  config: CmsConfig;
  name: string;
  locale: string | undefined;
  slug: string;
  blobs: Readonly<Record<string, BlobText | null | undefined>>;
  /** The save goes to a draft branch that exists: its copies are the ones to compare and write. */
  onDraft: boolean;
}): OtherLocaleFile[] {
  return otherViews(config, name, locale).flatMap(({ locale: other, view }) => {
    const found = foundItemFile({ collection: view, slug, blobs, key: keyOf(other, onDraft) });
    return found ? [{ locale: other, ...found }] : [];
  });
}

/**
 * The shared fields `saved` changed from `before`, each with the other locales whose file holds
 * another value; empty when none. A file that is a link, binary or whose frontmatter does not read
 * is left out: it cannot be compared, nor written by the byte-preserving edit.
 */
export function sharedChangesOf({
  fields,
  before,
  saved,
  others,
}: {
  fields: readonly string[];
  before: Frontmatter;
  saved: Frontmatter;
  others: readonly { locale: string; text: string }[];
}): SharedChange[] {
  return fields
    .filter((field) => !deepEqual(before[field], saved[field]))
    .map((field) => ({ field, locales: differing({ field, saved, others }) }))
    .filter((change) => change.locales.length > 0);
}

function differing({
  field,
  saved,
  others,
}: {
  field: string;
  saved: Frontmatter;
  others: readonly { locale: string; text: string }[];
}): string[] {
  return others.flatMap(({ locale, text }) => {
    const read = readMarkdown(text);
    if (read.error) return [];
    return deepEqual(read.frontmatter[field], saved[field]) ? [] : [locale];
  });
}

/**
 * The other locales' files with every shared field set to its saved value, as tree changes (only
 * the files that change), and which fields each locale took. A field the save left out is removed
 * from them too, so that every locale holds the same.
 */
export function sharedWrites({
  fields,
  saved,
  others,
}: {
  fields: readonly string[];
  saved: Frontmatter;
  others: readonly { locale: string; path: string; text: string }[];
}): { changes: TreeChange[]; applied: SharedChange[] } {
  const applied = fields
    .map((field) => ({ field, locales: differing({ field, saved, others }) }))
    .filter((change) => change.locales.length > 0);
  const changes = others.flatMap(({ locale, path, text }) => {
    const taking = applied.filter((change) => change.locales.includes(locale));
    if (taking.length === 0) return [];
    const read = readMarkdown(text);
    const frontmatter = { ...read.frontmatter };
    for (const { field } of taking) frontmatter[field] = saved[field];
    return [{ path, content: serializeMarkdown(text, frontmatter, read.body) }];
  });
  return { changes, applied };
}
