import type { CmsConfig, MediaConfig } from '../content/config-schema';

/**
 * The media directory uploads of `collection` go to: the collection's own `media`, else the
 * repository's; undefined when neither is configured. Without a collection, the repository's.
 */
export function mediaOf(config: CmsConfig, collection?: string): MediaConfig | undefined {
  const own =
    collection !== undefined && Object.hasOwn(config.collections, collection)
      ? config.collections[collection]?.media
      : undefined;
  return own ?? config.media;
}

/** Every distinct media directory of the config (the repository's and the collections' own). */
export function mediaDirectories(config: CmsConfig): MediaConfig[] {
  const all = [
    config.media,
    ...Object.values(config.collections).map((collection) => collection.media),
  ].filter((media): media is MediaConfig => media !== undefined);
  return all.filter(
    (media, index) => all.findIndex((other) => other.directory === media.directory) === index,
  );
}

/** The path the site serves `name` of `media` at: `/images` + `/cover.png`. */
export const publicPathOf = (media: MediaConfig, name: string): string =>
  `${media.publicPath === '/' ? '' : media.publicPath}/${name}`;
