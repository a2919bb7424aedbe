import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { slugOf, writeWorkTree } from './fixture';

/**
 * Latency side by side: decap-server (Decap CMS's local backend, file-system mode as `npx
 * decap-server` runs it) reading a git working tree, and our local mode serving the same files
 * through the API with an API token. Each server runs in its own process; autocannon runs here.
 */
export interface LatencyTarget {
  name: 'decap-server' | 'ours';
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface SingleRequest {
  server: LatencyTarget['name'];
  operation: string;
  /** First request after start (ours: nothing cached), then the second: one sample each. */
  firstMs: number;
  secondMs: number;
  /** Warm single requests: after a warm-up, one at a time, alternating with the other server. */
  warmMs: number[];
  bytes: number;
}

export interface LoadRun {
  server: LatencyTarget['name'];
  operation: string;
  round: number;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
}

export interface LatencyResults {
  singles: SingleRequest[];
  runs: LoadRun[];
  connections: number;
  durationSeconds: number;
  rounds: number;
  count: number;
}

/** The operations' names in the results. */
export const listOperation = (count: number) => `list ${count.toLocaleString('en')}`;
export const getOperation = 'get one';

/** Requests per server before the warm single requests are timed (after the first and second). */
const warmUpRequests = 3;
/** A pause before each timed single request, so that neither server's work after answering (logs, cache writes) lands in the other's figure. */
export const settleMs = 20;

const projectRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts a child and resolves with the first stdout line matching `ready`. */
function startChild(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs: number,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${args.join(' ')} not ready after ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((text) => ready.test(text));
      if (line) {
        clearTimeout(timer);
        resolve({ child, line });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function once(
  target: LatencyTarget,
): Promise<{ ms: number; bytes: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(target.url, {
    method: target.method,
    headers: target.headers,
    body: target.body,
  });
  const body = await response.text();
  return {
    ms: performance.now() - started,
    bytes: Buffer.byteLength(body),
    status: response.status,
    body,
  };
}

export interface LatencyOptions {
  count: number;
  connections: number;
  durationSeconds: number;
  rounds: number;
  /** Warm single requests timed per server: get one, list. */
  singleGets: number;
  singleLists: number;
}

/**
 * `samples` warm single requests per server, one at a time, the servers alternating (the order
 * swapped every pair, so neither always follows the other), after `warmUpRequests` each and
 * `settleMs` apart.
 */
async function warmSingles(
  operation: string,
  targets: LatencyTarget[],
  samples: number,
): Promise<Map<LatencyTarget['name'], number[]>> {
  const timed = async (target: LatencyTarget) => {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const answer = await once(target);
    if (answer.status !== 200)
      throw new Error(`${target.name} ${operation}: ${answer.status} ${answer.body.slice(0, 300)}`);
    return answer.ms;
  };
  for (let request = 0; request < warmUpRequests; request += 1)
    for (const target of targets) await timed(target);
  const byServer = new Map(targets.map((target) => [target.name, [] as number[]]));
  for (let pair = 0; pair < samples; pair += 1) {
    for (const target of pair % 2 ? [...targets].reverse() : targets)
      byServer.get(target.name)!.push(await timed(target));
  }
  return byServer;
}

export async function measureLatency(
  progress: (line: string) => void,
  options: LatencyOptions,
): Promise<LatencyResults> {
  const workTree = mkdtempSync(path.join(tmpdir(), 'cms-bench-decap-'));
  const children: ChildProcess[] = [];
  try {
    progress(`latency: writing ${options.count} posts to a git working tree for decap-server`);
    writeWorkTree(workTree, 'content/posts', options.count);
    const decapPort = await freePort();
    const decap = await startChild(
      process.execPath,
      ['node_modules/decap-server/dist/index.js'],
      {
        PORT: String(decapPort),
        BIND_HOST: '127.0.0.1',
        GIT_REPO_DIRECTORY: workTree,
        MODE: 'fs',
        LOG_LEVEL: 'info',
      },
      /listening on/,
      30_000,
    );
    children.push(decap.child);
    progress('latency: starting our local mode in its own process (seeding the repository)');
    const ours = await startChild(
      process.execPath,
      ['--import', 'tsx', 'test/bench/serve-local.ts', String(options.count)],
      {},
      /^READY /,
      180_000,
    );
    children.push(ours.child);
    const { url, token } = JSON.parse(ours.line.slice('READY '.length)) as {
      url: string;
      token: string;
    };

    const decapApi = `http://127.0.0.1:${decapPort}/api/v1`;
    const json = { 'content-type': 'application/json' };
    const middle = slugOf(Math.floor(options.count / 2));
    const operations: [string, Record<LatencyTarget['name'], LatencyTarget>][] = [
      [
        listOperation(options.count),
        {
          'decap-server': {
            name: 'decap-server',
            url: decapApi,
            method: 'POST',
            headers: json,
            body: JSON.stringify({
              action: 'entriesByFolder',
              params: { branch: 'main', folder: 'content/posts', extension: 'md', depth: 1 },
            }),
          },
          ours: {
            name: 'ours',
            url: `${url}/api/repos/demo%2Fbench/content/posts`,
            method: 'GET',
            headers: { authorization: `Bearer ${token}` },
          },
        },
      ],
      [
        getOperation,
        {
          'decap-server': {
            name: 'decap-server',
            url: decapApi,
            method: 'POST',
            headers: json,
            body: JSON.stringify({
              action: 'getEntry',
              params: { branch: 'main', path: `content/posts/${middle}.md` },
            }),
          },
          ours: {
            name: 'ours',
            url: `${url}/api/repos/demo%2Fbench/content/posts/${middle}`,
            method: 'GET',
            headers: { authorization: `Bearer ${token}` },
          },
        },
      ],
    ];

    const singles: SingleRequest[] = [];
    for (const [operation, targets] of operations) {
      for (const target of Object.values(targets)) {
        const first = await once(target);
        const second = await once(target);
        if (first.status !== 200 || second.status !== 200)
          throw new Error(
            `${target.name} ${operation}: ${first.status}/${second.status} ${second.body.slice(0, 300)}`,
          );
        const parsed = JSON.parse(second.body) as unknown;
        if (
          operation.startsWith('list') &&
          (!Array.isArray(parsed) || parsed.length !== options.count)
        )
          throw new Error(`${target.name} ${operation}: expected ${options.count} entries`);
        singles.push({
          server: target.name,
          operation,
          firstMs: first.ms,
          secondMs: second.ms,
          warmMs: [],
          bytes: second.bytes,
        });
      }
      const samples = operation === getOperation ? options.singleGets : options.singleLists;
      progress(`latency: ${operation}, ${samples} warm single requests per server, alternating`);
      const warm = await warmSingles(operation, [targets['decap-server'], targets.ours], samples);
      for (const single of singles.filter((row) => row.operation === operation))
        single.warmMs = warm.get(single.server)!;
    }

    const runs: LoadRun[] = [];
    for (const [operation, targets] of operations) {
      for (let round = 1; round <= options.rounds; round += 1) {
        for (const target of [targets['decap-server'], targets.ours]) {
          progress(
            `latency: ${operation}, ${target.name}, round ${round} of ${options.rounds} (${options.durationSeconds} s at ${options.connections} connections)`,
          );
          const result = await autocannon({
            url: target.url,
            method: target.method,
            headers: target.headers,
            body: target.body,
            connections: options.connections,
            duration: options.durationSeconds,
            timeout: 30,
          });
          runs.push({
            server: target.name,
            operation,
            round,
            p50: result.latency.p50,
            p99: result.latency.p99,
            requestsPerSecond: result.requests.average,
            requests: result.requests.total,
            errors: result.errors + result.timeouts + result.non2xx,
          });
        }
      }
    }
    return {
      singles,
      runs,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rounds: options.rounds,
      count: options.count,
    };
  } finally {
    for (const child of children) await stopChild(child);
    rmSync(workTree, { recursive: true, force: true });
  }
}
