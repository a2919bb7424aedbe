import { join } from 'node:path';
import { saveState, type HostState } from './state';

/** Everything a handler of the local GitHub host needs; one per running instance. */
export interface HostContext {
  dataDir: string;
  state: HostState;
  now(): number;
  /** Web base, e.g. http://127.0.0.1:8788 (known once the server listens). */
  webUrl: string;
  /** REST base: webUrl + '/api/v3'. */
  apiUrl: string;
  counters: { requests: number; refreshes: number };
  /** The app's registered callback URLs (GitHub allows up to 10): the only redirect_uri values the authorize page accepts. */
  callbackUrls: string[];
  /** Where a recursive REST tree is cut short (`truncated: true`), as GitHub cuts it. */
  treeLimits: TreeLimits;
  /** Persists `state` atomically; call after every mutation. */
  save(): void;
}

/**
 * GitHub's limits on a recursive `GET …/git/trees/{sha}?recursive=1`: at most 100,000 entries and
 * 7 MB; past either, the answer holds what fits and says `truncated: true`. GitHub documents no
 * limit for a non-recursive read, so none is applied there.
 */
export interface TreeLimits {
  maxEntries: number;
  maxBytes: number;
}

export const GITHUB_TREE_LIMITS: TreeLimits = { maxEntries: 100_000, maxBytes: 7 * 1024 * 1024 };

export function githubDir(dataDir: string): string {
  return join(dataDir, 'github');
}

export function stateFile(dataDir: string): string {
  return join(githubDir(dataDir), 'state.json');
}

export function repoGitDir(dataDir: string, owner: string, name: string): string {
  return join(githubDir(dataDir), 'repos', owner, `${name}.git`);
}

export function createHostContext(
  dataDir: string,
  state: HostState,
  now: () => number,
): HostContext {
  const ctx: HostContext = {
    dataDir,
    state,
    now,
    webUrl: '',
    apiUrl: '',
    counters: { requests: 0, refreshes: 0 },
    callbackUrls: [],
    treeLimits: GITHUB_TREE_LIMITS,
    save: () => saveState(stateFile(dataDir), ctx.state, now()),
  };
  return ctx;
}
