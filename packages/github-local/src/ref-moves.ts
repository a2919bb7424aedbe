import { AsyncLocalStorage } from 'node:async_hooks';
import type { Caller } from './access';

/**
 * Branch and tag moves, announced by the few functions that move refs (`compareAndSwapRef`,
 * `compareAndDeleteRef`, `updateRefs`) right after git moved them, synchronously, so watchers see
 * moves in the order they happened. Nothing is done when nobody watches (no webhook is set): the
 * announcement is a size check. The acting REST caller travels with the request in an
 * AsyncLocalStorage that is entered only while someone watches, so hosts without a webhook pay
 * nothing for it.
 */

export interface RefMove {
  /** The git directory the host moved the ref in (its path under the data directory). */
  gitDir: string;
  /** Full name: refs/heads/… or refs/tags/… (other refs are not announced). */
  ref: string;
  /** null: the ref did not exist (created). */
  before: string | null;
  /** null: the ref was deleted. */
  after: string | null;
  /** The REST caller whose request moved it, when known. */
  actor?: Caller;
}

type Watcher = (move: RefMove) => void;

const watchers = new Set<Watcher>();
const actors = new AsyncLocalStorage<Caller>();

/** Starts watching every ref move of every host in this process; returns the function that stops it. */
export function watchRefMoves(watcher: Watcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export function isWatchingRefMoves(): boolean {
  return watchers.size > 0;
}

/** Branches and tags: the refs a push event is sent for (never refs/pull/*). */
export function isPushRef(ref: string): boolean {
  return ref.startsWith('refs/heads/') || ref.startsWith('refs/tags/');
}

/** Called by the ref movers once git has moved `ref` from `before` to `after`. */
export function announceRefMove(
  gitDir: string,
  ref: string,
  before: string | null,
  after: string | null,
): void {
  if (watchers.size === 0 || !isPushRef(ref) || before === after) return;
  const actor = actors.getStore();
  const move: RefMove = { gitDir, ref, before, after, ...(actor ? { actor } : {}) };
  for (const watcher of watchers) {
    try {
      watcher(move);
    } catch (error) {
      console.error('[github-local] ref move watcher failed', error);
    }
  }
}

/** Runs a request's handler with its caller known to ref moves (only while someone watches). */
export function runAsActor<T>(caller: Caller, handler: () => T): T {
  return watchers.size === 0 ? handler() : actors.run(caller, handler);
}
