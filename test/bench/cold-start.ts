import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { loadTimes, networkAtImport, offlineEnv } from '../../infra/aws/bundle-report';
import { startSecretsManager } from '../fakes/secrets-manager';
import { esModuleAliases, esmRequireBanner } from '../../infra/aws/cms-function';
import { routes } from '../../shared/routes';

/**
 * Cold start per Lambda group: each group's AWS entry bundled as `CmsFunction` bundles it (ESM,
 * minified, platform node, target node22, the createRequire banner, a separate source map), then
 * the module load time in fresh Node processes next to an empty module's
 * (infra/aws/bundle-report.ts, with dummy configuration and nothing reachable), whether importing
 * the bundle touches the network at all, and the first invocation after the import (what a
 * cold start costs after the init phase: reading the secrets from a local stand-in and wiring).
 */
export interface ColdStartRow {
  group: string;
  minifiedBytes: number;
  gzipBytes: number;
  loadMedianMs: number;
  loadMinMs: number;
  overEmptyMs: number;
  networkAtImport: string[];
  /** Median of the first invocation (an unknown path, answered 404), secrets from a local stand-in. */
  firstRequestMs: number;
}

/** Issue 14's targets per group. */
export const coldStartTargets = { overEmptyMs: 40, minifiedBytes: 350 * 1024 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Imports the bundle in a fresh process, then times its first invocation against `endpoint`. */
export async function firstRequestMs(file: string, endpoint: string): Promise<number> {
  const event = { version: '2.0', routeKey: '$default', rawPath: '/api/no-such-route', rawQueryString: '', headers: {}, isBase64Encoded: false, requestContext: { http: { method: 'GET', path: '/api/no-such-route', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' }, requestId: 'r1', routeKey: '$default', stage: '$default' } };
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const t = performance.now();
    const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'r1', functionName: 'f' }, { signal: AbortSignal.timeout(5000) });
    process.stdout.write('\\n' + JSON.stringify({ ms: performance.now() - t, status: answer.statusCode }));`;
  // A callback, not util.promisify: the bench's git-spawn counter wraps execFile without its promisified form.
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...offlineEnv, AWS_ENDPOINT_URL: endpoint, NODE_OPTIONS: '' } }, (error, out) => (error ? reject(error) : resolve(String(out)))),
  );
  // The handler logs to stdout too: the figures are the last line.
  const { ms, status } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; status: number };
  if (status !== 404) throw new Error(`${file}: the first request answered ${status}, not 404`);
  return ms;
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
    alias: esModuleAliases,
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
    progress('cold start: timing each bundle\'s first request (secrets from a local stand-in)');
    const secrets = await startSecretsManager({
      [offlineEnv.TOKEN_HMAC_SECRET_ARN]: 'k'.repeat(64),
      [offlineEnv.GITHUB_APP_SECRET_ARN]: JSON.stringify({ appId: 1, clientId: 'Iv1.bench', clientSecret: 'bench', privateKey: '-----BEGIN PRIVATE KEY-----' }),
    });
    const firstRequests = new Map<string, number>();
    try {
      for (const bundle of bundles) {
        const samples: number[] = [];
        for (let run = 0; run < Math.max(3, Math.ceil(runs / 2)); run += 1) samples.push(await firstRequestMs(bundle.outfile, secrets.endpoint));
        firstRequests.set(bundle.group, median(samples));
      }
    } finally {
      await secrets.close();
    }
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
        firstRequestMs: firstRequests.get(bundle.group)!,
      };
    });
    return { rows, emptyMedianMs: times.empty.median, emptyMinMs: times.empty.min, runs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
