import {
  CmsConfigSchema,
  type CmsConfig,
  type CollectionConfig,
} from '../../../shared/content/config-schema';
import { readMarkdown, type Frontmatter } from '../../../shared/content/frontmatter';
import type { FrontmatterFormat } from '../../../shared/content/frontmatter-block';
import { formatIssues } from '../../../shared/format-issues';
import { proposeCollections } from './infer-collections';
import { inferFields, type FieldNote } from './infer-fields';
import type { Generator } from './generators';
import type { SiteFile } from './site-scan';

const basename = (file: string) => file.slice(file.lastIndexOf('/') + 1);

export interface CollectionSummary {
  name: string;
  directory: string;
  path?: string | string[];
  files: number;
  /** The files it serves, from the site root. */
  items: string[];
  fields: number;
  required: number;
}

/** What `cms init` was unsure of; `where` is a collection (`docs.title`) or a file path. */
export interface InitNote {
  kind: FieldNote['kind'] | 'unparsed' | 'skipped' | 'overlap';
  where: string;
  message: string;
}

export interface InferredSite {
  config: CmsConfig;
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
  const { collections: proposed, rootFiles } = proposeCollections(files.map((file) => file.path));
  const notes: InitNote[] = rootFiles.map((file) => ({
    kind: 'skipped',
    where: file,
    message: 'at the root of the site, in no collection',
  }));
  const sectionPages = new Set(context.generator?.sectionPages ?? []);
  const sectionFiles: string[] = [];
  const collections: Record<string, CollectionConfig> = {};
  const summaries: CollectionSummary[] = [];
  for (const collection of proposed) {
    const frontmatters: Frontmatter[] = [];
    const sections: Frontmatter[] = [];
    const formats = new Map<FrontmatterFormat, number>();
    for (const file of collection.items) {
      const text = texts.get(file) ?? '';
      const read = readMarkdown(text);
      if (read.format) formats.set(read.format, (formats.get(read.format) ?? 0) + 1);
      if (read.error)
        notes.push({
          kind: 'unparsed',
          where: file,
          message: `${read.error.message} (it opens with its problem shown; not used for the fields)`,
        });
      else if (sectionPages.has(basename(file))) {
        sections.push(read.frontmatter);
        sectionFiles.push(file);
      } else frontmatters.push(read.frontmatter);
    }
    for (const skipped of collection.skipped)
      notes.push({ kind: 'skipped', where: skipped.path, message: skipped.reason });
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
      files: collection.items.length,
      items: collection.items,
      fields: fields.length,
      required: fields.filter((field) => field.required).length,
    });
  }
  const result = CmsConfigSchema.safeParse({ name: siteName || 'My site', collections });
  if (!result.success)
    throw new Error(
      `The inferred cms.config.json does not validate: ${formatIssues(result.error)}`,
    );
  // A bundle's index.md in a folder that is a collection of its own is served by both: said, never hidden.
  const servedBy = new Map<string, string[]>();
  for (const collection of proposed)
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
  return {
    config: result.data,
    collections: summaries,
    notes,
    ...(context.generator ? { generator: context.generator } : {}),
    sectionPages: sectionFiles,
    leftOut: [...leftOut].map(([reason, paths]) => ({ reason, paths })),
  };
}
