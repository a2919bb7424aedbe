import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaBytesProblem } from '../../../shared/media/media-checks';
import { mediaTypes } from '../../../shared/media/media-types';

/**
 * Known SVG attack payloads (with their origin, test/fixtures/svg/README.md) are all refused by the
 * rules an upload of a .svg passes; real icons and logos all pass them.
 */
const root = path.resolve(import.meta.dirname, '../../fixtures/svg');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [path.relative(root, full)];
  });
const bytesOf = (file: string) => new Uint8Array(readFileSync(path.join(root, file)));

describe('the SVG corpus', () => {
  const hostile = files(path.join(root, 'hostile'));
  const benign = files(path.join(root, 'benign'));

  it('holds the collected payloads and logos', () => {
    expect([hostile.length, benign.length]).toEqual([26, 5]);
  });

  it.each(hostile)('refuses %s', (file) => {
    expect(mediaBytesProblem(bytesOf(file), mediaTypes.svg)).toBeDefined();
  });

  it.each(benign)('accepts %s', (file) => {
    expect(mediaBytesProblem(bytesOf(file), mediaTypes.svg)).toBeUndefined();
  });
});
