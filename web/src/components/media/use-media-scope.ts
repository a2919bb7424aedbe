import { useMemo, useState, type RefObject } from 'react';
import { listItems, wholeListLimit } from '../../api/content';
import type { CmsConfig } from '../../../../shared/content/config-schema';
import type { MediaDir } from '../../../../shared/media/media-address';
import type { UploadTarget } from '../../lib/media-upload';
import type { OpenItem } from '../../lib/media-usage';
import type { MediaScopeValue } from './media-scope';

interface ScopeInput {
  repo: string;
  config: CmsConfig;
  collection: string;
  /** The item's slug, when it is a valid one. */
  slug?: string;
  /** The draft branch holding the version on screen. */
  branch?: string;
  /** The item as it is on screen (its fields and body), read when a file is about to be deleted. */
  open?: RefObject<Pick<OpenItem, 'frontmatter' | 'body'>>;
}

/** The media directories that resolve paths for a collection: its own first, then the repository's. */
export function mediaDirsOf(config: CmsConfig, collection: string): MediaDir[] {
  const all = [config.collections[collection]?.media, config.media].filter(
    (media): media is MediaDir => media !== undefined,
  );
  return all.filter(
    (media, index) => all.findIndex((other) => other.directory === media.directory) === index,
  );
}

/**
 * Where an item's uploads go: its draft when the collection works in drafts (`pr`) or the item
 * already has one (and its slug is valid), so the draft carries its media; else the default branch.
 */
export function uploadTargetOf(input: ScopeInput): UploadTarget {
  const { repo, config, collection, slug, branch } = input;
  const inDrafts =
    config.collections[collection]?.workflow?.default === 'pr' || branch !== undefined;
  return { repo, collection, draft: inDrafts && slug ? { collection, slug } : undefined };
}

/**
 * The editing screen's media scope: uploads go to the item's draft when the collection works in
 * drafts (`pr`) or the item already has one, so the draft carries its media; otherwise to the
 * default branch. Undefined when no media directory is configured.
 */
export function useMediaScopeValue({
  repo,
  config,
  collection,
  slug,
  branch,
  open,
}: ScopeInput): MediaScopeValue | undefined {
  const [uploadedTo, setUploadedTo] = useState<string | undefined>();
  const ref = branch ?? uploadedTo;
  return useMemo(() => {
    const media = mediaDirsOf(config, collection);
    if (media.length === 0) return undefined;
    return {
      repo,
      media,
      ref,
      target: uploadTargetOf({ repo, config, collection, slug, branch }),
      onUploaded: (committed) => {
        if (committed.branch) setUploadedTo(committed.branch);
      },
      // Loaded when a delete is first asked, so the editor's first download stays as it was.
      uses: async (file) =>
        (await import('../../lib/media-usage')).findMediaUses({
          config,
          media,
          file,
          open: open?.current ? { collection, slug, ...open.current } : undefined,
          load: (name) => listItems(repo, name, { limit: wholeListLimit }),
        }),
    };
  }, [repo, config, collection, slug, branch, ref, open]);
}
