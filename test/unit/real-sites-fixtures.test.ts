import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  realSiteFiles,
  realSiteManifest,
  realSiteNames,
  realSitesRoot,
} from '../support/real-sites';

/**
 * The real sites under test/fixtures/real-sites are data that other tests measure against: a
 * file changed by accident (an editor trimming spaces, a line-ending conversion, a file a site's
 * own .gitignore hides from `git add`) would change what they measure, so it fails here first.
 */
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );

describe('the real sites kept as fixtures', () => {
  it('are ten sites, each with its repository, commit and licence', () => {
    expect(realSiteNames).toHaveLength(10);
    for (const name of realSiteNames) {
      const site = realSiteManifest[name]!;
      expect(site.repository, name).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
      expect(site.commit, name).toMatch(/^[0-9a-f]{40}$/);
      expect(
        site.files.some((file) => /^LICEN[CS]E/.test(file.path)),
        `${name} carries its licence`,
      ).toBe(true);
    }
  });

  it.each(realSiteNames)('%s holds exactly the files its manifest lists, byte for byte', (name) => {
    const onDisk = walk(join(realSitesRoot, name))
      .map((path) =>
        path
          .slice(join(realSitesRoot, name).length + 1)
          .split('\\')
          .join('/'),
      )
      .sort();
    const listed = realSiteManifest[name]!.files;
    expect(onDisk).toEqual(listed.map((file) => file.path).sort());
    const altered = realSiteFiles(name).filter((file, index) => {
      const expected = listed[index]!;
      return (
        file.content.length !== expected.bytes ||
        createHash('sha256').update(file.content).digest('hex') !== expected.sha256
      );
    });
    expect(altered.map((file) => file.path)).toEqual([]);
  });
});
