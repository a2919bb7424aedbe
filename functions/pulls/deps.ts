import type { BaseDeps } from '../../shared/http/base-deps';
import type { PullActions } from '../../shared/pulls/pull-actions';
import type { PullReads } from '../../shared/pulls/pull-reads';

export interface PullsDeps extends BaseDeps {
  pullReads: PullReads;
  pullActions: PullActions;
}
