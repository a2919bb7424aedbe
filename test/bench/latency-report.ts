import { settleMs, type LatencyResults, type LoadRun } from './latency';
import { latencyIssue, latencyTargetRows, type Verdict } from './latency-targets';
import { median, ms, table } from './markdown';

const verdictCell = (verdict: Verdict) =>
  verdict === 'not measured' ? 'not measured' : `**${verdict}**`;
const ratioCell = (ratio: number | undefined) =>
  ratio === undefined ? '—' : ratio === Infinity ? '∞' : ratio.toFixed(2);

/** The issue's four latency targets: p50 side by side, the ratio and a verdict each. */
export function renderLatencyTargets(latency: LatencyResults): string {
  return `Set by the issue "${latencyIssue}": p50 ours / decap-server's. Under load: the median of
the runs' p50 over ${latency.rounds} round(s) of ${latency.durationSeconds} s; single request: the median of the warm single
requests, one at a time (see "Latency side by side with decap-server").

${table(
  [
    'operation',
    'ours p50 ms',
    'decap-server p50 ms',
    'ratio ours/decap-server',
    'target',
    'verdict',
  ],
  latencyTargetRows(latency).map((row) => [
    row.operation,
    row.oursP50 === undefined ? '—' : ms(row.oursP50),
    row.decapP50 === undefined ? '—' : ms(row.decapP50),
    ratioCell(row.ratio),
    `≤ ${row.target}`,
    verdictCell(row.verdict),
  ]),
)}`;
}

function pairs(runs: LoadRun[]) {
  const keyed = new Map<string, { decap?: LoadRun; ours?: LoadRun }>();
  for (const run of runs) {
    const key = `${run.operation}#${run.round}`;
    const pair = keyed.get(key) ?? {};
    if (run.server === 'ours') pair.ours = run;
    else pair.decap = run;
    keyed.set(key, pair);
  }
  return [...keyed.values()].filter((pair): pair is { decap: LoadRun; ours: LoadRun } =>
    Boolean(pair.decap && pair.ours),
  );
}

function loadTable(runs: LoadRun[]) {
  return table(
    [
      'operation',
      'round',
      'Decap p50 ms',
      'Decap p99 ms',
      'Decap req/s',
      'ours p50 ms',
      'ours p99 ms',
      'ours req/s',
      'ratio p50 ours/Decap',
      'ratio p99 ours/Decap',
      'ratio req/s ours/Decap',
      'errors (Decap, ours)',
    ],
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

/**
 * The latency section. `gitProcessesForOne`: the local host's git processes for one item (from
 * the per-request costs; absent when only the latency was measured).
 */
export function renderLatency(
  latency: LatencyResults,
  context: { cores: number; gitProcessesForOne?: number },
): string {
  const perRequest = (server: LoadRun['server']) => {
    const rates = latency.runs
      .filter((run) => run.server === server && run.operation === 'get one')
      .map((run) => run.requestsPerSecond);
    return rates.length && median(rates) > 0 ? ms(1000 / median(rates)) : '—';
  };
  const warmCount = (operation: string) =>
    latency.singles.find((single) => single.operation === operation)?.warmMs.length ?? 0;
  const operations = [...new Set(latency.singles.map((single) => single.operation))];
  return `## Latency side by side with decap-server

decap-server ${'3.11.3'} (Decap CMS's local backend, file-system mode as \`npx decap-server\` runs it)
serves ${latency.count.toLocaleString('en')} markdown posts (~1.5 KB each) from a git working tree
through \`POST /api/v1\` (\`entriesByFolder\`, \`getEntry\`: it reads and returns every raw file).
Our local mode serves the same files through \`GET /api/repos/{repo}/content/{collection}\` and
\`…/{slug}\` with an API token: gateway → the content group's handler → dynalite (token, user,
connection, parsed-blob cache) → the local GitHub host (GraphQL over real git). Each server runs in
its own Node process; autocannon runs in a third at ${latency.connections} connections for
${latency.durationSeconds} s per run, decap-server and ours interleaved (A B A B).

Single requests: the first and second after start are one sample each (ours: the first list
request reads every blob from GitHub and fills the cache; later ones are warm). Then, after a
warm-up, warm single requests one at a time, ${settleMs} ms apart, the servers alternating
(${operations.map((operation) => `${warmCount(operation)} per server for ${operation}`).join(', ')}): their median is the warm p50.

${table(
  [
    'server',
    'operation',
    'first ms',
    'second ms',
    'warm p50 ms',
    'warm min ms',
    'warm max ms',
    'bytes',
  ],
  latency.singles.map((single) => {
    const warm = single.warmMs.length
      ? [ms(median(single.warmMs)), ms(Math.min(...single.warmMs)), ms(Math.max(...single.warmMs))]
      : ['—', '—', '—'];
    return [
      single.server,
      single.operation,
      ms(single.firstMs),
      ms(single.secondMs),
      ...warm,
      single.bytes.toLocaleString('en'),
    ];
  }),
)}

Under load (warm for both):

${loadTable(latency.runs)}

Reading these: decap-server reads the file from disk and answers. We check the caller and ask the
provider on every request: gateway → the content group's handler → 1 store request (the API
token, the connection and the user together; dynalite in the same process) → one GraphQL
request to the local host (${context.gitProcessesForOne === undefined ? 'git processes counted in the full report' : `${context.gitProcessesForOne} git processes for a warm item`}: one long-lived reader per repository,
refs read from files, objects by sha cached), all in one process on the same ${context.cores} cores as
autocannon. Saturated, ours answers a "get one" every ${perRequest('ours')} ms and decap-server every
${perRequest('decap-server')} ms (the inverse of the median req/s): under load that cost per request, not
waiting, is what the p50 measures.
Against GitHub the provider round trip dominates instead. The figures compare the two programs as
they run locally, nothing more. The medians over the rounds and of the warm single requests are
under "Targets".`;
}
