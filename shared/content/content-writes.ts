import type { Actor } from '../auth/actor';
import type { ProviderAccess } from '../auth/provider-access';
import type { GitHost, SnapshotRequest } from '../ports/git-host';
import type { PullHost } from '../ports/pull-host';
import {
  ProtectedBranchError,
  InvalidInputError,
  ConflictError,
  NotFoundError,
  OverlapError,
} from '../errors';
import type { CollectionConfig } from './config-schema';
import { draftBranchName } from './draft-branch';
import { splitMarkdown } from './frontmatter-block';
import { FrontmatterError, readMarkdown, serializeMarkdown, type Frontmatter } from './frontmatter';
import { assertFrontmatterInputSize } from './frontmatter-limits';
import { parsedOfText, type ParsedCache } from './parsed-file';
import { collectionOf, repoId, type RepoReader } from './repo-reader';
import { itemPath, patternOfPath } from './item-path';
import { foundItemFile, itemFilesWanted, newItemPattern } from './item-files';
import type { ItemRef } from './item-ref';
import { assertSlug } from './slug';
import { assertItemSlug, isEncodedSlug } from './slug-encoding';
import type { PutContentResult, SaveMode } from './schemas';
import { keepEquivalentValues } from './typed-values';
import { validateFrontmatter } from './validate-frontmatter';

export interface PutInput {
  frontmatter: Frontmatter;
  body: string;
  sha?: string;
  mode?: SaveMode;
  /** The person's own commit message; blank or absent: the generated one. */
  message?: string;
  /**
   * An earlier version's exact bytes to write instead of `frontmatter` and `body` (a restore):
   * not checked against today's fields, since the repository held them; `summary` is the
   * generated message's summary line.
   */
  restored?: { text: string; summary: string };
  /** A new item's pattern, one of its collection's; the first when absent. */
  path?: string;
}

/** Saves `input` as an item's file. */
export interface PutItemOptions extends Actor, ItemRef {
  input: PutInput;
}

/** Deletes an item whose file is still at `sha`, on the default branch or on its draft branch. */
export interface DeleteItemOptions extends Actor, ItemRef {
  sha: string;
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
export function assertModeAllowed(
  collectionName: string,
  collection: CollectionConfig,
  mode: SaveMode,
): void {
  const workflow = collection.workflow;
  if (!workflow?.locked) return;
  const allowed: SaveMode = workflow.default === 'pr' ? 'branch' : 'direct';
  if (mode !== allowed) {
    throw new InvalidInputError(
      `mode: collection ${collectionName} is locked to ${workflow.default === 'pr' ? 'draft branches and pull requests' : 'direct commits'}; send mode "${allowed}"`,
    );
  }
}

/**
 * A save's answer with the commit it made (absent when `unchanged`). The commit is for callers
 * inside the service (a schedule records it); the routes answer the spec's shape without it.
 */
export type SaveOutcome = PutContentResult & { commit?: string };

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
     *
     * A save that would write the bytes already there makes no commit (and creates no branch): it
     * answers the current sha with `unchanged: true`. Symbolic links are never written.
     */
    async put(options: PutItemOptions): Promise<SaveOutcome> {
      const { input } = options;
      try {
        return await putIn(options);
      } catch (error) {
        // The default branch is kept to pull requests (protection or a ruleset): a direct save
        // becomes a draft, as a `pr` collection's would, unless the collection is locked to direct
        // commits. One more round trip than a direct save, only when GitHub refused it.
        if (
          !(error instanceof ProtectedBranchError) ||
          !error.draftPossible ||
          (input.mode ?? 'direct') !== 'direct'
        )
          throw error;
        return {
          ...(await putIn({ ...options, input: { ...input, mode: 'branch' } })),
          protectedBranch: true,
        };
      }
    },

    /**
     * One round trip for the config and the file, one for the delete (guarded by `sha` at
     * GitHub). A collection locked to drafts takes `mode: branch`: the deletion is committed on
     * the draft branch (created from the default branch when missing, one more round trip) and
     * published by merging its pull request, like any other draft. Symbolic links are not deleted.
     */
    async delete({
      userId,
      login,
      fullName,
      collection: collectionName,
      slug,
      sha,
      mode = 'direct',
    }: DeleteItemOptions) {
      assertItemSlug(slug);
      const draft = draftBranchName(collectionName, slug);
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: (config): SnapshotRequest => {
          const collection = Object.hasOwn(config.collections, collectionName)
            ? config.collections[collectionName]
            : undefined;
          if (!collection) return {};
          return itemFilesWanted(collection, slug, mode === 'direct' ? undefined : draft);
        },
      });
      const collection = collectionOf(view.config, collectionName);
      assertModeAllowed(collectionName, collection, mode);
      const branchExists = mode === 'branch' && view.snapshot.branches.draft != null;
      const found = foundItemFile({
        collection,
        slug,
        blobs: view.snapshot.blobs,
        key: branchExists ? 'draftFile' : 'file',
      });
      if (!found)
        throw new NotFoundError(
          `Item ${collectionName}/${slug} not found${branchExists ? ` on ${draft}` : ''}`,
        );
      const { path, blob: current } = found;
      if (current.symlink)
        throw new InvalidInputError(
          `${path} is a symbolic link; the service does not write through or over links`,
        );
      if (current.oid !== sha)
        throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`);
      const repo = repoId(view.connection.fullName);
      if (mode === 'branch' && !branchExists) {
        const from = view.snapshot.defaultBranchOid;
        if (!from) throw new ConflictError('The default branch has no commits yet');
        await deps.providerAccess.withToken(userId, (token) =>
          deps.pullHost.createBranch(token, repo, draft, from),
        );
      }
      let deleted: { commitSha: string };
      try {
        deleted = await deps.providerAccess.withToken(userId, (token) =>
          deps.gitHost.deleteFile(token, repo, {
            path,
            sha,
            ...(mode === 'branch' ? { branch: draft } : {}),
            message: `Delete ${collectionName}/${slug}${mode === 'branch' ? ' (draft)' : ''}\n\nDeleted in the CMS by @${login}.`,
          }),
        );
      } catch (error) {
        if (error instanceof NotFoundError)
          throw new NotFoundError(`Item ${collectionName}/${slug} not found`, { cause: error });
        throw error;
      }
      // `commit` is for callers inside the service (a schedule records it); the route answers without it.
      return {
        ok: true as const,
        commit: deleted.commitSha,
        ...(mode === 'branch' ? { branch: draft } : {}),
      };
    },
  };

  async function putIn({
    userId,
    login,
    fullName,
    collection: collectionName,
    slug,
    input,
  }: PutItemOptions): Promise<SaveOutcome> {
    // New items need a strict slug; an encoded slug names a file that is already there.
    if (input.sha === undefined && isEncodedSlug(slug)) {
      throw new InvalidInputError(
        `slug: ${slug} is the encoded name of an existing file; a new item needs a slug of lowercase letters a-z, digits, ".", "_" and "-", starting with a letter or digit`,
      );
    }
    if (input.sha === undefined) assertSlug(slug);
    else assertItemSlug(slug);
    // Before any round trip: an oversized save costs nothing but this check.
    assertFrontmatterInputSize(input.frontmatter);
    const mode = input.mode ?? 'direct';
    const draft = draftBranchName(collectionName, slug);
    const view = await deps.reader.read({
      userId,
      fullName,
      wants: (config): SnapshotRequest => {
        const collection = Object.hasOwn(config.collections, collectionName)
          ? config.collections[collectionName]
          : undefined;
        if (!collection) return {};
        return itemFilesWanted(collection, slug, mode === 'direct' ? undefined : draft);
      },
    });
    const collection = collectionOf(view.config, collectionName);
    assertModeAllowed(collectionName, collection, mode);
    const branchExists = mode === 'branch' && view.snapshot.branches.draft != null;
    const found = foundItemFile({
      collection,
      slug,
      blobs: view.snapshot.blobs,
      key: branchExists ? 'draftFile' : 'file',
    });
    const current = found?.blob;
    const isCreate = input.sha === undefined;
    const path = found?.path ?? itemPath(collection, slug, newItemPattern(collection, input.path));
    if (isCreate && current)
      throw new ConflictError(`${path} already exists; fetch it and send its sha to update it`);
    if (!isCreate && !current)
      throw new ConflictError(`${path} was deleted externally; create it again without a sha`);
    if (!isCreate && current && current.oid !== input.sha)
      throw new ConflictError(`${path} was modified externally; fetch the latest sha and retry`);
    if (
      !isCreate &&
      found &&
      input.path !== undefined &&
      patternOfPath(collection, found.path) !== input.path
    )
      throw new InvalidInputError(
        `path: ${found.path} is "${patternOfPath(collection, found.path)}"; an existing item keeps its file (leave "path" out)`,
      );
    if (current?.symlink)
      throw new InvalidInputError(
        `${path} is a symbolic link; the service does not write through or over links`,
      );
    const repo = repoId(view.connection.fullName);
    let original: string | undefined;
    if (current) {
      if (current.text === null) throw new InvalidInputError(`${path} is not a text file`);
      original = current.isTruncated
        ? (
            await deps.providerAccess.withToken(userId, (token) =>
              deps.gitHost.readBlobs(token, repo, [current.oid]),
            )
          ).get(current.oid)
        : current.text;
      if (original === undefined)
        throw new ConflictError(`${path} could not be read whole; try again`);
    }
    const text =
      input.restored?.text ?? serializeChecked({ collection, input, original, isCreate });
    if (current && text === original) {
      return {
        sha: current.oid,
        path,
        unchanged: true,
        ...(branchExists ? { branch: draft } : {}),
      };
    }
    if (mode === 'branch' && !branchExists) {
      const from = view.snapshot.defaultBranchOid;
      if (!from) throw new ConflictError('The default branch has no commits yet');
      await deps.providerAccess.withToken(userId, (token) =>
        deps.pullHost.createBranch(token, repo, draft, from),
      );
    }
    const written = await deps.providerAccess
      .withToken(userId, (token) =>
        deps.gitHost.putFile(token, repo, {
          path,
          content: text,
          ...(input.sha ? { sha: input.sha } : {}),
          ...(mode === 'branch' ? { branch: draft } : {}),
          message: commitMessage({
            written: input.message,
            generated:
              input.restored?.summary ??
              `${isCreate ? 'Create' : 'Update'} ${collectionName}/${slug}${mode === 'branch' ? ' (draft)' : ''}`,
            login,
          }),
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof OverlapError) {
          throw new ConflictError(
            `${collectionName}/${slug} was just created by someone else: the slug is taken now; choose another slug, or open that item to edit it`,
            { cause: error },
          );
        }
        // The draft branch read a moment ago is gone: its draft was published or closed meanwhile.
        if (error instanceof NotFoundError && branchExists) {
          throw new ConflictError(
            `The draft ${draft} was published or closed while this was being saved; nothing was saved: reload ${collectionName}/${slug} and save again`,
            { cause: error },
          );
        }
        // A collection locked to direct commits cannot fall back to a draft: say so, and no retry.
        if (
          error instanceof ProtectedBranchError &&
          collection.workflow?.locked &&
          collection.workflow.default !== 'pr'
        ) {
          throw new ProtectedBranchError(
            `${error.message.replace(/ \(save a draft and publish it instead\)$/, '')}; collection ${collectionName} is locked to direct commits, so it cannot be saved as a draft`,
            { cause: error, draftPossible: false },
          );
        }
        throw error;
      });
    // A restored version is written as it was, so its parse may carry a problem: parsedOfText says which.
    await deps.cache.putMany(new Map([[written.sha, parsedOfText(text)]]));
    return {
      sha: written.sha,
      path,
      commit: written.commitSha,
      ...(mode === 'branch' ? { branch: draft } : {}),
    };
  }
}

/**
 * The commit's message: the person's own (lines' trailing spaces and blank lines at either end
 * trimmed, as git's cleanup does) or the generated summary, then who saved it, so `git log` and
 * GitHub's history always name the CMS user behind the App's or the user's token.
 */
function commitMessage({
  written,
  generated,
  login,
}: {
  written: string | undefined;
  generated: string;
  login: string;
}): string {
  const own = (written ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
  return `${own || generated}\n\nSaved in the CMS by @${login}.`;
}

/** The file a save writes: the sent fields checked (what the file says now: unchanged values are not re-validated and keep their spelling), then rendered into it. */
function serializeChecked({
  collection,
  input,
  original,
  isCreate,
}: {
  collection: CollectionConfig;
  input: PutInput;
  original: string | undefined;
  isCreate: boolean;
}): string {
  const before = original === undefined ? {} : readMarkdown(original).frontmatter;
  const checked = validateFrontmatter(collection.fields, input.frontmatter, {
    isCreate,
    original: before,
  });
  const frontmatter = keepEquivalentValues(collection.fields, before, checked);
  return serializeTolerant({
    original,
    frontmatter,
    body: input.body,
    newFormat: collection.format,
  });
}

/**
 * A file whose frontmatter is invalid YAML has its block replaced rather than refused: the editor
 * sent every field. Invalid TOML or JSON, or a block over the limits, is never rewritten (400):
 * replacing it would change the file's format.
 */
function serializeTolerant({
  original,
  frontmatter,
  body,
  newFormat,
}: {
  original: string | undefined;
  frontmatter: Frontmatter;
  body: string;
  /** The collection's format, for a new file. */
  newFormat: CollectionConfig['format'];
}): string {
  // A new file ends with a line break, as text files do (POSIX, git's "No newline at end of file").
  if (original === undefined)
    return serializeMarkdown(
      undefined,
      frontmatter,
      body === '' || body.endsWith('\n') ? body : `${body}\n`,
      { format: newFormat },
    );
  try {
    return serializeMarkdown(original, frontmatter, body);
  } catch (error) {
    if (!(error instanceof FrontmatterError) || error.kind !== 'invalid') throw error;
    if (splitMarkdown(original).frontmatter?.format !== 'yaml') throw error;
    return serializeMarkdown(undefined, frontmatter, body);
  }
}

export type ContentWrites = ReturnType<typeof createContentWrites>;
