import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

/** The package's name on a registry; `cms` is its command. */
export const cliPackageName = '@cms/cli';

/**
 * Builds the installable `cms` package into `outDir`: the CLI bundled with its dependencies into
 * one ES module (so installing it fetches nothing and needs no build step), its package.json
 * (the repository's version, no dependencies) and README. `npm pack` in `outDir` makes the
 * tarball. Node 20 is the oldest runtime it targets, as the service's own.
 */
export async function buildCliPackage(outDir: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.join(outDir, 'bin'), { recursive: true });
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  await build({
    entryPoints: [path.join(root, 'cli/main.ts')],
    outfile: path.join(outDir, 'bin/cms.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The CommonJS dependencies (commander) require Node's built-ins.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);",
    },
    legalComments: 'eof',
    logLevel: 'warning',
  });
  const manifest = {
    name: cliPackageName,
    version,
    description:
      'Command-line client of the content editing service: cms check validates a site against its cms.config.json offline',
    type: 'module',
    bin: { cms: 'bin/cms.js' },
    files: ['bin', 'README.md'],
    engines: { node: '>=20' },
  };
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(path.join(here, 'README.md'), path.join(outDir, 'README.md'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? path.join(here, 'out'));
  await buildCliPackage(outDir);
  process.stdout.write(`Built ${cliPackageName} into ${path.relative(process.cwd(), outDir)}\n`);
}
