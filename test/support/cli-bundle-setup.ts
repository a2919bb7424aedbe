import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildCliPackage } from '../../cli/package/build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `cms` command as its package ships it (cli/package/build.ts), built once per run. */
    cliBundle: string;
  }
}

/**
 * Builds the installable CLI once for the whole run (about a second), so the tests that run
 * `cms` start the shipped bundle in a tenth of a second, where `node cli/bin.js` first loads
 * tsx (half a second of CPU per command). cli-dev.test.ts still runs bin.js itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-cli-bundle-'));
  await buildCliPackage(dir);
  project.provide('cliBundle', join(dir, 'bin/cms.js'));
  return () => rm(dir, { recursive: true, force: true });
}
