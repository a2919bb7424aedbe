import { createHash } from 'node:crypto';
import type { Frontmatter } from '../frontmatter';
import type { ListedFile } from '../item-listing';
import { sortValueOf, titleOf, type SortKind, type SortValue } from '../list-order';
import type { ParsedFile } from '../parsed-file';
import type { ItemProblem } from '../schemas';

/**
 * How a collection's items are cut into chunks. Boundaries are content-defined: a segment ends
 * after an item whose path hashes to a value with its low `boundaryBits` bits zero (about one item
 * in 2^bits), or at `maxEntries` items; a push that changes one file changes one segment, so a
 * new index rewrites that segment's chunks and reuses every other. A segment is written as one or
 * more chunks of at most `maxBytes` of JSON each (DynamoDB items are at most 400 KB).
 */
export interface ChunkOptions {
  boundaryBits: number;
  maxEntries: number;
  maxBytes: number;
}

export const defaultChunking: ChunkOptions = {
  boundaryBits: 8,
  maxEntries: 1000,
  maxBytes: 300 * 1024,
};

export interface Segment {
  start: number;
  end: number;
  /** Hash of the segment's (path, blob, link) list: the same key, the same items. */
  key: string;
}

const hash = (text: string) => createHash('sha256').update(text).digest();
/** 128 bits of the text's SHA-256: a chunk's name, never shared by two contents at any number of chunks a table holds. */
export const contentId = (json: string) => hash(json).toString('base64url').slice(0, 22);

/** `files` (in path order) cut into segments. */
export function segmentsOf(files: readonly ListedFile[], options: ChunkOptions): Segment[] {
  const mask = (1 << options.boundaryBits) - 1;
  const segments: Segment[] = [];
  let start = 0;
  const close = (end: number) => {
    const slice = files
      .slice(start, end)
      .map((file) => [file.path, file.sha, file.symlink ? 1 : 0]);
    segments.push({
      start,
      end,
      key: hash(JSON.stringify(slice)).toString('base64url').slice(0, 22),
    });
    start = end;
  };
  files.forEach((file, index) => {
    if ((hash(file.path).readUInt32BE(0) & mask) === 0 || index + 1 - start >= options.maxEntries)
      close(index + 1);
  });
  if (start < files.length) close(files.length);
  return segments;
}

/** One item as a chunk holds it: the parsed frontmatter (or the file's problem), not yet typed by the config. */
export interface IndexedItem {
  path: string;
  slug: string;
  sha: string;
  symlink?: true;
  frontmatter: Frontmatter;
  /** The body's first heading, for an item without a `title` (parsed-file.ts). */
  heading?: string;
  problem?: ItemProblem;
}

/** What sorting and filtering read of an item: ~100 bytes instead of its frontmatter. */
export interface SummaryItem {
  path: string;
  slug: string;
  sha: string;
  symlink: boolean;
  /** The title, folded as `q` compares it. */
  title: string | null;
  /** One value per sortable field, in `fields` order. */
  values: SortValue[];
}

/** A declared field a list may sort by. */
export interface SortableField {
  name: string;
  kind: SortKind;
}

export const indexedItemOf = (file: ListedFile, parsed: ParsedFile): IndexedItem => ({
  path: file.path,
  slug: file.slug,
  sha: file.sha,
  ...(file.symlink ? { symlink: true as const } : {}),
  frontmatter: parsed.frontmatter,
  ...(parsed.heading === undefined ? {} : { heading: parsed.heading }),
  ...(parsed.problem ? { problem: parsed.problem } : {}),
});

export interface BuiltChunk {
  id: string;
  sid: string;
  data: string;
  summary: string;
  count: number;
  bytes: number;
}

type SummaryTuple = [string, string, string, 0 | 1, string | null, SortValue[]];

/** A segment's items as chunks of at most `maxBytes` each, with their summaries; ids are the hashes of the texts. */
export function chunksOf(
  items: readonly IndexedItem[],
  fields: readonly SortableField[],
  maxBytes: number,
): BuiltChunk[] {
  const chunks: BuiltChunk[] = [];
  let part: { item: IndexedItem; json: string }[] = [];
  let size = 0;
  const flush = () => {
    if (part.length === 0) return;
    const data = `{"items":[${part.map((entry) => entry.json).join(',')}]}`;
    const summary = JSON.stringify({
      fields: fields.map((field) => field.name),
      items: part.map(({ item }) => summaryOf(item, fields)),
    });
    chunks.push({
      id: contentId(data),
      sid: contentId(summary),
      data,
      summary,
      count: part.length,
      bytes: size + part.length - 1,
    });
    part = [];
    size = 0;
  };
  for (const item of items) {
    const json = JSON.stringify(item);
    if (part.length > 0 && size + json.length > maxBytes) flush();
    part.push({ item, json });
    size += json.length;
  }
  flush();
  return chunks;
}

function summaryOf(item: IndexedItem, fields: readonly SortableField[]): SummaryTuple {
  const values = fields.map((field) =>
    sortValueOf({ name: field.name, kind: field.kind, order: 'asc' }, item),
  );
  return [item.path, item.slug, item.sha, item.symlink ? 1 : 0, titleOf(item.frontmatter), values];
}

export const itemsOfChunk = (data: string): IndexedItem[] =>
  (JSON.parse(data) as { items: IndexedItem[] }).items;

export function summariesOfChunk(summary: string): { fields: string[]; items: SummaryItem[] } {
  const parsed = JSON.parse(summary) as { fields: string[]; items: SummaryTuple[] };
  return {
    fields: parsed.fields,
    items: parsed.items.map(([path, slug, sha, symlink, title, values]) => ({
      path,
      slug,
      sha,
      symlink: symlink === 1,
      title,
      values,
    })),
  };
}
