import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import type { ContentWrites, SaveOutcome } from '../content/content-writes';
import { assertReadRef } from '../content/content-reads';
import { diffItem } from '../content/content-diff';
import { foundItemFile, itemFileRequests } from '../content/item-files';
import { itemPath } from '../content/item-path';
import type { ItemRef } from '../content/item-ref';
import {
  collectionOf,
  collectionWants,
  repoId,
  type RepoReader,
  type RepoView,
} from '../content/repo-reader';
import { assertItemSlug } from '../content/slug-encoding';
import { InvalidInputError, NotFoundError } from '../errors';
import type { BlobText, GitHost } from '../ports/git-host';
import type { ContentDiff } from '../pulls/schemas';
import type { RestoreBody } from './history-schemas';

export interface ItemVersionsDeps {
  reader: RepoReader;
  gitHost: Pick<GitHost, 'readBlobs'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  writes: Pick<ContentWrites, 'put'>;
}

/** Two versions of an item: `to` absent is the default branch. */
export interface CompareOptions extends Pick<Actor, 'userId'>, ItemRef {
  from: string;
  to?: string;
}

export interface RestoreOptions extends Actor, ItemRef {
  input: RestoreBody;
}

export function createItemVersions(deps: ItemVersionsDeps) {
  /** A blob's whole text: a truncated one is read again by oid (one more round trip). */
  async function wholeText(input: {
    userId: string;
    view: RepoView;
    blob: BlobText | null | undefined;
    path: string;
  }): Promise<string | undefined> {
    const { blob, path } = input;
    if (!blob) return undefined;
    if (blob.symlink)
      throw new InvalidInputError(`${path} is a symbolic link in that version; it is never read`);
    if (blob.text === null) throw new InvalidInputError(`${path} is not a text file`);
    if (!blob.isTruncated) return blob.text;
    const texts = await deps.providerAccess.withToken(input.userId, (token) =>
      deps.gitHost.readBlobs(token, repoId(input.view.connection.fullName), [blob.oid]),
    );
    const text = texts.get(blob.oid);
    if (text === undefined) throw new InvalidInputError(`${path} is not a text file`);
    return text;
  }

  /** The item's file at each ref, with the config, in one round trip. */
  function readAt(input: ItemRef & { userId: string; refs: Record<string, string | undefined> }) {
    return deps.reader.read({
      userId: input.userId,
      fullName: input.fullName,
      wants: collectionWants(
        input.collection,
        (collection) => {
          // At each ref, the item's file under any of the collection's layouts (in its locale).
          return {
            blobs: Object.assign(
              {},
              ...Object.entries(input.refs).map(([key, ref]) =>
                itemFileRequests({ collection, slug: input.slug, key, ref }),
              ),
            ),
          };
        },
        input.locale,
      ),
    });
  }

  return {
    /** The review's field diff between two versions: one round trip (more only for files past GraphQL's text limit). */
    async compare(options: CompareOptions): Promise<ContentDiff> {
      const { userId, collection: collectionName, slug, from, to, locale } = options;
      assertItemSlug(slug);
      assertReadRef(from, 'from');
      if (to !== undefined) assertReadRef(to, 'to');
      const view = await readAt({ ...options, refs: { from, to } });
      const collection = collectionOf(view.config, collectionName, locale);
      const [before, after] = ['from', 'to'].map((key) =>
        foundItemFile({ collection, slug, blobs: view.snapshot.blobs, key }),
      );
      const path = after?.path ?? before?.path ?? itemPath(collection, slug);
      const [oldText, newText] = await Promise.all(
        [before, after].map((file) =>
          wholeText({ userId, view, blob: file?.blob, path: file?.path ?? path }),
        ),
      );
      if (oldText === undefined && newText === undefined)
        throw new NotFoundError(`Item ${collectionName}/${slug} is in neither version`);
      return {
        ...diffItem({
          collection: collectionName,
          slug,
          fieldOrder: collection.fields.map((field) => field.name),
          oldText,
          newText,
        }),
        path,
      };
    },

    /**
     * The version's bytes, saved as a save saves (writes.put: its sha guard, workflow, draft
     * branch, protected-branch fallback and unchanged check): one round trip to read the version,
     * then the save's own.
     */
    async restore(options: RestoreOptions): Promise<SaveOutcome> {
      const { userId, collection: collectionName, slug, input, locale } = options;
      assertItemSlug(slug);
      const version = input.version.toLowerCase();
      const view = await readAt({ ...options, refs: { version } });
      const collection = collectionOf(view.config, collectionName, locale);
      const found = foundItemFile({ collection, slug, blobs: view.snapshot.blobs, key: 'version' });
      const path = found?.path ?? itemPath(collection, slug);
      const text = await wholeText({ userId, view, blob: found?.blob, path });
      if (text === undefined)
        throw new NotFoundError(
          `${path} is not in version ${version.slice(0, 7)}: the item had another slug or did not exist then`,
        );
      const mode = input.mode ?? (collection.workflow?.default === 'pr' ? 'branch' : 'direct');
      return deps.writes.put({
        ...options,
        input: {
          frontmatter: {},
          body: '',
          mode,
          ...(input.sha !== undefined && { sha: input.sha }),
          ...(input.message !== undefined && { message: input.message }),
          restored: {
            text,
            summary: `Restore ${collectionName}/${slug} to ${version.slice(0, 7)}${mode === 'branch' ? ' (draft)' : ''}`,
          },
        },
      });
    },
  };
}

export type ItemVersions = ReturnType<typeof createItemVersions>;
