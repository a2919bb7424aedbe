import type { BlobRead } from '../ports/pull-host';
import { mediaBytesProblem } from '../media/media-checks';
import { uploadLimitWords } from '../media/media-schemas';
import { extensionOf, typeOfExtension } from '../media/media-types';
import { maxUploadBytes } from '../ports/upload-staging';

/**
 * What a file a draft keeps must be, read at its head: what the CMS itself writes. A regular file
 * (100644; 100755 only where the file already was so on the default branch), never a symbolic link
 * or a submodule; and a media file passes the rules of uploads: an accepted extension, at most the
 * upload limit, bytes of the type the extension names, an SVG that is plain drawing.
 */

const symlinkMode = '120000';
const regularMode = '100644';
const executableMode = '100755';

/** Why the file at the head is not a regular file; `base`: the same file on the default branch. */
export function modeProblem(head: BlobRead | undefined, base?: BlobRead): string | undefined {
  if (!head || head.kind === 'absent') return 'not a file at the head';
  if (head.mode === regularMode) return undefined;
  if (head.mode === executableMode)
    return base && base.kind !== 'absent' && base.mode === executableMode
      ? undefined
      : 'executable (mode 100755), as it is not on the default branch';
  if (head.mode === symlinkMode) return 'a symbolic link';
  return head.mode ? `mode ${head.mode}` : 'its mode could not be read';
}

/**
 * Why a bundle file a rename draft moved is not what the CMS writes: the CMS moves it as it is, so
 * it must be the same blob with the same mode as `previousPath` on the default branch.
 */
export function movedProblem(
  head: BlobRead | undefined,
  base: BlobRead | undefined,
  previousPath: string,
): string | undefined {
  if (!head || head.kind === 'absent') return 'not a file at the head';
  if (!base || base.kind === 'absent') return `${previousPath} is not on the default branch`;
  return head.oid === base.oid && head.mode === base.mode
    ? undefined
    : `not moved as it is from ${previousPath}`;
}

/** A regular file whose text may be read as the item (for its references). */
export const isRegularText = (read: BlobRead | undefined): read is BlobRead & { kind: 'text' } =>
  read?.kind === 'text' && (read.mode === regularMode || read.mode === executableMode);

/** Why a media file cannot be the draft's, told from its name and size before its bytes are read. */
export function mediaNameProblem(path: string, byteSize: number): string | undefined {
  const extension = extensionOf(path);
  if (!typeOfExtension(extension))
    return extension
      ? `".${extension}" is not an accepted media type`
      : 'no extension of an accepted media type';
  if (byteSize > maxUploadBytes) return `over the ${uploadLimitWords} limit of an upload`;
  return undefined;
}

/** Why a media file's bytes cannot be the draft's (the upload rules, media-checks.ts). */
export function mediaContentProblem(path: string, bytes: Uint8Array): string | undefined {
  const expected = typeOfExtension(extensionOf(path));
  if (!expected) return mediaNameProblem(path, bytes.length);
  const problem = mediaBytesProblem(bytes, expected);
  if (problem?.kind === 'unknown-type') return 'its bytes are of no accepted media type';
  if (problem?.kind === 'type-mismatch')
    return `its bytes are ${problem.actual.contentType}, not what its extension names`;
  if (problem?.kind === 'svg') return `an SVG holding ${problem.detail}`;
  return undefined;
}
