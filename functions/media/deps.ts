import type { BaseDeps } from '../../shared/http/base-deps';
import type { MediaDeletions } from '../../shared/media/media-deletions';
import type { MediaLibrary } from '../../shared/media/media-library';
import type { MediaUploads } from '../../shared/media/media-uploads';

export interface MediaDeps extends BaseDeps {
  library: MediaLibrary;
  uploads: MediaUploads;
  deletions: MediaDeletions;
}
