import { coldStartTargets, type ColdStartRow } from './cold-start';
import type { LatencyResults, LoadRun } from './latency';
import type { CostRow, TripRow } from './round-trips';

export interface ReportInput {
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string; date: string; loadAverageAtStart: number; loadAverageAtEnd: number };
  roundTrips: { trips: TripRow[]; costs: CostRow[] };
  latency: LatencyResults;
  coldStart: { rows: ColdStartRow[]; emptyMedianMs: number; emptyMinMs: number; runs: number };
  elapsedSeconds: number;
}

/** A markdown table; columns whose cells are all numbers are right-aligned. */
const table = (head: string[], rows: (string | number)[][]) => {
  const numeric = head.map((_, column) => rows.length > 0 && rows.every((row) => /^[\d.,×+ ()-]+$/.test(String(row[column]))));
  return [`| ${head.join(' | ')} |`, `|${numeric.map((right) => (right ? '---:' : '---')).join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
};
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** Repeated attempts as `2 × what`. */
const grouped = (items: string[]) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, count]) => (count > 1 ? `${count} × ${item}` : item)).join('; ');
};
const times = (value: number) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}×`;

function tripsTable(trips: TripRow[]) {
  return table(
    ['operation', 'ours', 'our round trips', 'local host git processes', 'Decap (GitHub backend)', 'ratio Decap / ours'],
    trips.map((row) => [
      row.operation,
      row.ours,
      row.detail || '—',
      row.gitProcesses,
      row.decap.trips === null ? 'n/a' : row.decap.trips.toLocaleString('en'),
      row.decap.trips === null ? '—' : row.ours === 0 ? `${row.decap.trips} vs 0` : times(row.decap.trips / row.ours),
    ]),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function pairs(runs: LoadRun[]) {
  const keyed = new Map<string, { decap?: LoadRun; ours?: LoadRun }>();
  for (const run of runs) {
    const key = `${run.operation}#${run.round}`;
    const pair = keyed.get(key) ?? {};
    if (run.server === 'ours') pair.ours = run;
    else pair.decap = run;
    keyed.set(key, pair);
  }
  return [...keyed.values()].filter((pair): pair is { decap: LoadRun; ours: LoadRun } => Boolean(pair.decap && pair.ours));
}

function loadTable(runs: LoadRun[]) {
  return table(
    ['operation', 'round', 'Decap p50 ms', 'Decap p99 ms', 'Decap req/s', 'ours p50 ms', 'ours p99 ms', 'ours req/s', 'ratio p50 ours/Decap', 'ratio p99 ours/Decap', 'ratio req/s ours/Decap', 'errors (Decap, ours)'],
    pairs(runs).map(({ decap, ours }) => [
      decap.operation,
      decap.round,
      ms(decap.p50),
      ms(decap.p99),
      decap.requestsPerSecond.toFixed(1),
      ms(ours.p50),
      ms(ours.p99),
      ours.requestsPerSecond.toFixed(1),
      (ours.p50 / decap.p50).toFixed(2),
      (ours.p99 / decap.p99).toFixed(2),
      (ours.requestsPerSecond / decap.requestsPerSecond).toFixed(2),
      `${decap.errors}, ${ours.errors}`,
    ]),
  );
}

function targets(input: ReportInput) {
  const allPairs = pairs(input.latency.runs);
  const listPairs = allPairs.filter((pair) => pair.ours.operation.startsWith('list'));
  const getPairs = allPairs.filter((pair) => pair.ours.operation === 'get one');
  const verdict = (met: boolean) => (met ? '**met**' : '**missed**');
  const listWarm = input.roundTrips.trips.find((row) => row.operation === 'list 1,000, warm');
  const slowestGroup = [...input.coldStart.rows].sort((a, b) => b.overEmptyMs - a.overEmptyMs)[0]!;
  const largestGroup = [...input.coldStart.rows].sort((a, b) => b.minifiedBytes - a.minifiedBytes)[0]!;
  const worst = (values: number[]) => Math.max(...values);
  const listP50 = worst(listPairs.map((pair) => pair.ours.p50 / pair.decap.p50));
  const listP99 = worst(listPairs.map((pair) => pair.ours.p99 / pair.decap.p99));
  const getP50 = worst(getPairs.map((pair) => pair.ours.p50 / pair.decap.p50));
  const network = input.coldStart.rows.filter((row) => row.networkAtImport.length > 0);
  return table(
    ['target (issues 9 and 14)', 'measured (worst pair of the run)', 'verdict'],
    [
      [`list ${input.latency.count.toLocaleString('en')} at most half of decap-server's latency, p50 and p99`, `ours/Decap p50 ${listP50.toFixed(2)}, p99 ${listP99.toFixed(2)}`, verdict(listP50 <= 0.5 && listP99 <= 0.5)],
      ['get one no slower than decap-server at p50', `ours/Decap p50 ${getP50.toFixed(2)}`, verdict(getP50 <= 1)],
      [`every group's module load at most ${coldStartTargets.overEmptyMs} ms over the empty module (issue 14)`, `slowest: ${slowestGroup.group} +${ms(slowestGroup.overEmptyMs)} ms`, verdict(input.coldStart.rows.every((row) => row.overEmptyMs <= coldStartTargets.overEmptyMs))],
      [`every group's bundle at most ${kb(coldStartTargets.minifiedBytes)} KB minified (issue 14)`, `largest: ${largestGroup.group} ${kb(largestGroup.minifiedBytes)} KB`, verdict(input.coldStart.rows.every((row) => row.minifiedBytes <= coldStartTargets.minifiedBytes))],
      ['list 1,000 warm in 1 GitHub request', `${listWarm?.ours ?? '?'} (${listWarm?.detail ?? ''})`, verdict(listWarm?.ours === 1)],
      ['no network at module load (the benchmark brief\'s rule, not an issue target)', network.length ? `${network.map((row) => row.group).join(', ')}: ${grouped([...network].sort((a, b) => b.networkAtImport.length - a.networkAtImport.length)[0]!.networkAtImport)} (started by lazyHandler at import, not awaited)` : 'none in any group', verdict(network.length === 0)],
    ],
  );
}

export function renderReport(input: ReportInput): string {
  const { machine, latency, coldStart } = input;
  const decapModels = input.roundTrips.trips
    .filter((row, index, all) => all.findIndex((other) => other.decap.model === row.decap.model) === index)
    .map((row) => `- **${row.operation.replace(/ [\d,]+,/, ' N,')}**: ${row.decap.model}.`);
  return `# Benchmarks

Generated by \`npm run bench\` (test/bench/) on ${machine.date}. Offline; ${input.elapsedSeconds.toFixed(0)} s in all.

| machine | |
|---|---|
| CPU | ${machine.cpu}, ${machine.cores} cores available |
| memory | ${machine.memoryGiB.toFixed(1)} GiB |
| Node | ${machine.node} |
| OS | ${machine.platform} |
| 1-minute load average | ${machine.loadAverageAtStart.toFixed(2)} at start, ${machine.loadAverageAtEnd.toFixed(2)} at the end (the machine is shared: latency figures move with it) |

## Targets

${targets(input)}

## GitHub round trips per operation

Counted by the local GitHub-compatible host (every REST and GraphQL request the service sent for
one API call, session-authenticated). Decap's counts are a model read from its GitHub backend's
source (decaporg/decap-cms, \`packages/decap-cms-backend-github/src/API.ts\` and
\`implementation.tsx\`, REST mode, the default), listed under the table. "Cold" for us means the
parsed-frontmatter cache (shared by every user, in the table) has not seen those blobs; "warm"
means it has, and our warm list is still fresh: it reads the tree on every request.

${tripsTable(input.roundTrips.trips)}

Decap's model per operation:

${decapModels.join('\n')}

## Latency side by side with decap-server

decap-server ${'3.11.3'} (Decap CMS's local backend, file-system mode as \`npx decap-server\` runs it)
serves ${latency.count.toLocaleString('en')} markdown posts (~1.5 KB each) from a git working tree
through \`POST /api/v1\` (\`entriesByFolder\`, \`getEntry\`: it reads and returns every raw file).
Our local mode serves the same files through \`GET /api/repos/{repo}/content/{collection}\` and
\`…/{slug}\` with an API token: gateway → the content group's handler → dynalite (token, user,
connection, parsed-blob cache) → the local GitHub host (GraphQL over real git). Each server runs in
its own Node process; autocannon runs in a third at ${latency.connections} connections for
${latency.durationSeconds} s per run, decap-server and ours interleaved (A B A B).

First and second single request after start (ours: the first list request reads every blob from
GitHub and fills the cache; later ones are warm):

${table(
    ['server', 'operation', 'first ms', 'second ms', 'bytes'],
    latency.singles.map((single) => [single.server, single.operation, ms(single.firstMs), ms(single.secondMs), single.bytes.toLocaleString('en')]),
  )}

Under load (warm for both):

${loadTable(latency.runs)}

Reading these: decap-server reads files from disk; we ask the provider on every request, and here
the provider is the local host, which serves each GraphQL request with git plumbing processes
(${input.roundTrips.costs.find((row) => row.call.startsWith('GET one item (token)'))?.gitProcesses ?? '?'} for one item, see "local host git processes" below), in the same
process and on the same ${machine.cores} cores as the service. Those process starts dominate our local
"get one"; against GitHub the provider round trip dominates instead. The figures compare the two
programs as they run locally, nothing more.

Median over the rounds: ${['list', 'get one'].map((operation) => {
    const runs = latency.runs.filter((run) => run.operation.startsWith(operation));
    const of = (server: string, pick: (run: LoadRun) => number) => median(runs.filter((run) => run.server === server).map(pick));
    return `${runs[0]?.operation}: p50 Decap ${ms(of('decap-server', (run) => run.p50))} ms vs ours ${ms(of('ours', (run) => run.p50))} ms`;
  }).join('; ')}.

${renderColdStart(coldStart, machine.node)}

## Per-request cost

DynamoDB requests (counted by the runtime's document client) and GitHub round trips (counted by
the local host) for one call, after the token's \`lastUsedAt\` was recorded (it is written at most
once a minute, one more DynamoDB request then).

${table(
    ['call', 'DynamoDB requests', 'GitHub round trips', 'local host git processes', 'ms (one call, in process)'],
    input.roundTrips.costs.map((row) => [row.call, row.dynamo, row.github, row.gitProcesses, ms(row.ms)]),
  )}
`;
}

/** The cold-start section alone (`BENCH_ONLY=cold-start npm run bench` prints just this). */
export function renderColdStart(coldStart: ReportInput['coldStart'], node: string): string {
  return `## Cold start per Lambda group

Each group's \`functions/<group>/handler.ts\` bundled with esbuild exactly as \`CmsFunction\`
(infra/aws/cms-function.ts) bundles it: ESM, minified, platform node, target node22, the
\`createRequire\` banner, a separate source map; AWS is called through shared/aws/aws-json-client.ts,
no SDK client is bundled. Load time is \`await import(bundle)\` in a fresh Node ${node} process (Lambda runs
Node 22), the median over ${coldStart.runs} fresh processes per bundle, interleaved with an empty module's
(median ${ms(coldStart.emptyMedianMs)} ms, min ${ms(coldStart.emptyMinMs)} ms), with dummy configuration and AWS pointed at a closed
port. A second probe replaces sockets, DNS and fetch and records any attempt during the import.
The first request is a fresh process's first invocation after the import (an unknown path,
answered 404): it reads the secrets (from a stand-in on localhost, so the round trips to Secrets
Manager on AWS come on top) and wires the group. Targets (issue 14): at most
${coldStartTargets.overEmptyMs} ms over the empty module and ${kb(coldStartTargets.minifiedBytes)} KB minified per group.

${table(
    ['group', 'minified KB', 'gzip KB', 'load median ms (min)', 'over empty ms', 'within target', 'first request ms', 'network at import'],
    coldStart.rows.map((row) => [
      row.group,
      kb(row.minifiedBytes),
      kb(row.gzipBytes),
      `${ms(row.loadMedianMs)} (${ms(row.loadMinMs)})`,
      ms(row.overEmptyMs),
      row.overEmptyMs <= coldStartTargets.overEmptyMs && row.minifiedBytes <= coldStartTargets.minifiedBytes ? 'yes' : 'no',
      ms(row.firstRequestMs),
      row.networkAtImport.length ? grouped(row.networkAtImport) : 'none',
    ]),
  )}`;
}
