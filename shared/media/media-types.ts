/**
 * The media types an upload may carry, told from the bytes (magic numbers; SVG by a text sniff),
 * never from the name or the client's Content-Type. Each type has the file extensions a name of
 * that type may end with; a name whose extension says another type is refused.
 */
export interface MediaType {
  contentType: string;
  /** The extensions of this type, the preferred one first. */
  extensions: readonly string[];
  /** Raster images, PDF and video are answered inline; anything else (SVG included) as an attachment. */
  inline: boolean;
}

export const mediaTypes = {
  png: { contentType: 'image/png', extensions: ['png'], inline: true },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], inline: true },
  gif: { contentType: 'image/gif', extensions: ['gif'], inline: true },
  webp: { contentType: 'image/webp', extensions: ['webp'], inline: true },
  avif: { contentType: 'image/avif', extensions: ['avif'], inline: true },
  svg: { contentType: 'image/svg+xml', extensions: ['svg'], inline: false },
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], inline: true },
  mp4: { contentType: 'video/mp4', extensions: ['mp4', 'm4v'], inline: true },
  webm: { contentType: 'video/webm', extensions: ['webm'], inline: true },
} as const satisfies Record<string, MediaType>;

export type MediaTypeName = keyof typeof mediaTypes;

/** Every accepted extension, for messages: `png, jpg, jpeg, …`. */
export const acceptedExtensions = Object.values(mediaTypes).flatMap((type) => type.extensions);

/** The type an extension (lower case, no dot) names, if accepted. */
export function typeOfExtension(extension: string): MediaType | undefined {
  return Object.values(mediaTypes).find((type) =>
    (type.extensions as readonly string[]).includes(extension),
  );
}

/** The type a path's extension suggests, for listings (no bytes read): octet-stream when unknown. */
export const guessContentType = (path: string): string =>
  typeOfExtension(extensionOf(path))?.contentType ?? 'application/octet-stream';

export const extensionOf = (name: string): string => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
};

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, n) => bytes[n] === byte);

/** ISO base media files (MP4, AVIF): the `ftyp` box's major and compatible brands. */
function ftypBrands(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(
    ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
    bytes.length,
    256,
  );
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

const mp4Brands = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'mmp4',
]);

/** The media type of `bytes`, or undefined when they are none of the accepted types. */
export function sniffMediaType(bytes: Uint8Array): MediaTypeName | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  const brands = ftypBrands(bytes);
  if (brands?.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
  if (brands?.some((brand) => mp4Brands.has(brand))) return 'mp4';
  // EBML header whose DocType is "webm" (Matroska files in general are not accepted).
  if (
    startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) &&
    ascii(bytes, 0, Math.min(bytes.length, 64)).includes('webm')
  )
    return 'webm';
  if (isSvg(bytes)) return 'svg';
  return undefined;
}

/**
 * The first bytes decode as UTF-8 text whose root element is `<svg` (after an XML declaration,
 * comments and a doctype). A sniff only: whether the SVG may be served is svg-check.ts's to say.
 */
function isSvg(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    // A decoder of its own: in streaming mode a decoder keeps a character cut at the 4,096th byte
    // for its next call, which would then start with it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(0, Math.min(bytes.length, 4096)),
      { stream: true },
    );
  } catch {
    return false;
  }
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    const trimmed = rest.trimStart();
    const skipped = trimmed
      .replace(/^<\?xml[\s\S]*?\?>/, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      .replace(/^<!DOCTYPE\s+svg(?:[^>[]*\[[\s\S]*?\])?[^>]*>/i, '');
    if (skipped === trimmed) return /^<svg[\s>]/.test(trimmed);
    rest = skipped;
  }
}
