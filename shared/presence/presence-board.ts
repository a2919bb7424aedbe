import type { CollectionReads } from '../content/collection-read';
import { assertItemSlug } from '../content/slug-encoding';
import { keys } from '../store/keys';
import { nowSeconds, type Store, type StoreItem } from '../ports/store';
import {
  presenceHeartbeatSeconds,
  presenceTtlSeconds,
  type CollectionPresence,
  type FileStatus,
  type PresenceBeatResult,
  type PresentEditor,
} from './presence-schemas';

export interface PresenceDeps {
  store: Pick<Store, 'query' | 'put' | 'delete'>;
  /** The collection as a list reads it: the caller's access, and the items' versions from the tree (cached by push freshness). */
  collections: Pick<CollectionReads, 'read'>;
  now: () => number;
}

interface ItemInput {
  userId: string;
  fullName: string;
  collection: string;
  slug: string;
}

export interface BeatInput extends ItemInput {
  login: string;
  sha: string;
  branch?: string;
}

const iso = (ms: unknown) => new Date(typeof ms === 'number' ? ms : 0).toISOString();

const editorOf = (item: StoreItem): PresentEditor => ({
  login: String(item.login),
  openedAt: iso(item.openedAt),
  seenAt: iso(item.seenAt),
  sha: String(item.sha),
  ...(typeof item.branch === 'string' && { branch: item.branch }),
});

const byOpening = (a: StoreItem, b: StoreItem) => Number(a.openedAt) - Number(b.openedAt);

/**
 * Who has which item open: soft presence, never a lock. An open editor sends a heartbeat every
 * `presenceHeartbeatSeconds`; its record carries a TTL `presenceTtlSeconds` ahead, so a closed or
 * hidden tab drops out by itself. DynamoDB deletes expired items lazily and dynalite never does:
 * the Store hides expired items on every read (its invariant), which makes both behave alike.
 *
 * Every call first reads the collection as a list does (the caller's access to the repository on
 * GitHub, the collection's config and tree), so presence is visible to exactly those who can read
 * the items, and a heartbeat costs GitHub nothing more than a list: with push webhooks, nothing.
 */
export function createPresence(deps: PresenceDeps) {
  const prefixOf = (collection: string, slug?: string) =>
    slug === undefined ? `${collection}/` : `${collection}/${slug}/`;

  const present = async (fullName: string, prefix: string) =>
    (await deps.store.query(keys.presence(fullName), { skPrefix: prefix })).sort(byOpening);

  return {
    /** The caller has the item open at version `sha`: who else has, and whether the file moved on. */
    async beat(input: BeatInput): Promise<PresenceBeatResult> {
      assertItemSlug(input.slug);
      const read = await deps.collections.read({
        userId: input.userId,
        fullName: input.fullName,
        collection: input.collection,
      });
      const records = await present(input.fullName, prefixOf(input.collection, input.slug));
      const mine = records.find((item) => item.userId === input.userId);
      const now = deps.now();
      await deps.store.put({
        ...keys.presenceOf(input.fullName, input.collection, input.slug, input.userId),
        userId: input.userId,
        login: input.login,
        slug: input.slug,
        sha: input.sha,
        ...(input.branch !== undefined && { branch: input.branch }),
        // Reopening within the TTL (a reload, a second tab) keeps the first opening.
        openedAt: typeof mine?.openedAt === 'number' ? mine.openedAt : now,
        seenAt: now,
        ttl: nowSeconds(now) + presenceTtlSeconds,
      });
      return {
        others: records.filter((item) => item.userId !== input.userId).map(editorOf),
        file: fileOf(read.listed?.files, input),
        heartbeatSeconds: presenceHeartbeatSeconds,
        expiresInSeconds: presenceTtlSeconds,
      };
    },

    /** Who has which item of the collection open, the caller left out. */
    async ofCollection(input: Omit<ItemInput, 'slug'>): Promise<CollectionPresence> {
      await deps.collections.read({
        userId: input.userId,
        fullName: input.fullName,
        collection: input.collection,
      });
      const records = await present(input.fullName, prefixOf(input.collection));
      return {
        editors: records
          .filter((item) => item.userId !== input.userId)
          .map((item) => ({
            slug: String(item.slug),
            login: String(item.login),
            openedAt: iso(item.openedAt),
            seenAt: iso(item.seenAt),
          })),
      };
    },

    /** The caller closed the item: others stop seeing them at once rather than after the TTL. */
    async leave(input: ItemInput): Promise<void> {
      assertItemSlug(input.slug);
      await deps.collections.read({
        userId: input.userId,
        fullName: input.fullName,
        collection: input.collection,
      });
      await deps.store.delete(
        keys.presenceOf(input.fullName, input.collection, input.slug, input.userId),
      );
    },
  };
}

/** The item's file in the collection's tree, against the version the editor holds. */
function fileOf(
  files: readonly { slug: string; sha: string }[] | undefined,
  input: { slug: string; sha: string; branch?: string },
): PresenceBeatResult['file'] {
  // Only the default branch's tree is read; a large collection's entries are not read here.
  if (input.branch !== undefined || files === undefined) return { status: 'unknown', sha: null };
  const file = files.find((entry) => entry.slug === input.slug);
  if (!file) return { status: 'removed', sha: null };
  const status: FileStatus = file.sha === input.sha ? 'unchanged' : 'changed';
  return { status, sha: file.sha };
}

export type Presence = ReturnType<typeof createPresence>;
