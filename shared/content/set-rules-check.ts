import type { ProviderAccess } from '../auth/provider-access';
import type { PullHost } from '../ports/pull-host';
import type { CmsConfig } from './config-schema';
import { repoId } from './repo-reader';
import { assertNotInSet, assertSetMayHold, setHolderOf, type SetItemKey } from './set-target';

/** What the check reads with: the open pull requests, as the caller. */
export interface SetRulesDeps {
  pullHost: Pick<PullHost, 'listOpenPulls'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
}

/**
 * "An item is in one set or one single change request at a time", checked before a write: into a
 * set, the item must be in no other open set (and the set open and not full); a first save to an
 * item's own draft (the one that creates its branch) must find it in no open set. One round trip
 * (the open pull requests with their files), only for those two writes: a draft branch that
 * exists already was checked when it was created, and a save into a set refuses an item with one.
 * Two writes racing each other (both checked before either lands) may still both land: the check
 * is as fresh as GitHub's answer, and a set's review shows every item it holds.
 */
export async function assertSetRules(
  deps: SetRulesDeps,
  input: {
    userId: string;
    view: { config: CmsConfig; connection: { fullName: string } };
    set: string | undefined;
    /** The items the write touches: a rename's two slugs, none for a media upload. */
    items: readonly SetItemKey[];
    /** Whether the item's own draft branch (or the set's, into a set) exists already. */
    branchExists: boolean;
    /** A single draft save (not a direct one) when no set is given. */
    draft?: boolean;
  },
): Promise<void> {
  const { set, items } = input;
  if (set === undefined && (input.branchExists || input.draft === false)) return;
  const holders = await deps.providerAccess.withToken(input.userId, (token) =>
    setHolderOf({
      pullHost: deps.pullHost,
      token,
      repo: repoId(input.view.connection.fullName),
      config: input.view.config,
      ...(set !== undefined && { set }),
      items,
    }),
  );
  if (set === undefined) assertNotInSet(holders);
  else assertSetMayHold(holders, set);
}
