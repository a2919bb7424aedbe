import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost } from '../githost/git-host';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import type { CollectionConfig } from './config-schema';
import { parseMarkdown, serializeMarkdown, type Frontmatter } from './frontmatter';
import type { ParsedCache } from './parsed-cache';
import { collectionOf, repoId, type RepoReader } from './repo-reader';
import { assertSlug, itemPath } from './slug';
import { validateFrontmatter } from './validate-frontmatter';

export type SaveMode = 'direct' | 'branch';

export interface PutInput {
  frontmatter: Frontmatter;
  body: string;
  sha?: string;
  mode?: SaveMode;
}

export interface ContentWritesDeps {
  reader: RepoReader;
  gitHost: Pick<GitHost, 'putFile' | 'deleteFile' | 'readBlobs'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  cache: ParsedCache;
}

/** A locked collection takes only its own mode; an unlocked one takes either. */
export function assertModeAllowed(collectionName: string, collection: CollectionConfig, mode: SaveMode): void {
  const workflow = collection.workflow;
  if (!workflow?.locked) return;
  const allowed: SaveMode = workflow.default === 'pr' ? 'branch' : 'direct';
  if (mode !== allowed) {
    throw new BadRequestError(`mode: collection ${collectionName} is locked to ${workflow.default === 'pr' ? 'draft branches and pull requests' : 'direct commits'}; send mode "${allowed}"`);
  }
}

export function createContentWrites(deps: ContentWritesDeps) {
  return {
    /**
     * One round trip reads the config and the current file, one writes. The sha check is
     * GitHub's own compare-and-swap on the Contents API; the early check here only saves a write
     * that would fail anyway.
     */
    async put(userId: string, login: string, fullName: string, collectionName: string, slug: string, input: PutInput) {
      assertSlug(slug);
      const mode = input.mode ?? 'direct';
      const view = await deps.reader.read(userId, fullName, (config) => {
        const collection = Object.hasOwn(config.collections, collectionName) ? config.collections[collectionName] : undefined;
        return collection ? { blobs: { file: { path: itemPath(collection, slug) } } } : {};
      });
      const collection = collectionOf(view.config, collectionName);
      assertModeAllowed(collectionName, collection, mode);
      if (mode === 'branch') throw new BadRequestError('mode: "branch" is not available yet; send mode "direct"');
      const path = itemPath(collection, slug);
      const current = view.snapshot.blobs.file;
      const isCreate = input.sha === undefined;
      if (isCreate && current) throw new ConflictError(`${path} already exists; fetch it and send its sha to update it`);
      if (!isCreate && !current) throw new ConflictError(`${path} was deleted externally; create it again without a sha`);
      if (!isCreate && current && current.oid !== input.sha) throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`);
      const frontmatter = validateFrontmatter(collection.fields, input.frontmatter, { isCreate });
      const repo = repoId(view.connection.fullName);
      let original: string | undefined;
      if (current) {
        if (current.text === null) throw new BadRequestError(`${path} is not a text file`);
        original = current.isTruncated
          ? (await deps.providerAccess.withToken(userId, (token) => deps.gitHost.readBlobs(token, repo, [current.oid]))).get(current.oid)
          : current.text;
        if (original === undefined) throw new ConflictError(`${path} could not be read whole; try again`);
      }
      const text = serializeTolerant(original, frontmatter, input.body);
      const written = await deps.providerAccess.withToken(userId, (token) =>
        deps.gitHost.putFile(token, repo, {
          path,
          content: text,
          ...(input.sha ? { sha: input.sha } : {}),
          message: `${isCreate ? 'Create' : 'Update'} ${collectionName}/${slug}\n\nSaved in the CMS by @${login}.`,
        }),
      );
      await deps.cache.putMany(new Map([[written.sha, parseMarkdown(text).frontmatter]]));
      return { sha: written.sha, path };
    },

    /** One round trip for the config, one for the delete (guarded by `sha` at GitHub). */
    async delete(userId: string, login: string, fullName: string, collectionName: string, slug: string, sha: string) {
      assertSlug(slug);
      const view = await deps.reader.read(userId, fullName, () => ({}));
      const collection = collectionOf(view.config, collectionName);
      const path = itemPath(collection, slug);
      try {
        await deps.providerAccess.withToken(userId, (token) =>
          deps.gitHost.deleteFile(token, repoId(view.connection.fullName), { path, sha, message: `Delete ${collectionName}/${slug}\n\nDeleted in the CMS by @${login}.` }),
        );
      } catch (error) {
        if (error instanceof NotFoundError) throw new NotFoundError(`Item ${collectionName}/${slug} not found`, { cause: error });
        throw error;
      }
    },
  };
}

/** A file whose frontmatter does not parse is replaced whole rather than refused: the editor sent every field. */
function serializeTolerant(original: string | undefined, frontmatter: Frontmatter, body: string): string {
  if (original === undefined) return serializeMarkdown(undefined, frontmatter, body);
  try {
    return serializeMarkdown(original, frontmatter, body);
  } catch (error) {
    if ((error as Error).name !== 'FrontmatterError') throw error;
    return serializeMarkdown(undefined, frontmatter, body);
  }
}

export type ContentWrites = ReturnType<typeof createContentWrites>;
