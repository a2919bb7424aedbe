import type { RepoRequest } from '../repos/repo-request';
import type { ProviderAccess } from '../auth/provider-access';
import { InvalidInputError, NotFoundError } from '../errors';
import type { RepoId } from '../ports/git-host';
import type { MediaHost } from '../ports/media-host';
import { collectionOf, repoId, type RepoReader } from '../content/repo-reader';
import { mediaOf, publicPathOf } from './media-config';
import { assertRef, mediaDirectoryOf } from './media-paths';
import {
  guessContentType,
  mediaTypes,
  sniffMediaType,
  typeOfExtension,
  extensionOf,
} from './media-types';
import {
  maxInlineReadBytes,
  type MediaResponseHeaders,
  type UploadStaging,
} from '../ports/upload-staging';

export interface MediaLibraryDeps {
  reader: RepoReader;
  mediaHost: Pick<MediaHost, 'readBlob'>;
  providerAccess: Pick<ProviderAccess, 'withToken'>;
  staging: Pick<UploadStaging, 'readUrl'>;
}

export interface ListInput {
  collection?: string;
  ref?: string;
  cursor?: string;
  limit: number;
}

/** A media read: the bytes inline, a redirect to a signed URL (large files), or "not modified". */
export type MediaRead =
  | { kind: 'inline'; bytes: Uint8Array; etag: string; headers: MediaResponseHeaders }
  | { kind: 'redirect'; url: string; etag: string }
  | { kind: 'not-modified'; etag: string };

const encodeCursor = (name: string) => Buffer.from(name, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const name = Buffer.from(cursor, 'base64url').toString('utf8');
  if (name === '' || encodeCursor(name) !== cursor)
    throw new InvalidInputError('cursor: not a cursor this list gave (send nextCursor as it came)');
  return name;
}

/** Read answers are private to the caller and short-lived; the ETag (the blob sha) makes revalidation cheap. */
export const mediaCacheControl = 'private, max-age=300';

/** Raster images, PDF and video inline; SVG and anything else only as an attachment. */
export function responseHeadersOf(
  contentType: string,
  inline: boolean,
  name: string,
): MediaResponseHeaders {
  const safeName = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    contentType,
    contentDisposition: `${inline ? 'inline' : 'attachment'}; filename="${safeName}"`,
    cacheControl: mediaCacheControl,
  };
}

export function createMediaLibrary(deps: MediaLibraryDeps) {
  return {
    /**
     * One page of a media directory's files, from one provider round trip (the config and the
     * directory's entries with their sizes). Only files directly in the directory are listed
     * (no folders, links or dot files); the type is guessed from the extension.
     */
    async list({ userId, fullName, input }: RepoRequest<ListInput>) {
      assertRef(input.ref);
      const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: (config) => {
          const media = mediaOf(config, input.collection);
          return media
            ? {
                trees: {
                  media: {
                    path: media.directory,
                    ...(input.ref ? { ref: input.ref } : {}),
                    sizes: true as const,
                  },
                },
              }
            : {};
        },
      });
      if (input.collection !== undefined) collectionOf(view.config, input.collection);
      const media = mediaOf(view.config, input.collection);
      if (!media)
        throw new NotFoundError(
          `No media directory is configured${input.collection ? ` for collection ${input.collection}` : ''}: add "media" to cms.config.json`,
        );
      const files = (view.snapshot.trees.media ?? [])
        .filter((entry) => entry.type === 'blob' && !entry.symlink && !entry.name.startsWith('.'))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .filter((entry) => after === undefined || entry.name > after);
      const page = files.slice(0, input.limit);
      return {
        directory: media.directory,
        publicPath: media.publicPath,
        files: page.map((entry) => ({
          name: entry.name,
          path: `${media.directory}/${entry.name}`,
          publicPath: publicPathOf(media, entry.name),
          size: entry.size ?? 0,
          type: guessContentType(entry.name),
          sha: entry.oid,
        })),
        nextCursor: files.length > page.length ? encodeCursor(page[page.length - 1]!.name) : null,
      };
    },

    /**
     * A media file's bytes with the caller's access: one round trip locates it (the provider
     * refuses a repository the caller cannot see), one reads the blob. `If-None-Match` with the
     * current sha answers "not modified" without reading it. Files over the inline limit are
     * staged once per blob and answered with a short-lived signed URL; their type then comes from
     * the extension (the bytes are not read again), served inline only for raster images, PDF and
     * video, an attachment otherwise.
     */
    async read({
      userId,
      fullName,
      input,
    }: RepoRequest<{ path: string; ref?: string; ifNoneMatch?: string }>): Promise<MediaRead> {
      assertRef(input.ref);
      const view = await deps.reader.read({
        userId,
        fullName,
        wants: () => ({
          blobs: { file: { path: input.path, ...(input.ref ? { ref: input.ref } : {}) } },
        }),
      });
      mediaDirectoryOf(view.config, input.path);
      const file = view.snapshot.blobs.file;
      if (!file || file.symlink)
        throw new NotFoundError(`${input.path} not found${input.ref ? ` on ${input.ref}` : ''}`);
      const etag = `"${file.oid}"`;
      if (
        input.ifNoneMatch !== undefined &&
        input.ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
      )
        return { kind: 'not-modified', etag };
      const repo = repoId(view.connection.fullName);
      const name = input.path.slice(input.path.lastIndexOf('/') + 1);
      const readBytes = () =>
        deps.providerAccess.withToken(userId, (token) =>
          deps.mediaHost.readBlob(token, repo, file.oid),
        );
      if (file.byteSize > maxInlineReadBytes) {
        const byName = typeOfExtension(extensionOf(name));
        const headers = responseHeadersOf(
          byName?.contentType ?? 'application/octet-stream',
          byName?.inline ?? false,
          name,
        );
        const url = await deps.staging.readUrl({
          key: stagingKey(repo, file.oid),
          bytes: readBytes,
          headers,
        });
        return { kind: 'redirect', url, etag };
      }
      const bytes = await readBytes();
      const sniffed = sniffMediaType(bytes);
      const type = sniffed ? mediaTypes[sniffed] : undefined;
      return {
        kind: 'inline',
        bytes,
        etag,
        headers: responseHeadersOf(
          type?.contentType ?? 'application/octet-stream',
          type?.inline ?? false,
          name,
        ),
      };
    },
  };
}

/** The staged copy of a blob: one per repository and blob sha. */
const stagingKey = (repo: RepoId, oid: string) =>
  `${repo.owner.toLowerCase()}/${repo.name.toLowerCase()}/${oid}`;

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
