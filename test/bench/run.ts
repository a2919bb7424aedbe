import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installGitSpawnCounter } from './git-spawns';
import { table } from './markdown';
import { describeRevision, readRevision, REPORT_PATH } from './revision';

// Before the local host's modules load (hence the dynamic imports below).
installGitSpawnCounter();
const { measureColdStart } = await import('./cold-start');
const { measureLatency } = await import('./latency');
const { npmTestLine, renderColdStart, renderReport } = await import('./report');
const { renderLatency, renderLatencyTargets } = await import('./latency-report');
const { measureRoundTrips } = await import('./round-trips');
const { measureWebSizes, renderWebSizes } = await import('./web-sizes');
const { measureScale } = await import('./scale');
const { renderScale, scaleTargetRows } = await import('./scale-report');
const { measureEditorWall } = await import('./editor-wall');
const { renderEditorWall } = await import('./editor-wall-report');
const { measureHistoryTrips, renderHistoryTrips } = await import('./history-trips');
const { measureSetTrips, renderSetTrips } = await import('./set-trips');
const { measureTranslationTrips, renderTranslationTrips } = await import('./translation-trips');
const { checkTargetRows, measureCheckSites, renderCheckSites } = await import('./check-sites');
const { measureRealSites, renderRealSites } = await import('./real-sites');

/**
 * `npm run bench`: GitHub round trips per operation (next to Decap CMS's GitHub backend),
 * latency side by side with decap-server, cold start per Lambda group and per-request costs.
 * Offline. Prints the report and writes docs/benchmarks.md. Knobs (environment): BENCH_COUNT
 * (posts served in the latency runs, 1000), BENCH_CONNECTIONS (10), BENCH_DURATION (seconds per
 * run, 10), BENCH_ROUNDS (A B pairs per operation, 2), BENCH_SINGLE_GETS and BENCH_SINGLE_LISTS
 * (warm single requests timed per server, 30 and 10), BENCH_LOAD_RUNS (fresh processes per
 * bundle, 10), BENCH_NPM_TEST_SECONDS (the whole suite's wall time, measured by the caller: the
 * report gives it when set). BENCH_ONLY=cold-start measures and prints the cold-start section
 * alone (bundle sizes, module load and first request per group), BENCH_ONLY=latency the latency
 * targets and section alone, BENCH_ONLY=web the editor's JavaScript per screen; each leaves
 * docs/benchmarks.md as it is. BENCH_BASELINE=<git ref> (e.g. main) bundles and loads that
 * revision's functions in the cold-start run too, beside this checkout's ("before" columns).
 *
 * Large collections (issue 31): BENCH_SCALE_SIZES (items per generated collection, 10000,50000,100000),
 * BENCH_SCALE_SAMPLES (warm page requests timed per size, 20), BENCH_INDEX_TIMEOUT (seconds to wait
 * for a collection's index, 600). What an editor waits for: BENCH_LATENCY_MS (what the local
 * GitHub host adds to every request, 80), BENCH_WALL_COUNT (posts in the list, 1000),
 * BENCH_WALL_RUNS (fresh repositories, each timed once, 3). BENCH_ONLY=scale and
 * BENCH_ONLY=latency-wall print those sections alone, with their targets. BENCH_ONLY=history: the
 * round trips of an item's history, versions, restore and undo alone (issue #37); BENCH_ONLY=sets:
 * those of a change set, started, three items added, diffed and published (issue #38); BENCH_ONLY=i18n: those of a translation report of 1,000 items in 10 locales,
 * cold, warm and after one default-locale file changed, with its DynamoDB requests (issue #36). BENCH_ONLY=check
 * prints `cms check` over the real sites (issue 39) alone, with its target.
 * BENCH_ONLY=real-sites: per committed real site, the markdown files reachable in the editor of
 * all it has, and the collections `cms init` proposes (as real-sites-matrix.test.ts runs them).
 */
const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  count: knob('BENCH_COUNT', 1000),
  connections: knob('BENCH_CONNECTIONS', 10),
  durationSeconds: knob('BENCH_DURATION', 10),
  rounds: knob('BENCH_ROUNDS', 2),
  singleGets: knob('BENCH_SINGLE_GETS', 30),
  singleLists: knob('BENCH_SINGLE_LISTS', 10),
  loadRuns: knob('BENCH_LOAD_RUNS', 10),
  scaleSamples: knob('BENCH_SCALE_SAMPLES', 20),
  indexTimeoutSeconds: knob('BENCH_INDEX_TIMEOUT', 600),
  latencyMs: knob('BENCH_LATENCY_MS', 80),
  wallCount: knob('BENCH_WALL_COUNT', 1000),
  wallRuns: knob('BENCH_WALL_RUNS', 3),
};
for (const [name, value] of Object.entries(settings))
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`bench: ${name} must be a whole number, not ${value}`);
const scaleSizes = (process.env.BENCH_SCALE_SIZES ?? '10000,50000,100000')
  .split(',')
  .map((size) => Number(size.trim()));
if (scaleSizes.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error(
    `bench: BENCH_SCALE_SIZES is a list of item counts such as 10000,50000,100000, not "${process.env.BENCH_SCALE_SIZES}"`,
  );
if (settings.wallRuns < 1 || settings.wallCount < 1 || settings.latencyMs > 10_000)
  throw new Error(
    'bench: BENCH_WALL_RUNS and BENCH_WALL_COUNT are at least 1, BENCH_LATENCY_MS at most 10000',
  );
const only = process.env.BENCH_ONLY;
const sections = [
  'cold-start',
  'latency',
  'web',
  'scale',
  'latency-wall',
  'history',
  'sets',
  'i18n',
  'check',
  'real-sites',
];
if (only !== undefined && !sections.includes(only))
  throw new Error(`bench: BENCH_ONLY is ${sections.join(', ')}, not "${only}"`);
const scaleOptions = {
  sizes: scaleSizes,
  samples: settings.scaleSamples,
  indexTimeoutSeconds: settings.indexTimeoutSeconds,
  latencyMs: settings.latencyMs,
};
const wallOptions = {
  latencyMs: settings.latencyMs,
  count: settings.wallCount,
  runs: settings.wallRuns,
};
// Checked before minutes of measuring.
const npmTest = npmTestLine(process.env.BENCH_NPM_TEST_SECONDS);
const root = path.resolve(import.meta.dirname, '../..');
// Read before the run, which rewrites the report (the report alone does not count as a change).
const revision = describeRevision(readRevision(root));
const started = performance.now();
const progress = (line: string) =>
  process.stderr.write(
    `[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`,
  );

const machine = {
  cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
  cores: os.availableParallelism(),
  memoryGiB: os.totalmem() / 1024 ** 3,
  node: process.version,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  date: new Date().toISOString(),
  loadAverageAtStart: os.loadavg()[0]!,
};

const baseline = process.env.BENCH_BASELINE || undefined;
if (only === 'cold-start') {
  const coldStart = await measureColdStart(progress, settings.loadRuns, { baseline });
  const measured = `Measured alone (\`BENCH_ONLY=cold-start${baseline ? ` BENCH_BASELINE=${baseline}` : ''}\`) at ${revision} on ${machine.date}; 1-minute load average ${machine.loadAverageAtStart.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at the end (the machine is shared: load times move with it).`;
  process.stdout.write(`${renderColdStart(coldStart, process.version, measured)}\n`);
  process.exit(0);
}
if (only === 'web') {
  process.stdout.write(`${renderWebSizes(await measureWebSizes(progress))}\n`);
  process.exit(0);
}
if (only === 'scale') {
  const scale = await measureScale(progress, scaleOptions);
  const verdict = (met: boolean) => (met ? '**met**' : '**missed**');
  process.stdout.write(
    `## Targets\n\n${table(['target', 'measured', 'verdict'], scaleTargetRows(scale, verdict))}\n\n${renderScale(scale)}\n\n1-minute load average: ${machine.loadAverageAtStart.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at the end.\n`,
  );
  process.exit(0);
}
if (only === 'latency-wall') {
  process.stdout.write(
    `${renderEditorWall(await measureEditorWall(progress, wallOptions))}\n\n1-minute load average: ${machine.loadAverageAtStart.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at the end.\n`,
  );
  process.exit(0);
}
if (only === 'history') {
  process.stdout.write(renderHistoryTrips(await measureHistoryTrips(progress)));
  process.exit(0);
}
if (only === 'sets') {
  process.stdout.write(renderSetTrips(await measureSetTrips(progress)));
  process.exit(0);
}
if (only === 'i18n') {
  process.stdout.write(renderTranslationTrips(await measureTranslationTrips(progress)));
  process.exit(0);
}
if (only === 'check') {
  const rows = await measureCheckSites(progress);
  const verdict = (met: boolean) => (met ? '**met**' : '**missed**');
  process.stdout.write(
    `${table(['target', 'measured', 'verdict'], checkTargetRows(rows, verdict))}\n\n${renderCheckSites(rows)}\n`,
  );
  process.exit(0);
}
if (only === 'real-sites') {
  process.stdout.write(renderRealSites(await measureRealSites(progress)));
  process.exit(0);
}
if (only === 'latency') {
  const latency = await measureLatency(progress, settings);
  process.stdout.write(
    `## Targets\n\n${renderLatencyTargets(latency)}\n\n${renderLatency(latency, { cores: machine.cores })}\n\n1-minute load average: ${machine.loadAverageAtStart.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at the end.\n`,
  );
  process.exit(0);
}

const roundTrips = await measureRoundTrips(progress);
const latency = await measureLatency(progress, settings);
const coldStart = await measureColdStart(progress, settings.loadRuns, { baseline });
const web = await measureWebSizes(progress);
const scale = await measureScale(progress, scaleOptions);
const editorWall = await measureEditorWall(progress, wallOptions);
const history = await measureHistoryTrips(progress);
const translations = await measureTranslationTrips(progress);
const check = await measureCheckSites(progress);
const realSites = await measureRealSites(progress);
const report = `${renderReport({
  machine: { ...machine, loadAverageAtEnd: os.loadavg()[0]! },
  roundTrips,
  latency,
  coldStart,
  web,
  scale,
  editorWall,
  check,
  elapsedSeconds: (performance.now() - started) / 1000,
  revision,
  npmTest,
})}\n${renderHistoryTrips(history)}\n${renderTranslationTrips(translations)}\n${renderRealSites(realSites)}`;

const target = path.join(root, REPORT_PATH);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, report);
process.stdout.write(report);
progress(`wrote ${path.relative(process.cwd(), target)}`);
