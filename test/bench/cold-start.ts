import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { loadTimes, networkAtImport } from '../../infra/aws/bundle-report';
import { esmRequireBanner } from '../../infra/aws/cms-function';
import { routes } from '../../shared/routes';

/**
 * Cold start per Lambda group: each group's AWS entry bundled as `CmsFunction` bundles it (ESM,
 * minified, platform node, target node22, the createRequire banner, the AWS SDK bundled, the
 * credential chain aliased, a separate source map), then the module load time in fresh Node
 * processes next to an empty module's (infra/aws/bundle-report.ts, with dummy configuration and
 * nothing reachable), and whether importing the bundle touches the network at all.
 */
export interface ColdStartRow {
  group: string;
  minifiedBytes: number;
  gzipBytes: number;
  loadMedianMs: number;
  loadMinMs: number;
  overEmptyMs: number;
  networkAtImport: string[];
}

const projectRoot = path.resolve(import.meta.dirname, '../..');

export async function bundleGroup(group: string, outdir: string) {
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, 'index.mjs');
  await build({
    entryPoints: [path.join(projectRoot, 'functions', group, 'handler.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    banner: { js: esmRequireBanner },
    logLevel: 'warning',
    absWorkingDir: projectRoot,
  });
  const bytes = readFileSync(outfile);
  return { outfile, minifiedBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

export async function measureColdStart(progress: (line: string) => void, runs: number): Promise<{ rows: ColdStartRow[]; emptyMedianMs: number; emptyMinMs: number; runs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-bench-bundles-'));
  try {
    const groups = [...new Set(routes.map((route) => route.group))];
    const bundles = [];
    for (const group of groups) {
      progress(`cold start: bundling ${group}`);
      bundles.push({ group, ...(await bundleGroup(group, path.join(dir, group))) });
    }
    progress(`cold start: loading each bundle in ${runs} fresh Node processes (interleaved with an empty module)`);
    const times = loadTimes(bundles.map((bundle) => bundle.outfile), runs);
    const rows = bundles.map((bundle): ColdStartRow => {
      const load = times.byFile.get(bundle.outfile)!;
      return {
        group: bundle.group,
        minifiedBytes: bundle.minifiedBytes,
        gzipBytes: bundle.gzipBytes,
        loadMedianMs: load.median,
        loadMinMs: load.min,
        overEmptyMs: load.median - times.empty.median,
        networkAtImport: networkAtImport(bundle.outfile),
      };
    });
    return { rows, emptyMedianMs: times.empty.median, emptyMinMs: times.empty.min, runs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
