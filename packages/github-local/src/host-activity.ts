import type { Caller } from './access';
import type { PullRecord, RepoRecord } from './state';

/**
 * What the host's requests did that an App's webhook reports besides ref moves (ref-moves.ts):
 * a pull request opened or reopened, a check suite re-requested. The webhook sender listens
 * (webhooks.ts) while the App's webhook is set; otherwise nothing is done.
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
