import type { BaseDeps } from '../../shared/http/base-deps';
import type { PullActions } from '../../shared/pulls/pull-actions';
import type { PullReads } from '../../shared/pulls/pull-reads';
import type { SetActions } from '../../shared/pulls/set-actions';

export interface PullsDeps extends BaseDeps {
  pullReads: PullReads;
  pullActions: PullActions;
  setActions: SetActions;
}
