import type { Caller } from './access';
import type { HostContext } from './context';
import type { PullRecord, RepoRecord } from './state';

/**
 * What the host's requests did that an App's webhook reports besides ref moves (ref-moves.ts):
 * a pull request opened or reopened, a check suite re-requested. The webhook sender listens
 * (webhooks.ts) while the App's webhook is set; otherwise announcing does nothing.
 */
export type HostActivity =
  | {
      kind: 'pull';
      action: 'opened' | 'reopened';
      repo: RepoRecord;
      pull: PullRecord;
      actor: Caller;
    }
  | { kind: 'rerequest'; repo: RepoRecord; suiteId: number; headSha: string; actor: Caller };

const listeners = new WeakMap<HostContext, (activity: HostActivity) => void>();

/** The host's one listener (its webhook sender); undefined stops listening. */
export function listenToActivity(
  ctx: HostContext,
  listener: ((activity: HostActivity) => void) | undefined,
): void {
  if (listener) listeners.set(ctx, listener);
  else listeners.delete(ctx);
}

export function announceActivity(ctx: HostContext, activity: HostActivity): void {
  listeners.get(ctx)?.(activity);
}
