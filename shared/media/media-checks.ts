import { mediaTypes, sniffMediaType, type MediaType } from './media-types';
import { svgProblem } from './svg-check';

/**
 * The rules bytes must pass to be a media file of a site, the same for an upload and for a file a
 * draft adds on its branch: their type, told from the bytes, is one of the accepted types and the
 * one the name's extension says, and an SVG is plain drawing (svg-check.ts).
 */
export type MediaBytesProblem =
  | { kind: 'unknown-type' }
  | { kind: 'type-mismatch'; actual: MediaType }
  | { kind: 'svg'; detail: string };

/** Why `bytes` may not be a media file named with an extension of `expected`, or undefined. */
export function mediaBytesProblem(
  bytes: Uint8Array,
  expected: MediaType,
): MediaBytesProblem | undefined {
  const sniffed = sniffMediaType(bytes);
  if (!sniffed) return { kind: 'unknown-type' };
  const actual = mediaTypes[sniffed];
  if (actual.contentType !== expected.contentType) return { kind: 'type-mismatch', actual };
  if (sniffed === 'svg') {
    const detail = svgProblem(bytes);
    if (detail) return { kind: 'svg', detail };
  }
  return undefined;
}
