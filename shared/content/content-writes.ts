import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost, SnapshotRequest } from '../githost/git-host';
import type { PullHost } from '../githost/pull-host';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import type { CollectionConfig } from './config-schema';
import { draftBranchName } from './draft-branch';
import { FrontmatterError, parseMarkdown, serializeMarkdown, type Frontmatter } from './frontmatter';
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
  pullHost: Pick<PullHost, 'createBranch'>;
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
     *
     * `mode: branch` saves to `cms/{collection}/{slug}`, created from the default branch's head
     * when missing (one more round trip). `sha` is then the branch's copy of the file, which is
     * the default branch's copy until the first draft save. Creating the branch and committing
     * are separate steps; a failure between them leaves a branch equal to the default branch,
     * which the next save simply uses.
     */
    async put(userId: string, login: string, fullName: string, collectionName: string, slug: string, input: PutInput) {
      assertSlug(slug);
      const mode = input.mode ?? 'direct';
      const draft = draftBranchName(collectionName, slug);
      const view = await deps.reader.read(userId, fullName, (config): SnapshotRequest => {
        const collection = Object.hasOwn(config.collections, collectionName) ? config.collections[collectionName] : undefined;
        if (!collection) return {};
        const path = itemPath(collection, slug);
        return mode === 'direct'
          ? { blobs: { file: { path } } }
          : { blobs: { draftFile: { path, ref: draft }, file: { path } }, branches: { draft } };
      });
      const collection = collectionOf(view.config, collectionName);
      assertModeAllowed(collectionName, collection, mode);
      const path = itemPath(collection, slug);
      const branchExists = mode === 'branch' && view.snapshot.branches.draft != null;
      const current = branchExists ? view.snapshot.blobs.draftFile : view.snapshot.blobs.file;
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
      if (mode === 'branch' && !branchExists) {
        const from = view.snapshot.defaultBranchOid;
        if (!from) throw new ConflictError('The default branch has no commits yet');
        await deps.providerAccess.withToken(userId, (token) => deps.pullHost.createBranch(token, repo, draft, from));
      }
      const written = await deps.providerAccess.withToken(userId, (token) =>
        deps.gitHost.putFile(token, repo, {
          path,
          content: text,
          ...(input.sha ? { sha: input.sha } : {}),
          ...(mode === 'branch' ? { branch: draft } : {}),
          message: `${isCreate ? 'Create' : 'Update'} ${collectionName}/${slug}${mode === 'branch' ? ' (draft)' : ''}\n\nSaved in the CMS by @${login}.`,
        }),
      );
      await deps.cache.putMany(new Map([[written.sha, parseMarkdown(text).frontmatter]]));
      return { sha: written.sha, path, ...(mode === 'branch' ? { branch: draft } : {}) };
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

/**
 * A file whose frontmatter is invalid YAML has its block replaced rather than refused: the editor
 * sent every field. A TOML or JSON block, or one over the limits, is never rewritten (400).
 */
function serializeTolerant(original: string | undefined, frontmatter: Frontmatter, body: string): string {
  if (original === undefined) return serializeMarkdown(undefined, frontmatter, body);
  try {
    return serializeMarkdown(original, frontmatter, body);
  } catch (error) {
    if (!(error instanceof FrontmatterError) || error.kind !== 'invalid') throw error;
    return serializeMarkdown(undefined, frontmatter, body);
  }
}

export type ContentWrites = ReturnType<typeof createContentWrites>;
