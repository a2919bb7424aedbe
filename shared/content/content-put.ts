import type { ProviderAccess } from '../auth/provider-access';
import type { Actor } from '../auth/actor';
import type { GitHost } from '../ports/git-host';
import type { PullHost } from '../ports/pull-host';
import { InvalidInputError, ConflictError, OverlapError } from '../errors';
import { assertFrontmatterInputSize } from './frontmatter-limits';
import type { Frontmatter } from './frontmatter';
import { parsedOfText, type ParsedCache } from './parsed-file';
import { repoId, type RepoReader } from './repo-reader';
import { itemPath, patternOfPath } from './item-path';
import { newItemPattern } from './item-files';
import { readItemForWrite } from './item-write-read';
import type { ItemRef } from './item-ref';
import { assertSlug } from './slug';
import { assertItemSlug, isEncodedSlug } from './slug-encoding';
import type { PutContentResult, SaveMode } from './schemas';
import { sayFailedWrite } from './save-errors';
import { commitMessage, serializeChecked } from './save-text';
import { otherLocalesWanted } from './i18n/shared-fields';
import { commitWithShared, sharedOfSave, sharedSummary } from './i18n/shared-save';

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
  /** A change set's name: the save goes to its branch `cms/_sets/{name}` (set-target.ts). */
  set?: string;
  /**
   * A translated item: write the shared fields' values of this save into the item's other
   * locales' files too, in the same commit (i18n/shared-fields.ts).
   */
  applyShared?: boolean;
}

/** Saves `input` as an item's file. */
export interface PutItemOptions extends Actor, ItemRef {
  input: PutInput;
}

/**
 * A save's answer with the commit it made (absent when `unchanged`). The commit is for callers
 * inside the service (a schedule records it); the routes answer the spec's shape without it.
 */
export type SaveOutcome = PutContentResult & { commit?: string };

export interface PutDeps {
  reader: RepoReader;
  gitHost: Pick<GitHost, 'putFile' | 'readBlobs'>;
  pullHost: Pick<PullHost, 'createBranch' | 'listOpenPulls' | 'commitTree'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  cache: ParsedCache;
}

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
export async function putItem(
  deps: PutDeps,
  { userId, login, fullName, collection: collectionName, slug, locale, input }: PutItemOptions,
): Promise<SaveOutcome> {
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
  const { set } = input;
  const mode = set === undefined ? (input.mode ?? 'direct') : 'branch';
  const { view, collection, draft, branchExists, found, assertSetRules } = await readItemForWrite(
    deps,
    {
      userId,
      fullName,
      collection: collectionName,
      slug,
      ...(locale !== undefined && { locale }),
      mode,
      set,
      // The other locales' files ride on the same read; their heads' trees when they may be written.
      also: (config, draft) => ({
        ...otherLocalesWanted({ config, name: collectionName, locale, slug, draft }),
        ...(input.applyShared === true && { headTrees: true as const }),
      }),
    },
  );
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
  const text = input.restored?.text ?? serializeChecked({ collection, input, original, isCreate });
  const shared = await sharedOfSave(deps, {
    userId,
    view,
    collection,
    name: collectionName,
    locale,
    slug,
    onDraft: branchExists,
    original,
    text,
    apply: input.applyShared === true,
  });
  const sharedAnswer = {
    ...(shared.report.length > 0 && { sharedChanges: shared.report }),
    ...(shared.applied.length > 0 && { sharedApplied: shared.applied }),
  };
  if (current && text === original && shared.writes.length === 0) {
    return {
      sha: current.oid,
      path,
      unchanged: true,
      ...(branchExists ? { branch: draft } : {}),
    };
  }
  await assertSetRules();
  if (mode === 'branch' && !branchExists) {
    const from = view.snapshot.defaultBranchOid;
    if (!from) throw new ConflictError('The default branch has no commits yet');
    await deps.providerAccess.withToken(userId, (token) =>
      deps.pullHost.createBranch(token, repo, draft, from),
    );
  }
  const message = commitMessage({
    written: input.message,
    generated:
      input.restored?.summary ??
      `${isCreate ? 'Create' : 'Update'} ${collectionName}/${slug}${sharedSummary(locale, shared)}${set !== undefined ? ` (change set ${set})` : mode === 'branch' ? ' (draft)' : ''}`,
    login,
  });
  const failed = (error: unknown) =>
    sayFailedWrite({ error, collectionName, slug, collection, draft, branchExists });
  const written =
    shared.writes.length === 0
      ? await deps.providerAccess
          .withToken(userId, (token) =>
            deps.gitHost.putFile(token, repo, {
              path,
              content: text,
              ...(input.sha ? { sha: input.sha } : {}),
              ...(mode === 'branch' ? { branch: draft } : {}),
              message,
            }),
          )
          .catch(failed)
      : await commitWithShared(deps, {
          userId,
          view,
          repo,
          branch: mode === 'branch' ? draft : undefined,
          onDraft: branchExists,
          changes: [...(text === original ? [] : [{ path, content: text }]), ...shared.writes],
          message,
          text,
        }).catch((error: unknown) =>
          error instanceof OverlapError
            ? failed(
                new ConflictError(
                  `${error.paths.join(', ')} ${error.paths.length > 1 ? 'were' : 'was'} modified externally while saving; nothing was saved: reload ${collectionName}/${slug} and save again`,
                  { cause: error },
                ),
              )
            : failed(error),
        );
  // A restored version is written as it was, so its parse may carry a problem: parsedOfText says which.
  await deps.cache.putMany(new Map([[written.sha, parsedOfText(text)]]));
  return {
    sha: written.sha,
    path,
    commit: written.commitSha,
    ...(mode === 'branch' ? { branch: draft } : {}),
    ...sharedAnswer,
  };
}
