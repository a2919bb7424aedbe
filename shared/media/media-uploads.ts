import type { RepoRequest, RepoWrite } from '../repos/repo-request';
import type { ProviderAccess } from '../auth/provider-access';
import { ConflictError, GoneError, InvalidInputError, sayOverlap, TooLargeError } from '../errors';
import type { MediaHost } from '../ports/media-host';
import { onTree, type PullHost } from '../ports/pull-host';
import { draftBranchName } from '../content/draft-branch';
import { setBranchName } from '../content/set-branch';
import { assertSetRules } from '../content/set-rules-check';
import { assertSetExists } from '../content/set-target';
import { collectionOf, repoId, type RepoReader } from '../content/repo-reader';
import { mediaDirectories, mediaOf, publicPathOf } from './media-config';
import { mediaName } from './media-names';
import { mediaBytesProblem } from './media-checks';
import { maxUploadBytes, type UploadStaging } from '../ports/upload-staging';
import { uploadLimitWords } from './media-schemas';

export interface MediaUploadsDeps {
  reader: RepoReader;
  mediaHost: Pick<MediaHost, 'createBlob'>;
  pullHost: Pick<PullHost, 'createBranch' | 'commitTree' | 'listOpenPulls'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  staging: Pick<UploadStaging, 'begin' | 'take' | 'discard'>;
}

export interface CommitInput {
  uploadId: string;
  name: string;
  collection?: string;
  draft?: { collection: string; slug: string };
  /** A change set's name: the commit goes to its branch `cms/_sets/{name}`, which must exist. */
  set?: string;
  replace?: { sha: string };
}

export function createMediaUploads(deps: MediaUploadsDeps) {
  return {
    /**
     * A signed place for the bytes. The name and size are checked first (nothing is staged for an
     * upload that the commit would refuse by its name), and one round trip checks the caller
     * reaches the repository, that it has a media directory and that the change set `set`, if
     * named, exists (its commit checks the set in full).
     */
    async begin({
      userId,
      fullName,
      input,
    }: RepoRequest<{ name: string; size: number; contentType: string; set?: string }>) {
      mediaName(input.name);
      if (input.size < 1) throw new InvalidInputError('size: an upload must have at least 1 byte');
      if (input.size > maxUploadBytes)
        throw new TooLargeError(
          `size: ${input.size} bytes is over the ${uploadLimitWords} limit for one upload (${maxUploadBytes} bytes)`,
        );
      const { set } = input;
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: () => (set === undefined ? {} : { branches: { set: setBranchName(set) } }),
      });
      if (mediaDirectories(view.config).length === 0)
        throw new InvalidInputError(
          `${fullName} has no media directory: add "media": {"directory", "publicPath"} to cms.config.json`,
        );
      if (set !== undefined) assertSetExists(view.snapshot.branches.set, { fullName, set });
      const ticket = await deps.staging.begin({
        userId,
        size: input.size,
        contentType: input.contentType,
      });
      return { ...ticket, maxBytes: maxUploadBytes };
    },

    /**
     * Commits a staged upload as one commit: the blob (one round trip) and a tree entry by oid
     * (commitTree), after one round trip that reads the config, the media directory and the
     * draft branch. The type comes from the bytes and must match the name's extension; an
     * existing name is never overwritten unless `replace.sha` is its current sha. Bytes that are
     * refused are discarded; after a conflict they stay, so the commit can be retried. Into a change
     * set (`set`), the commit goes on its branch, which must exist and hold an open pull request
     * with room (one more round trip, before the bytes are taken); the set's rules pass the file
     * once one of its items references it (set-rules.ts).
     */
    async commit({ userId, login, fullName, input }: RepoWrite<CommitInput>) {
      const named = mediaName(input.name);
      if (
        input.draft &&
        input.collection !== undefined &&
        input.collection !== input.draft.collection
      ) {
        throw new InvalidInputError(
          "collection: must be the draft's collection when both are given",
        );
      }
      const collectionName = input.draft?.collection ?? input.collection;
      const { set } = input;
      const branch =
        set !== undefined
          ? setBranchName(set)
          : input.draft
            ? draftBranchName(input.draft.collection, input.draft.slug)
            : undefined;
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: (config) => {
          const media = mediaOf(config, collectionName);
          if (!media) return {};
          return {
            headTrees: true,
            trees: {
              media: { path: media.directory },
              ...(branch ? { draftMedia: { path: media.directory, ref: branch } } : {}),
            },
            ...(branch ? { branches: { draft: branch } } : {}),
          };
        },
      });
      if (collectionName !== undefined) collectionOf(view.config, collectionName);
      const media = mediaOf(view.config, collectionName);
      if (!media)
        throw new InvalidInputError(
          `No media directory is configured${collectionName ? ` for collection ${collectionName}` : ''}: add "media" to cms.config.json`,
        );
      if (set !== undefined) {
        assertSetExists(view.snapshot.branches.draft, { fullName, set });
        await assertSetRules(deps, { userId, view, set, items: [], branchExists: true });
      }

      const bytes = await deps.staging.take({ uploadId: input.uploadId, userId });
      if (!bytes)
        throw new GoneError(
          'uploadId: no uploaded bytes under this id (never sent, expired after a day, already committed, or issued to someone else); begin a new upload',
        );
      const refusal = bytesProblem(bytes, named);
      if (refusal) {
        await deps.staging.discard(input.uploadId);
        throw new InvalidInputError(refusal);
      }

      const draftHead = branch ? view.snapshot.branches.draft?.oid : undefined;
      const entries =
        (draftHead ? view.snapshot.trees.draftMedia : view.snapshot.trees.media) ?? [];
      const path = `${media.directory}/${named.name}`;
      const existing = entries.find((entry) => entry.name === named.name);
      if (existing && !input.replace)
        throw new ConflictError(
          `${path} exists already (sha ${existing.oid}): choose another name, or send replace.sha to replace it`,
        );
      if (existing && existing.type !== 'blob')
        throw new ConflictError(`${path} is a folder; choose another name`);
      if (input.replace && !existing)
        throw new ConflictError(
          `${path} does not exist (it was deleted or renamed): upload it without replace`,
        );
      if (input.replace && existing && existing.oid !== input.replace.sha)
        throw new ConflictError(
          `${path} changed since it was read (its sha is ${existing.oid}); reload the media library and try again`,
        );

      const head = draftHead ?? view.snapshot.defaultBranchOid;
      if (!head) throw new ConflictError('The default branch has no commits yet');
      const repo = repoId(view.connection.fullName);
      const oid = await deps.providerAccess.withToken(userId, (token) =>
        deps.mediaHost.createBlob(token, repo, bytes),
      );
      if (branch && !draftHead)
        await deps.providerAccess.withToken(userId, (token) =>
          deps.pullHost.createBranch(token, repo, branch, head),
        );
      const commit = await deps.providerAccess
        .withToken(userId, (token) =>
          deps.pullHost.commitTree(token, repo, {
            branch: branch ?? view.snapshot.defaultBranch,
            parents: [head],
            ...onTree(
              draftHead ? view.snapshot.branches.draft?.tree : view.snapshot.defaultBranchTree,
            ),
            changes: [{ path, oid, mode: '100644' }],
            message: `${existing ? 'Replace' : 'Upload'} ${path}${set !== undefined ? ` (change set ${set})` : branch ? ' (draft)' : ''}\n\nUploaded in the CMS by @${login}.`,
            force: false,
            rebuildOnMove: true,
          }),
        )
        .catch(
          sayOverlap(
            () =>
              `${path} was just ${existing ? 'changed' : 'uploaded'} by someone else: choose another name, or reload the media library to replace it`,
          ),
        );
      await deps.staging.discard(input.uploadId);
      return {
        path,
        publicPath: publicPathOf(media, named.name),
        sha: oid,
        size: bytes.length,
        contentType: named.type.contentType,
        commit,
        ...(branch ? { branch } : {}),
      };
    },
  };
}

/** Why the bytes cannot be committed under this name, or undefined when they can. */
function bytesProblem(bytes: Uint8Array, named: ReturnType<typeof mediaName>): string | undefined {
  if (bytes.length === 0) return 'The upload is empty';
  if (bytes.length > maxUploadBytes) return `The upload is over the ${uploadLimitWords} limit`;
  const problem = mediaBytesProblem(bytes, named.type);
  if (problem?.kind === 'unknown-type')
    return `The bytes are not an accepted type (PNG, JPEG, GIF, WebP, AVIF, SVG, PDF, MP4, WebM), whatever the name "${named.name}" says`;
  if (problem?.kind === 'type-mismatch') {
    return `name: ".${named.extension}" does not match the bytes, which are ${problem.actual.contentType}; name the file .${problem.actual.extensions[0]}`;
  }
  if (problem?.kind === 'svg') {
    return `The SVG holds ${problem.detail}; the site would serve it from its own origin, where a browser runs what an SVG holds and loads what it points at: remove it and upload again`;
  }
  return undefined;
}

export type MediaUploads = ReturnType<typeof createMediaUploads>;
