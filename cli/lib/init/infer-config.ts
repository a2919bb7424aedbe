import {
  CmsConfigSchema,
  type CmsConfig,
  type CollectionConfig,
} from '../../../shared/content/config-schema';
import { readMarkdown, type Frontmatter } from '../../../shared/content/frontmatter';
import type { FrontmatterFormat } from '../../../shared/content/frontmatter-block';
import { formatIssues } from '../../../shared/format-issues';
import { withFieldRoles } from './field-roles';
import { proposeCollections } from './infer-collections';
import { inferFields, type FieldNote } from './infer-fields';
import type { Generator } from './generators';
import {
  collectionI18n,
  localeLayout,
  type CollectionI18n,
  type LocatedFile,
  type RepositoryI18n,
} from './locale-layout';
import type { SiteLocales } from './site-locales';
import type { SiteFile } from './site-scan';

const basename = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** The proposed `cms.config.json`: the service's config, with `i18n` where the site is multilingual. */
export type InitConfig = CmsConfig;

export interface CollectionSummary {
  name: string;
  directory: string;
  path?: string | string[];
  files: number;
  /** Of `files`, those in another locale than the default, when it is translated. */
  translations?: number;
  /** Where its translations are, when it is translated. */
  i18n?: CollectionI18n;
  /** The files it serves in every locale, from the site root. */
  items: string[];
  fields: number;
  required: number;
}

/** What `cms init` was unsure of; `where` is a collection (`docs.title`) or a file path. */
export interface InitNote {
  kind: FieldNote['kind'] | 'unparsed' | 'skipped' | 'overlap' | 'locales';
  where: string;
  message: string;
}

/** The locales the proposal names, and where they were read. */
export interface DetectedLocales extends RepositoryI18n {
  evidence: string;
  /** Locale folders on disk the generator's configuration does not name, taken as locales. */
  fromFolders: string[];
}

export interface InferredSite {
  config: InitConfig;
  /** Present when at least one collection is proposed with `i18n`. */
  locales?: DetectedLocales;
  collections: CollectionSummary[];
  notes: InitNote[];
  /** The generator the site was read as, when the caller detected one. */
  generator?: Generator;
  /**
   * Section pages (the generator's `_index.md`) served as items of their folder's collection: no
   * field only posts have is required, so that they pass `cms check` and the editor's form.
   */
  sectionPages: string[];
  /** Markdown left out before collections were proposed, grouped by why (site-files.ts). */
  leftOut: { reason: string; paths: string[] }[];
}

export interface SiteContext {
  generator?: Generator;
  leftOut?: readonly { path: string; reason: string }[];
  /** The locales the generator's configuration names: one collection per section, with `i18n`. */
  locales?: SiteLocales;
}

/**
 * A `cms.config.json` for an existing site from its markdown files: collections from the
 * directories (infer-collections.ts), fields from the frontmatter (infer-fields.ts), checked
 * against the config schema the service reads it with.
 */
export function inferConfig(
  siteName: string,
  files: readonly SiteFile[],
  context: SiteContext = {},
): InferredSite {
  const texts = new Map(files.map((file) => [file.path, file.text]));
  const layout = context.locales
    ? localeLayout(
        files.map((file) => file.path),
        context.locales,
      )
    : undefined;
  // Collections are proposed from the default locale's paths; each path stands for its item's
  // files in every locale (the default's first).
  const filesOf = new Map<string, string[]>();
  for (const file of files) {
    const base = layout?.files.get(file.path)?.base ?? file.path;
    const isDefault = base === file.path;
    const known = filesOf.get(base) ?? [];
    filesOf.set(base, isDefault ? [file.path, ...known] : [...known, file.path]);
  }
  const { collections: proposed, rootFiles } = proposeCollections([...filesOf.keys()]);
  const notes: InitNote[] = rootFiles.flatMap((base) =>
    filesOf.get(base)!.map((file) => ({
      kind: 'skipped' as const,
      where: file,
      message: 'at the root of the site, in no collection',
    })),
  );
  for (const message of layout?.notes ?? [])
    notes.push({ kind: 'locales', where: layout!.site.evidence, message });
  const i18nOf = new Map<string, CollectionI18n>();
  const recordsOf = new Map<string, Frontmatter[]>();
  const sectionPages = new Set(context.generator?.sectionPages ?? []);
  const sectionFiles: string[] = [];
  const collections: Record<string, CollectionConfig> = {};
  const summaries: CollectionSummary[] = [];
  for (const collection of proposed) {
    const frontmatters: Frontmatter[] = [];
    const sections: Frontmatter[] = [];
    const formats = new Map<FrontmatterFormat, number>();
    const served = collection.items.flatMap((base) => filesOf.get(base)!);
    const located = served
      .map((file) => layout?.files.get(file))
      .filter((file): file is LocatedFile => file !== undefined);
    const i18n = layout ? collectionI18n(layout, collection.directory, located) : undefined;
    if (i18n) i18nOf.set(collection.name, i18n);
    for (const file of served) {
      const text = texts.get(file) ?? '';
      const read = readMarkdown(text);
      if (read.format) formats.set(read.format, (formats.get(read.format) ?? 0) + 1);
      if (read.error)
        notes.push({
          kind: 'unparsed',
          where: file,
          message: `${read.error.message} (it opens with its problem shown; not used for the fields)`,
        });
      // A section page's translation (`_index.fr.md`) is its section's page too.
      else if (sectionPages.has(basename(layout?.files.get(file)?.base ?? file))) {
        sections.push(read.frontmatter);
        sectionFiles.push(file);
      } else frontmatters.push(read.frontmatter);
    }
    for (const skipped of collection.skipped)
      for (const file of filesOf.get(skipped.path)!)
        notes.push({ kind: 'skipped', where: file, message: skipped.reason });
    recordsOf.set(collection.name, [...frontmatters, ...sections]);
    const { fields, notes: fieldNotes } = inferFields(frontmatters, { sections });
    for (const note of fieldNotes)
      notes.push({
        kind: note.kind,
        where: `${collection.name}.${note.field}`,
        message: note.message,
      });
    // New items are written as most of the collection's files are (YAML when that is a tie).
    const format = [...formats].sort((a, b) => b[1] - a[1] || (a[0] === 'yaml' ? -1 : 1))[0]?.[0];
    collections[collection.name] = {
      label: collection.label,
      directory: collection.directory,
      ...(collection.path ? { path: collection.path } : {}),
      ...(format && format !== 'yaml' ? { format } : {}),
      fields,
    };
    summaries.push({
      name: collection.name,
      directory: collection.directory,
      ...(collection.path ? { path: collection.path } : {}),
      files: served.length,
      ...(i18n
        ? {
            translations: located.filter((file) => file.locale !== layout?.i18n.default).length,
            i18n,
          }
        : {}),
      items: served,
      fields: fields.length,
      required: fields.filter((field) => field.required).length,
    });
  }
  const result = { data: validated({ name: siteName || 'My site', collections }) };
  // A bundle's index.md in a folder that is a collection of its own is served by both: said, never hidden.
  const servedBy = new Map<string, string[]>();
  for (const collection of summaries)
    for (const file of collection.items)
      servedBy.set(file, [...(servedBy.get(file) ?? []), collection.name]);
  for (const [file, names] of servedBy)
    if (names.length > 1)
      notes.push({
        kind: 'overlap',
        where: file,
        message: `served by ${names.join(' and ')}: keep one (remove the other collection, or move the file)`,
      });
  const leftOut = new Map<string, string[]>();
  for (const { path, reason } of context.leftOut ?? [])
    leftOut.set(reason, [...(leftOut.get(reason) ?? []), path]);
  const translated = layout && i18nOf.size > 0 ? layout : undefined;
  if (translated && summaries.every((collection) => !collection.translations))
    notes.push({
      kind: 'locales',
      where: translated.site.evidence,
      message: `no page in another locale than ${translated.i18n.default} is in the repository yet: each collection's i18n.directory says where the generator reads them (pass --no-i18n if a translation service keeps them elsewhere)`,
    });
  return {
    // Checked again with its translations, as the service will read it.
    config: validated(withI18n(result.data, translated?.i18n, i18nOf, recordsOf)),
    ...(translated
      ? {
          locales: {
            ...translated.i18n,
            evidence: translated.site.evidence,
            fromFolders: translated.fromFolders,
          },
        }
      : {}),
    collections: summaries,
    notes,
    ...(context.generator ? { generator: context.generator } : {}),
    sectionPages: sectionFiles,
    leftOut: [...leftOut].map(([reason, paths]) => ({ reason, paths })),
  };
}

/** `config` as the service reads it; a proposal it would refuse is our bug, said as such. */
function validated(config: unknown): CmsConfig {
  const result = CmsConfigSchema.safeParse(config);
  if (!result.success)
    throw new Error(
      `The inferred cms.config.json does not validate: ${formatIssues(result.error)}`,
    );
  return result.data;
}

/**
 * The config with the site's locales and each translated collection's `i18n` (before
 * its fields, whose roles across locales are read from the files' values).
 */
function withI18n(
  config: CmsConfig,
  i18n: RepositoryI18n | undefined,
  collectionsI18n: ReadonlyMap<string, CollectionI18n>,
  records: ReadonlyMap<string, Frontmatter[]>,
): InitConfig {
  if (!i18n) return config;
  const { name, ...rest } = config;
  const collections: InitConfig['collections'] = {};
  for (const [key, { fields, ...collection }] of Object.entries(config.collections)) {
    const translated = collectionsI18n.get(key);
    collections[key] = translated
      ? {
          ...collection,
          i18n: translated,
          fields: withFieldRoles(fields, records.get(key) ?? []),
        }
      : { ...collection, fields };
  }
  return { name, i18n, ...rest, collections };
}
