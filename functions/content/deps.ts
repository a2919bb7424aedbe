import type { BaseDeps } from '../../shared/http/base-deps';
import type { ContentReads } from '../../shared/content/content-reads';
import type { ContentWrites } from '../../shared/content/content-writes';

export interface ContentDeps extends BaseDeps {
  reads: ContentReads;
  writes: ContentWrites;
}
