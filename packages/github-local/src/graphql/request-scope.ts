import type { Caller } from '../access';
import type { HostContext } from '../context';
import type { ObjectLoader } from './object-loader';

/** What every resolver of one GraphQL request shares: the host, the caller, limits and the batched object loaders. */

export interface RequestScope {
  ctx: HostContext;
  caller: Extract<Caller, { kind: 'user' | 'installation' }>;
  /** Blob.text is cut after this many bytes (and isTruncated is true). */
  blobTextLimit: number;
  loader(gitDir: string): ObjectLoader;
  rateLimit: { cost: number; limit: number; remaining: number; resetAt: string; used: number };
}
