import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { loadTimes, networkAtImport, offlineEnv } from '../../infra/aws/bundle-report';
import { startSecretsManager } from '../fakes/secrets-manager';
import { esModuleAliases, esmRequireBanner } from '../../infra/aws/cms-function';
import { routes } from '../../shared/routes';
import { exportRevision } from './baseline';
import { bundleFloor, floorName, packageOf, sdkClientsAtLoad } from './sdk-floor';

/**
 * Cold start per Lambda function: each group's AWS entry (and the two functions invoked by AWS
 * services, scheduler and webhook-sender) bundled as `CmsFunction` bundles it (ESM, minified,
 * platform node, target node22, the createRequire banner, a separate source map), then the module
 * load time in fresh Node processes next to an empty module's and next to its floor's, a bare
 * handler making the same AWS SDK clients (sdk-floor.ts), in the same run
 * (infra/aws/bundle-report.ts, with dummy configuration and nothing reachable); with a baseline
 * revision, that revision's bundles too. Then whether importing the bundle touches the network at
 * all, and the first invocation after the import (what a cold start costs after the init phase:
 * reading the secrets from a local stand-in and wiring).
 */
export interface ColdStartRow {
  group: string;
  minifiedBytes: number;
  gzipBytes: number;
  loadMedianMs: number;
  loadMinMs: number;
  /** The median CPU time (user and system) of the loads: what other work on a shared machine moves least. */
  loadCpuMs: number;
  overEmptyMs: number;
  /** The floor's SDK clients (`dynamodb+kms+secrets-manager`) and the median CPU time of its loads. */
  floor: string;
  floorCpuMs: number;
  /** CPU time over the floor's, medians: what the target holds. */
  overFloorMs: number;
  /** The same function at the baseline revision, when one was measured (and it had the function). */
  baseline?: {
    minifiedBytes: number;
    loadMedianMs: number;
    loadMinMs: number;
    loadCpuMs: number;
    firstRequestMs?: number;
  };
  networkAtImport: string[];
  /** Median of the first invocation (an unknown path, answered 404), secrets from a local stand-in; HTTP groups only. */
  firstRequestMs?: number;
}

export interface ColdStart {
  rows: ColdStartRow[];
  emptyMedianMs: number;
  emptyMinMs: number;
  emptyCpuMs: number;
  runs: number;
  /** The revision the baseline columns were measured at (`BENCH_BASELINE`). */
  baseline?: string;
}

/** Issue #32's target: each function's module load at most this over its SDK floor (CPU time, medians). */
export const coldStartTargets = { overFloorMs: 20 };

/** The functions AWS services invoke with their own events (EventBridge Scheduler, SQS): measured, not requested. */
const eventFunctions = ['scheduler', 'webhook-sender'];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Imports the bundle in a fresh process, then times its first invocation against `endpoint`. */
export async function firstRequestMs(file: string, endpoint: string): Promise<number> {
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/api/no-such-route',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      http: {
        method: 'GET',
        path: '/api/no-such-route',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'bench',
      },
      requestId: 'r1',
      routeKey: '$default',
      stage: '$default',
    },
  };
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const t = performance.now();
    const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'r1', functionName: 'f' }, { signal: AbortSignal.timeout(5000) });
    process.stdout.write('\\n' + JSON.stringify({ ms: performance.now() - t, status: answer.statusCode }));`;
  // A callback, not util.promisify: the bench's git-spawn counter wraps execFile without its promisified form.
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { env: { ...process.env, ...offlineEnv, AWS_ENDPOINT_URL: endpoint, NODE_OPTIONS: '' } },
      (error, out) => (error ? reject(error) : resolve(String(out))),
    ),
  );
  // The handler logs to stdout too: the figures are the last line.
  const { ms, status } = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    ms: number;
    status: number;
  };
  if (status !== 404) throw new Error(`${file}: the first request answered ${status}, not 404`);
  return ms;
}

const projectRoot = path.resolve(import.meta.dirname, '../..');

export async function bundleGroup(group: string, outdir: string, root = projectRoot) {
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, 'index.mjs');
  const { metafile } = await build({
    entryPoints: [path.join(root, 'functions', group, 'handler.ts')],
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
    absWorkingDir: root,
  });
  const bytes = readFileSync(outfile);
  return {
    outfile,
    minifiedBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
    inputs: Object.keys(metafile.inputs),
  };
}

export async function measureColdStart(
  progress: (line: string) => void,
  runs: number,
  options: { baseline?: string } = {},
): Promise<ColdStart> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-bench-bundles-'));
  try {
    const groups = [...new Set(routes.map((route) => route.group)), ...eventFunctions];
    const bundles = [];
    for (const group of groups) {
      progress(`cold start: bundling ${group}`);
      const bundle = await bundleGroup(group, path.join(dir, group));
      const clients = sdkClientsAtLoad[group] ?? [];
      const missing = clients.filter(
        (client) =>
          !bundle.inputs.some((input) => input.includes(`node_modules/${packageOf[client]}/`)),
      );
      if (missing.length)
        throw new Error(
          `cold start: ${group}'s floor names ${missing.join(', ')}, which its bundle does not hold (test/bench/sdk-floor.ts)`,
        );
      bundles.push({ group, clients, ...bundle });
    }
    const floors = new Map<string, Awaited<ReturnType<typeof bundleFloor>>>();
    for (const { clients } of bundles) {
      const name = floorName(clients);
      if (floors.has(name)) continue;
      progress(`cold start: bundling the SDK floor ${name}`);
      floors.set(name, await bundleFloor(clients, path.join(dir, 'floors', name), projectRoot));
    }
    const baseline = new Map<string, Awaited<ReturnType<typeof bundleGroup>>>();
    if (options.baseline) {
      const root = exportRevision(options.baseline, projectRoot, path.join(dir, 'baseline-tree'));
      for (const group of groups) {
        if (!existsSync(path.join(root, 'functions', group, 'handler.ts'))) continue;
        progress(`cold start: bundling ${group} at ${options.baseline}`);
        baseline.set(group, await bundleGroup(group, path.join(dir, 'baseline', group), root));
      }
    }
    const files = [
      ...bundles.map((bundle) => bundle.outfile),
      ...[...floors.values()].map((floor) => floor.outfile),
      ...[...baseline.values()].map((bundle) => bundle.outfile),
    ];
    progress(
      `cold start: loading ${files.length} bundles (groups, SDK floors${baseline.size ? ', baseline' : ''}) in ${runs} fresh Node processes each, interleaved with an empty module`,
    );
    const times = loadTimes(files, runs);
    progress("cold start: timing each HTTP group's first request (secrets from a local stand-in)");
    const secrets = await startSecretsManager({
      [offlineEnv.TOKEN_HMAC_SECRET_ARN]: 'k'.repeat(64),
      [offlineEnv.GITHUB_APP_SECRET_ARN]: JSON.stringify({
        appId: 1,
        clientId: 'Iv1.bench',
        clientSecret: 'bench',
        privateKey: '-----BEGIN PRIVATE KEY-----',
      }),
    });
    const firstRequests = new Map<string, number>();
    try {
      for (const bundle of bundles.filter((bundle) => !eventFunctions.includes(bundle.group))) {
        // This checkout's bundle and the baseline's alternate, so load on the machine hits both alike.
        const before = baseline.get(bundle.group);
        const samples = { now: [] as number[], before: [] as number[] };
        for (let run = 0; run < Math.max(3, Math.ceil(runs / 2)); run += 1) {
          samples.now.push(await firstRequestMs(bundle.outfile, secrets.endpoint));
          if (before) samples.before.push(await firstRequestMs(before.outfile, secrets.endpoint));
        }
        firstRequests.set(bundle.group, median(samples.now));
        if (before) firstRequests.set(`before:${bundle.group}`, median(samples.before));
      }
    } finally {
      await secrets.close();
    }
    const rows = bundles.map((bundle): ColdStartRow => {
      const load = times.byFile.get(bundle.outfile)!;
      const floor = times.byFile.get(floors.get(floorName(bundle.clients))!.outfile)!;
      const before = baseline.get(bundle.group);
      const beforeLoad = before && times.byFile.get(before.outfile)!;
      return {
        group: bundle.group,
        minifiedBytes: bundle.minifiedBytes,
        gzipBytes: bundle.gzipBytes,
        loadMedianMs: load.median,
        loadMinMs: load.min,
        loadCpuMs: load.cpuMedian,
        overEmptyMs: load.median - times.empty.median,
        floor: floorName(bundle.clients),
        floorCpuMs: floor.cpuMedian,
        overFloorMs: load.cpuMedian - floor.cpuMedian,
        ...(before &&
          beforeLoad && {
            baseline: {
              minifiedBytes: before.minifiedBytes,
              loadMedianMs: beforeLoad.median,
              loadMinMs: beforeLoad.min,
              loadCpuMs: beforeLoad.cpuMedian,
              firstRequestMs: firstRequests.get(`before:${bundle.group}`),
            },
          }),
        networkAtImport: networkAtImport(bundle.outfile),
        ...(firstRequests.has(bundle.group) && {
          firstRequestMs: firstRequests.get(bundle.group)!,
        }),
      };
    });
    return {
      rows,
      emptyMedianMs: times.empty.median,
      emptyMinMs: times.empty.min,
      emptyCpuMs: times.empty.cpuMedian,
      runs,
      ...(options.baseline && { baseline: options.baseline }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
