import { createContext, useContext } from 'react';
import type { MediaDir } from '../../../../shared/media/media-address';
import type { Committed, UploadTarget } from '../../lib/media-upload';
import type { MediaUses } from '../../lib/media-usage';

/**
 * What the media widgets of one editing screen share: where uploads go (the item's draft in a
 * `pr` collection, so the draft carries its media), the branch to read thumbnails from, and the
 * media directories that resolve a field's or the body's paths (the collection's own first).
 */
export interface MediaScopeValue {
  repo: string;
  target: UploadTarget;
  /** The branch holding the version on screen (a draft's), for reads and the library. */
  ref?: string;
  media: readonly MediaDir[];
  /** Told of each committed upload (a draft upload creates the draft branch). */
  onUploaded(committed: Committed): void;
  /** Where a file is used (the open item, other items' fields), asked before deleting it. */
  uses?(file: { path: string; publicPath: string }): Promise<MediaUses>;
}

export const MediaScope = createContext<MediaScopeValue | undefined>(undefined);

export function useMediaScope(): MediaScopeValue | undefined {
  return useContext(MediaScope);
}
