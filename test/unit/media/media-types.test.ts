import { describe, expect, it } from 'vitest';
import { mediaName } from '../../../shared/media/media-names';
import { guessContentType, sniffMediaType } from '../../../shared/media/media-types';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    Buffer.concat(
      parts.map((part) =>
        typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
      ),
    ),
  );
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], 'mdat');
};

describe('sniffMediaType: the type from the bytes', () => {
  it.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xdb, 0])],
    ['gif', bytes('GIF89a', [1, 0])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['avif', ftyp('avif', 'mif1', 'miaf')],
    ['avif', ftyp('mif1', 'avif')],
    ['mp4', ftyp('isom', 'iso2', 'mp41')],
    [
      'webm',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
    ],
    ['pdf', bytes('%PDF-1.7\n')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    [
      'svg',
      new Uint8Array(
        Buffer.from(
          '\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
          'utf8',
        ),
      ),
    ],
    // Still an SVG to sniff (so that the SVG check can name what it refuses in it).
    [
      'svg',
      bytes('<!DOCTYPE svg [<!ENTITY a "<b>">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
    ],
  ])('tells %s', (type, data) => {
    expect(sniffMediaType(data)).toBe(type);
  });

  it.each([
    ['text', bytes('hello')],
    ['HTML', bytes('<html><svg></svg></html>')],
    ['a ZIP', bytes('PK', [3, 4])],
    ['an HEIC', ftyp('heic', 'mif1')],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f], 'matroska')],
    ['nothing', bytes()],
    ['binary with <svg', bytes('<svg', [0])],
  ])('refuses %s', (_what, data) => {
    expect(sniffMediaType(data)).toBeUndefined();
  });

  it('tells an SVG sniffed right after one whose 4,096th byte falls inside a character', () => {
    const cut = bytes(
      '<svg xmlns="http://www.w3.org/2000/svg"><title>',
      'x'.repeat(4096 - 48 - 1),
      [0xe2, 0x80, 0x93],
      '</title></svg>',
    );

    expect([
      sniffMediaType(cut),
      sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ]).toEqual(['svg', 'svg']);
  });

  it('guesses a listing type from the extension only', () => {
    expect(guessContentType('static/a.JPG')).toBe('image/jpeg');
    expect(guessContentType('static/a.txt')).toBe('application/octet-stream');
  });
});

describe('mediaName: slugged, extension kept', () => {
  it.each([
    ['My Photo.JPG', 'my-photo.jpg'],
    ['Été à Paris (1).png', 'ete-a-paris-1.png'],
    ['  spaced  .webp', 'spaced.webp'],
    ['report.final.PDF', 'report-final.pdf'],
    ['already-fine.svg', 'already-fine.svg'],
  ])('%j → %j', (given, name) => {
    expect(mediaName(given).name).toBe(name);
  });

  it('caps the base at 100 characters', () => {
    expect(mediaName(`${'a'.repeat(150)}.png`).name).toBe(`${'a'.repeat(100)}.png`);
  });
});
