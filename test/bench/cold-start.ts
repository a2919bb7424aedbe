import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { loadTimes, offlineEnv } from '../../infra/aws/bundle-report';
import { esmRequireBanner, sdkCredentialChain } from '../../infra/aws/cms-function';
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
    alias: { [sdkCredentialChain]: path.join(projectRoot, 'functions', 'aws-credentials.ts') },
    logLevel: 'warning',
    absWorkingDir: projectRoot,
  });
  const bytes = readFileSync(outfile);
  return { outfile, minifiedBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/**
 * Imports the bundle in a fresh process whose socket, DNS and fetch entry points record every
 * attempt (and refuse it), waits a moment for anything started without being awaited, and
 * returns what was attempted.
 */
export function networkAtImport(file: string): string[] {
  const script = `
    import net from 'node:net'; import dns from 'node:dns'; import tls from 'node:tls';
    const seen = [];
    const refuse = (what) => { seen.push(what); throw new Error('network refused by the benchmark: ' + what); };
    const where = (first) => { const options = Array.isArray(first) ? first[0] : first; return typeof options === 'object' && options ? (options.path ?? ((options.host ?? '') + ':' + (options.port ?? ''))) + (options.headers?.['x-amz-target'] ? ' ' + options.headers['x-amz-target'] : '') : String(options); };
    net.Socket.prototype.connect = function (...args) { refuse('socket ' + where(args[0])); };
    tls.connect = (...args) => refuse('tls ' + where(args[0]));
    dns.lookup = (host) => refuse('dns ' + host);
    dns.promises.lookup = async (host) => refuse('dns ' + host);
    globalThis.fetch = async (url) => refuse('fetch ' + String(url));
    try { await import(${JSON.stringify(pathToFileURL(file).href)}); } catch (error) { seen.push('import failed: ' + error.message); }
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.stdout.write(JSON.stringify(seen));
    process.exit(0);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...offlineEnv, NODE_OPTIONS: '' }, encoding: 'utf8' });
  if (run.status !== 0) return [`probe failed: ${run.stderr.slice(0, 300)}`];
  return JSON.parse(run.stdout) as string[];
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
