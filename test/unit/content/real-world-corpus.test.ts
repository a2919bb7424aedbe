import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitMarkdown } from '../../../shared/content/frontmatter-block';
import { checkFile, emptyCounts, type Counts } from './real-world-corpus-checks';

/**
 * Fidelity of the frontmatter reader and writer on real files: 690 markdown files of the Jekyll,
 * Hugo, Astro, Eleventy and Zola documentation sites (test/fixtures/real-world/README.md says
 * where each comes from). For every file: an unchanged write gives the same bytes; changing,
 * removing or adding one field changes only that field's lines and never the body; TOML and JSON
 * blocks are refused rather than rewritten; invalid YAML is reported with the block's text.
 */
const root = fileURLToPath(new URL('../../fixtures/real-world/', import.meta.url));

interface ManifestFile {
  path: string;
  source: string;
  /** The frontmatter format as the site generators read the file. */
  format: 'yaml' | 'toml' | 'json' | 'none';
  bytes: number;
  sha256: string;
}

interface ManifestSource {
  name: string;
  files: number;
  counts: Counts;
}

const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
  sources: ManifestSource[];
  files: ManifestFile[];
};

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );

/** Every corpus file on disk, relative to the corpus root: all files under a source but its LICENSE. */
const onDisk = manifest.sources
  .flatMap((source) => walk(join(root, source.name)))
  .map((path) => path.slice(root.length).split('\\').join('/'))
  .filter((path) => !/^[^/]+\/LICENSE$/.test(path))
  .sort();

describe('real-world frontmatter corpus', () => {
  it('holds at least 500 files, each exactly as listed in the manifest', () => {
    expect(onDisk.length).toBeGreaterThanOrEqual(500);
    expect(onDisk).toEqual(manifest.files.map((file) => file.path).sort());
    const altered = manifest.files.filter((file) => {
      const bytes = readFileSync(join(root, file.path));
      return (
        bytes.length !== file.bytes ||
        createHash('sha256').update(bytes).digest('hex') !== file.sha256
      );
    });
    expect(
      altered.map((file) => file.path),
      'fixtures differ from the manifest (they must stay byte for byte as published)',
    ).toEqual([]);
    for (const source of manifest.sources)
      expect(manifest.files.filter((file) => file.source === source.name).length, source.name).toBe(
        source.files,
      );
  });

  for (const source of manifest.sources) {
    it(`${source.name}: unchanged writes keep every byte, one-field edits change only that field's lines`, () => {
      const counts = emptyCounts();
      const failures: string[] = [];
      for (const file of manifest.files.filter((entry) => entry.source === source.name)) {
        const bytes = readFileSync(join(root, file.path));
        const text = bytes.toString('utf8');
        if (!Buffer.from(text, 'utf8').equals(bytes)) {
          failures.push(`${file.path}: not UTF-8`);
          continue;
        }
        const format = splitMarkdown(text).frontmatter?.format ?? 'none';
        if (format !== file.format)
          failures.push(`${file.path}: read as ${format}, a site generator reads ${file.format}`);
        const result = checkFile(text);
        counts.files++;
        counts[result.kind]++;
        if ((result.kind === 'yaml' || result.kind === 'toml') && !result.changed)
          counts.noStringField++;
        if (
          (result.kind === 'yaml' || result.kind === 'toml') &&
          result.nested &&
          result.problems.length === 0
        )
          counts.nestedChecks++;
        if (
          (result.kind === 'yaml' || result.kind === 'toml') &&
          result.changed &&
          result.problems.length === 0
        )
          counts.fieldChecks++;
        for (const problem of result.problems) failures.push(`${file.path}: ${problem}`);
      }
      expect(failures, failures.join('\n')).toEqual([]);
      expect(counts).toEqual(source.counts);
    });
  }
});
