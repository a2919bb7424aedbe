import { keepForRequest } from '../store/read-ahead';
import { sameKey, type Store, type StoreItem, type StoreKey } from '../ports/store';

/** What a route will read with the caller's user id once the credential is known (the user, a connection). */
export type AlsoRead = (userId: string) => StoreKey[];

const MAX_OWNERS = 10_000;

/**
 * Reads a credential's item (an API token, a session) strongly consistent, as one GetItem. Once a
 * credential has been seen, its owner is known (a credential never changes hands), so a later
 * request reads the credential together with what its route reads next (`alsoRead`) in one
 * consistent BatchGetItem, and keeps those items for that request only (read-ahead.ts). The
 * credential item itself is still read on every request: a revoked token, an ended session or a
 * changed scope counts at once. Only the owner's id is remembered, and only as a hint: an item
 * whose owner differs keeps nothing.
 */
export function createCredentialReader(store: Store) {
  const owners = new Map<string, string>();

  const remember = (key: StoreKey, userId: string) => {
    if (owners.get(key.pk) === userId) return;
    if (owners.size >= MAX_OWNERS) owners.delete(owners.keys().next().value!);
    owners.set(key.pk, userId);
  };

  return async function readCredential(
    key: StoreKey,
    alsoRead?: AlsoRead,
  ): Promise<StoreItem | undefined> {
    const owner = owners.get(key.pk);
    const extra = owner !== undefined && alsoRead ? alsoRead(owner) : [];
    let item: StoreItem | undefined;
    if (extra.length > 0) {
      const found = await store.batchGet([key, ...extra], { consistent: true });
      item = found.find((candidate) => sameKey(candidate, key));
      if (item?.userId === owner) keepForRequest(extra, found);
    } else {
      item = await store.get(key);
    }
    if (item && typeof item.userId === 'string') remember(key, item.userId);
    return item;
  };
}
