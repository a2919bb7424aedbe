import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Bundle figures per function of a synthesised cloud assembly (default `cdk.out`, after
 * `npm run synth`): minified and gzipped bytes from the bundle and esbuild's metafile (in
 * `<assembly>/bundle-meta/`, never in the asset), the
 * largest inputs, and the module load time in a fresh Node process (median of `runs`), measured
 * next to an empty module in the same run.
 *
 *   npx tsx infra/aws/bundle-report.ts [cdk.out] [runs]
 */
export interface BundleFigures {
  logicalId: string;
  dir: string;
  minifiedBytes: number;
  gzipBytes: number;
  largestInputs: { input: string; bytes: number }[];
}

interface Metafile {
  inputs: Record<string, { bytes: number }>;
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** The Lambda functions of a template whose code is an esbuild bundle in the assembly. */
export function bundlesOf(assemblyDir: string): BundleFigures[] {
  const figures: BundleFigures[] = [];
  for (const file of readdirSync(assemblyDir).filter((name) => name.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(path.join(assemblyDir, file), 'utf8')) as {
      Resources: Record<
        string,
        { Type: string; Metadata?: Record<string, string>; Properties: { Description?: string } }
      >;
    };
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      const assetPath = resource.Metadata?.['aws:asset:path'];
      const group = /the (\w+) endpoint group/.exec(resource.Properties.Description ?? '')?.[1];
      if (resource.Type !== 'AWS::Lambda::Function' || !assetPath || !group) continue;
      const dir = path.join(assemblyDir, assetPath);
      const metafile = metafileOf(assemblyDir, group);
      if (!existsSync(metafile)) continue;
      figures.push({ logicalId, dir, ...measureBundle(dir, metafile) });
    }
  }
  return figures;
}

/** esbuild's metafile of a group's bundle, kept out of the asset by infra/aws/bundle-postprocess.mjs. */
export const metafileOf = (assemblyDir: string, group: string) =>
  path.join(assemblyDir, 'bundle-meta', `${group}.meta.json`);

export function measureBundle(dir: string, metafile: string) {
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as Metafile;
  const [, output] =
    Object.entries(meta.outputs).find(([name]) => name.endsWith('index.mjs')) ?? [];
  if (!output) throw new Error(`${metafile} lists no index.mjs`);
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ??
      input.split('/').slice(0, 2).join('/');
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return {
    minifiedBytes: output.bytes,
    gzipBytes: gzipSync(readFileSync(path.join(dir, 'index.mjs')), { level: 9 }).length,
    largestInputs: [...byPackage]
      .map(([input, bytes]) => ({ input, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 6),
  };
}

/** Settings that let every handler load without AWS: dummy configuration, nothing reachable. */
export const offlineEnv = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'offline',
  AWS_SECRET_ACCESS_KEY: 'offline',
  AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
  AWS_EC2_METADATA_DISABLED: 'true',
  TABLE_NAME: 'cms',
  KMS_KEY_ID: 'arn:aws:kms:us-east-1:111122223333:key/offline',
  TOKEN_HMAC_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111122223333:secret:hmac',
  GITHUB_APP_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111122223333:secret:app',
  GITHUB_WEB_URL: 'https://github.com',
  GITHUB_API_URL: 'https://api.github.com',
  PUBLIC_URL: 'https://cms.example.org',
  UPLOADS_BUCKET: 'cms-uploads-offline',
  ACTIVITY_RETENTION_DAYS: '365',
  SCHEDULE_GROUP: 'cms-offline',
  SCHEDULER_FUNCTION_ARN: 'arn:aws:lambda:us-east-1:111122223333:function:offline',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::111122223333:role/offline',
  WEBHOOK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/offline',
  WEBHOOK_DLQ_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/offline-dlq',
  WEBHOOK_ALLOWED_PRIVATE: '',
  INDEX_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/111122223333/offline-index',
};

/**
 * Loads a bundle in a fresh process, as Lambda's runtime would (minus AWS): how long
 * `await import(file)` took, the CPU time it used (user and system: what other processes on a
 * shared machine move least), and the type of its `handler` export.
 */
export function probeBundle(
  file: string,
  nodeOptions = '',
): { ms: number; cpuMs: number; handler: string } {
  const script = `const c=process.cpuUsage();const t=performance.now();const m=await import(${JSON.stringify(pathToFileURL(file).href)});const ms=performance.now()-t;const u=process.cpuUsage(c);process.stdout.write(JSON.stringify({ms,cpuMs:(u.user+u.system)/1000,handler:typeof m.handler}));process.exit(0)`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...offlineEnv, NODE_OPTIONS: nodeOptions },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`Loading ${file} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { ms: number; cpuMs: number; handler: string };
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
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...offlineEnv, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  if (run.status !== 0) return [`probe failed: ${run.stderr.slice(0, 300)}`];
  return JSON.parse(run.stdout) as string[];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Median and minimum load times, and the median CPU time of the loads; the runs interleave the
 * files, so load on the machine hits all alike.
 */
export function loadTimes(files: string[], runs: number, nodeOptions = '') {
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-empty-'));
  const empty = path.join(dir, 'empty.mjs');
  writeFileSync(empty, 'export {};\n');
  const samples = new Map<string, { ms: number; cpuMs: number }[]>([
    [empty, []],
    ...files.map((file) => [file, []] as [string, { ms: number; cpuMs: number }[]]),
  ]);
  try {
    for (let run = 0; run < runs; run += 1)
      for (const [file, times] of samples) times.push(probeBundle(file, nodeOptions));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const figures = (times: { ms: number; cpuMs: number }[]) => ({
    median: median(times.map((time) => time.ms)),
    min: Math.min(...times.map((time) => time.ms)),
    cpuMedian: median(times.map((time) => time.cpuMs)),
  });
  return {
    empty: figures(samples.get(empty)!),
    byFile: new Map(files.map((file) => [file, figures(samples.get(file)!)])),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const assembly = path.resolve(process.argv[2] ?? 'cdk.out');
  const runs = Number(process.argv[3] ?? 10);
  const bundles = bundlesOf(assembly);
  const files = bundles.map((bundle) => path.join(bundle.dir, 'index.mjs'));
  const plain = loadTimes(files, runs);
  const sourceMaps = loadTimes(files, runs, '--enable-source-maps');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (figures: { median: number; min: number }) =>
    `${figures.median.toFixed(1)} ms (min ${figures.min.toFixed(1)})`;
  process.stdout.write(
    `Node ${process.version}, ${runs} runs each, median (min); empty module: ${ms(plain.empty)}, with --enable-source-maps ${ms(sourceMaps.empty)}\n`,
  );
  for (const bundle of bundles) {
    const file = path.join(bundle.dir, 'index.mjs');
    process.stdout.write(
      `${bundle.logicalId.padEnd(28)} ${kb(bundle.minifiedBytes).padStart(9)} min ${kb(bundle.gzipBytes).padStart(9)} gz  load ${ms(plain.byFile.get(file)!)}, with source maps ${ms(sourceMaps.byFile.get(file)!)}\n` +
        `    ${bundle.largestInputs.map((input) => `${input.input} ${kb(input.bytes)}`).join(', ')}\n`,
    );
  }
}
