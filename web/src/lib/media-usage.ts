import type { CmsConfig } from '../../../shared/content/config-schema';
import { mediaPathOf, type MediaDir } from '../../../shared/media/media-address';
import { titleOf } from './item-labels';

type Frontmatter = Record<string, unknown>;

/** Where a media file is used, as far as the editor can tell before deleting it. */
export interface MediaUses {
  /** The item open in the editor: its fields as they are on screen, and its body. */
  inOpenItem: boolean;
  /** Other items whose fields name it (bodies are not listed by the service). */
  items: { collection: string; label: string; slug: string; title: string }[];
  /** Labels of collections with more than the items read: the rest were not checked. */
  partly: string[];
}

export interface OpenItem {
  collection: string;
  slug?: string;
  frontmatter: Frontmatter;
  body: string;
}

/** Whether any string inside `value` (nested objects and lists too) names the file. */
function names(value: unknown, path: string, media: readonly MediaDir[]): boolean {
  if (typeof value === 'string') return mediaPathOf(value, media) === path;
  if (Array.isArray(value)) return value.some((item) => names(item, path, media));
  if (typeof value === 'object' && value !== null)
    return Object.values(value).some((item) => names(item, path, media));
  return false;
}

/**
 * Which items use `file`: the open item by its fields and its body (the public path or the
 * repository path in the text), every other item by its fields, read from each collection's first
 * page (`load`, one request per collection).
 */
export async function findMediaUses(input: {
  config: CmsConfig;
  media: readonly MediaDir[];
  file: { path: string; publicPath: string };
  open?: OpenItem;
  load(
    collection: string,
  ): Promise<{ items: { slug: string; frontmatter: Frontmatter }[]; more?: boolean }>;
}): Promise<MediaUses> {
  const { config, media, file, open } = input;
  const inOpenItem =
    open !== undefined &&
    (names(open.frontmatter, file.path, media) ||
      open.body.includes(file.publicPath) ||
      open.body.includes(file.path));
  const uses: MediaUses = { inOpenItem, items: [], partly: [] };
  const collections = Object.entries(config.collections);
  const pages = await Promise.all(collections.map(([name]) => input.load(name)));
  collections.forEach(([name, collection], index) => {
    const page = pages[index]!;
    if (page.more) uses.partly.push(collection.label);
    for (const item of page.items) {
      if (open && name === open.collection && item.slug === open.slug) continue;
      if (names(item.frontmatter, file.path, media))
        uses.items.push({
          collection: name,
          label: collection.label,
          slug: item.slug,
          title: titleOf(collection.fields, item.frontmatter, item.slug),
        });
    }
  });
  return uses;
}
