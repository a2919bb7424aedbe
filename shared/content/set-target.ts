import { ConflictError, NotFoundError } from '../errors';
import type { BranchState, RepoId, Snapshot } from '../ports/git-host';
import type { PullHost } from '../ports/pull-host';
import { maxSetItems, setItemOf } from '../pulls/set-rules';
import type { CmsConfig } from './config-schema';
import { draftBranchName } from './draft-branch';
import { parseSetBranch, setBranchName } from './set-branch';

/**
 * A save, deletion or rename of one item into a change set (`set: name`) goes to the set's branch
 * `cms/_sets/{name}`, which POST /sets created; the item must not be held by another change
 * request. What is read for it rides on the item's own read (the set's branch and the item's own
 * draft branch, in the same round trip), and one more round trip lists the open pull requests with
 * their files, to tell which set holds what (setHolderOf).
 */

/** The branches read with the item for a save into `set`: its own draft's too, to refuse it. */
export const setBranchesWanted = (set: string, collection: string, slug: string) => ({
  draft: setBranchName(set),
  own: draftBranchName(collection, slug),
});

/** Refuses a write into a set whose branch (read as `head`) does not exist. */
export function assertSetExists(
  head: BranchState | null | undefined,
  { fullName, set }: { fullName: string; set: string },
): asserts head is BranchState {
  if (!head)
    throw new NotFoundError(
      `set: no change set ${set} in ${fullName}; create it first (POST /api/repos/{repo}/sets)`,
    );
}

/** Refuses a save into a set that does not exist, or of an item that has its own draft branch. */
export function assertSetTarget({
  snapshot,
  fullName,
  set,
  collection,
  slug,
}: {
  snapshot: Pick<Snapshot, 'branches'>;
  fullName: string;
  set: string;
  collection: string;
  slug: string;
}): void {
  assertSetExists(snapshot.branches.draft, { fullName, set });
  const own = snapshot.branches.own;
  if (own)
    throw new ConflictError(
      `${collection}/${slug} has its own change request on ${draftBranchName(collection, slug)}${own.openPullRequest ? ` (#${own.openPullRequest})` : ''}; publish or close it before adding the item to change set ${set}`,
    );
}

/** An item a write touches: a rename touches two (its slug and the new one), a media upload none. */
export interface SetItemKey {
  collection: string;
  slug: string;
}

const keyOf = (item: SetItemKey) => `${item.collection}/${item.slug}`;

/** Which open change set holds one of the items (a file of it changed on the set's branch), if any. */
export interface SetHolders {
  /** The open set that changes one of the items, other than the one asked about, and that item. */
  other?: { name: string; number: number; item: SetItemKey };
  /** The set asked about: its pull request and how many items it holds, these counted or not. */
  own?: { number: number; items: number; holds: boolean };
}

/**
 * One round trip: the open pull requests with their changed files. An item is held by a set when
 * the set changes one of its files (or renames one from or to it).
 */
export async function setHolderOf({
  pullHost,
  token,
  repo,
  config,
  set,
  items: wanted,
}: {
  pullHost: Pick<PullHost, 'listOpenPulls'>;
  token: string;
  repo: RepoId;
  config: CmsConfig;
  set?: string;
  items: readonly SetItemKey[];
}): Promise<SetHolders> {
  const view = await pullHost.listOpenPulls(token, repo, {}, { files: true });
  const holders: SetHolders = {};
  for (const pull of view?.pulls ?? []) {
    const name = parseSetBranch(pull.headRef);
    if (name === undefined || pull.crossRepository) continue;
    const items = new Set<string>();
    for (const file of pull.changedFiles?.files ?? [])
      for (const path of [file.path, file.previousPath]) {
        const item = path === undefined ? undefined : setItemOf(config, path);
        if (item) items.add(`${item.collection}/${item.slug}`);
      }
    const held = wanted.find((item) => items.has(keyOf(item)));
    if (name === set)
      holders.own = { number: pull.number, items: items.size, holds: held !== undefined };
    else if (held) holders.other ??= { name, number: pull.number, item: held };
  }
  return holders;
}

/**
 * The 409s of a write into `set`: an item it touches is in another set, the set's pull request is
 * closed, or the set is full (maxSetItems) and holds none of the items yet (a media upload, which
 * touches no item, is refused by a full set too: the set could not be checked with one more file).
 */
export function assertSetMayHold(holders: SetHolders, set: string): void {
  if (holders.other)
    throw new ConflictError(
      `${keyOf(holders.other.item)} is in change set ${holders.other.name} (#${holders.other.number}); publish it, or remove the item from it, before adding it to ${set}`,
    );
  if (!holders.own)
    throw new ConflictError(
      `Change set ${set} has no open pull request (it was published or closed); create a new set`,
    );
  if (!holders.own.holds && holders.own.items >= maxSetItems)
    throw new ConflictError(
      `Change set ${set} holds ${holders.own.items} items, the most one set may hold (${maxSetItems}); publish it or start another set`,
    );
}

/** The 409 of a single draft of an item a change set holds. */
export function assertNotInSet(holders: SetHolders): void {
  if (holders.other)
    throw new ConflictError(
      `${keyOf(holders.other.item)} is in change set ${holders.other.name} (#${holders.other.number}); edit it there (set: "${holders.other.name}"), or remove it from the set first`,
    );
}
