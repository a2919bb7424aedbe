import { megabytes } from '../../shared/http/aws-limits';
import { DECAP_CONCURRENCY } from './decap-editor';
import { ms, table } from './markdown';
import type { Answered, ScaleResults, ScaleRun, WholeArray } from './scale';

/** Issue 31's targets for a 100,000-item collection, measured locally. */
export const scaleTargets = {
  count: 100_000,
  indexSeconds: 120,
  warmPageMs: 150,
  firstPageMs: 2_000,
  answerBytes: 6_000_000,
  requestMs: 10_000,
};

/** The local gateway's answer at the integration timeout, as an answer's `error` reads it. */
export const gatewayTimeout = "Service Unavailable (the gateway's answer)";

/** What a row says when the revision does not page lists: the lead regenerates the report once it does. */
export const needsIndex = 'needs the collection index (not on this revision)';

const size = (bytes: number) =>
  bytes >= 1_000_000 ? megabytes(bytes) : `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (value: number) => `${(value / 1000).toFixed(value >= 10_000 ? 0 : 1)} s`;
const duration = (value: number) => (value >= 1000 ? seconds(value) : `${ms(value)} ms`);
const counts = (answer: Pick<Answered, 'github' | 'dynamo'>) =>
  `${answer.github} GitHub · ${answer.dynamo} DynamoDB`;
const count = (value: number) => value.toLocaleString('en');

/** An answer in a cell: its time and requests when it is 200, else its status and words. */
function answered(answer: Answered | undefined, paging: boolean): string {
  if (!paging) return needsIndex;
  if (!answer) return '—';
  if (answer.status !== 200)
    return `${answer.status} after ${duration(answer.ms)}: ${answer.error ?? ''}`.trim();
  return `${duration(answer.ms)} · ${counts(answer)}`;
}

function sampled(answer: (Answered & { samples: number[] }) | undefined, paging: boolean): string {
  if (!paging || !answer || answer.status !== 200) return answered(answer, paging);
  return `${duration(answer.ms)} (${duration(Math.min(...answer.samples))}–${duration(Math.max(...answer.samples))}) · ${counts(answer)}`;
}

function whole(answer: WholeArray | undefined): string {
  if (!answer) return '—';
  if (answer.status === 200)
    return `${size(answer.bytes)} in ${duration(answer.ms)} · ${counts(answer)}`;
  if (answer.refusedBytes !== undefined)
    return `${answer.status}: the gateway refused ${megabytes(answer.refusedBytes)}, over Lambda's 6 MB (after ${duration(answer.ms)})`;
  if (answer.status === 503 && answer.error === gatewayTimeout)
    return `503 after ${duration(answer.ms)}: the integration timeout, the work abandoned`;
  return `${answer.status} after ${duration(answer.ms)}: ${answer.error ?? ''}`;
}

function indexCell(run: ScaleRun): string {
  if (!run.paging) return needsIndex;
  const build = run.index!;
  if (build.seconds !== undefined)
    return `${build.seconds.toFixed(0)} s (${count(build.polls)} requests asked, the last ${build.progress ? `503 said ${count(build.progress.done)} of ${count(build.progress.total)}` : 'was the first'})`;
  if (build.final)
    return `never built: a sorted page answered ${build.final.status}${build.final.error ? ` (${build.final.error})` : ''}`;
  return `not built after the ${count(build.polls)} requests of the time allowed${build.progress ? ` (${count(build.progress.done)} of ${count(build.progress.total)})` : ''}`;
}

export function renderScale(results: ScaleResults): string {
  const { runs } = results;
  const paging = runs.every((run) => run.paging);
  const row = (label: string, cell: (run: ScaleRun) => string) => [label, ...runs.map(cell)];
  const jsonBytes = (run: ScaleRun) =>
    run.whole.find((answer) => answer.jsonBytes !== undefined)?.jsonBytes;
  const decapMs = (run: ScaleRun) => run.decap.rounds * results.latencyMs;
  return `## Large collections: ${runs.map((run) => count(run.count)).join(', ')} items

Each size in a fresh local service: a repository of generated posts (test/support/generated-posts.ts:
about 1 KB of YAML frontmatter and a short body each, words from the real-world corpus) written
by one \`git fast-import\` on the local host (\`importFiles\`), connected, then listed over real
HTTP with a session, as the editor asks (\`Accept-Encoding: gzip, deflate, br\` unless the row names
one). GitHub and DynamoDB requests are the service's own count for that one request (its access
log), so the index building in the background meanwhile is not in them. Pages follow the API of
issue 31's design (\`limit\`, \`cursor\`, \`sort\`, \`order\`, \`q\`; \`Link\`, \`X-Total-Count\`); the index
is built when a sorted page stops answering 503 (asked about once a second from connecting, at
most ${results.indexTimeoutSeconds} s). Warm pages: the median of ${results.samples} requests after 2 (fastest–slowest).
${paging ? '' : `\nThis revision does not page lists (\`?limit=\` answers the whole array, without \`X-Total-Count\`): the page and index rows say "${needsIndex}"; they run once it does.\n`}
${table(
  ['', ...runs.map((run) => `${count(run.count)} items`)],
  [
    row(
      'repository written (git fast-import)',
      (run) => `${seconds(run.generatedMs)}, ${megabytes(run.packBytes)} of pack`,
    ),
    row('connect', (run) => duration(run.connectMs)),
    row('time to a fully built index', indexCell),
    row('first page of 100, cold, path order', (run) => answered(run.firstPageCold, run.paging)),
    row('warm page of 100, p50', (run) => sampled(run.warmPage, run.paging)),
    row('sorted page (date, newest first), warm p50', (run) => sampled(run.sortedPage, run.paging)),
    row('filtered page (q = a title word), warm p50', (run) =>
      run.filteredPage
        ? `${sampled(run.filteredPage, run.paging)} (q=${run.filteredPage.query})`
        : sampled(undefined, run.paging),
    ),
    row('the whole array as JSON', (run) =>
      jsonBytes(run) === undefined ? 'not answered' : megabytes(jsonBytes(run)!),
    ),
    row('the whole array, br', (run) =>
      whole(run.whole.find((answer) => answer.encoding === 'br')),
    ),
    row('the whole array, gzip', (run) =>
      whole(run.whole.find((answer) => answer.encoding === 'gzip')),
    ),
    row('the whole array, uncompressed', (run) =>
      whole(run.whole.find((answer) => answer.encoding === 'identity')),
    ),
    row('slowest request', (run) => `${duration(run.slowest.ms)} (${run.slowest.what})`),
    row(
      'largest answer',
      (run) =>
        `${size(run.largestBytes)}${run.overLimit ? `; ${run.overLimit} refused by the gateway over 6 MB` : ''}`,
    ),
    row('Decap: GitHub requests to list', (run) => count(run.decap.requests)),
    row(
      'Decap: bytes to list (JSON; gzip)',
      (run) => `≥ ${megabytes(run.decap.jsonBytes)}; ≥ ${megabytes(run.decap.gzipBytes)}`,
    ),
    row(
      `Decap: wall time at ${results.latencyMs} ms a request (model)`,
      (run) => `${seconds(decapMs(run))} (${count(run.decap.rounds)} round trips)`,
    ),
  ],
)}

Decap's model (decap-editor.ts, decaporg/decap-cms): listing N entries is authenticate (3 requests),
the folder's tree, then per entry its blob and its commit metadata, ${DECAP_CONCURRENCY} entries at a time, so
3 + 1 + 2N requests and 3 + 1 + ceil(N / ${DECAP_CONCURRENCY}) round trips waited for. Bytes: the tree and the
mean of ${runs[0]?.decap.sampledBlobs ?? 100} sampled blob answers × N, as the local host serves them in GitHub's shapes; the N
commit-metadata answers (\`GET commits?path=…\`, not served by the local host) come on top, so the
figures are a floor. Decap loads the whole list for a sorted, filtered, grouped, nested or
multilingual collection and for search; an unsorted collection's first screen is 20 entries (41
requests, 3 + 1 + 2 round trips).`;
}

/** A target's figure, and whether it meets it; `met: undefined` when nothing measured says either way. */
type Judged = { measured: string; met: boolean | undefined };

/**
 * A page's figure: on a revision that pages, a page that did not answer 200 misses its target; on
 * one that does not, there is nothing to judge.
 */
const pageFigure = (
  run: ScaleRun,
  answer: Answered | undefined,
  show: (answer: Answered) => string,
  within: number,
): Judged => {
  if (!run.paging) return { measured: needsIndex, met: undefined };
  if (answer?.status !== 200)
    return {
      measured: answer
        ? `answered ${answer.status}${answer.error ? `: ${answer.error}` : ''}`
        : 'no answer',
      met: false,
    };
  return { measured: show(answer), met: answer.ms <= within };
};

/** The Targets table's rows for issue 31 (its "Targets" section), for the 100,000-item run. */
export function scaleTargetRows(
  results: ScaleResults | undefined,
  verdict: (met: boolean) => string,
): string[][] {
  const target = results?.runs.find((run) => run.count === scaleTargets.count);
  const rows: [string, (run: ScaleRun) => Judged][] = [
    [
      `100,000 items: cold index complete ≤ ${scaleTargets.indexSeconds} s locally (issue 31)`,
      (run) =>
        !run.paging
          ? { measured: needsIndex, met: undefined }
          : run.index?.seconds === undefined
            ? { measured: indexCell(run), met: false }
            : {
                measured: `${run.index.seconds.toFixed(0)} s`,
                met: run.index.seconds <= scaleTargets.indexSeconds,
              },
    ],
    [
      `100,000 items: warm page of 100 ≤ ${scaleTargets.warmPageMs} ms p50 (issue 31)`,
      (run) =>
        pageFigure(run, run.warmPage, (page) => `${ms(page.ms)} ms`, scaleTargets.warmPageMs),
    ],
    [
      `100,000 items: first page of a cold collection in path order ≤ ${scaleTargets.firstPageMs / 1000} s (issue 31)`,
      (run) =>
        pageFigure(run, run.firstPageCold, (page) => duration(page.ms), scaleTargets.firstPageMs),
    ],
    [
      '100,000 items: every response ≤ 6 MB (issue 31)',
      (run) => {
        // A whole array stopped at a deadline never came to its size: it says nothing, unless another answer was already over.
        const unsized = run.whole.filter((answer) => answer.status === 503).length;
        const over = run.overLimit > 0 || run.largestBytes > scaleTargets.answerBytes;
        const measured = `largest ${size(run.largestBytes)}; ${run.overLimit} refused by the gateway as over 6 MB${unsized ? `; ${unsized} whole-array request(s) stopped at the deadline, their size unknown` : ''}`;
        return { measured, met: over ? false : unsized > 0 ? undefined : true };
      },
    ],
    [
      `100,000 items: no request over ${scaleTargets.requestMs / 1000} s (issue 31)`,
      (run) => ({
        measured: `slowest ${duration(run.slowest.ms)} (${run.slowest.what})`,
        met: run.slowest.ms <= scaleTargets.requestMs,
      }),
    ],
  ];
  return rows.map(([label, judge]) => {
    if (!target)
      return [
        label,
        results
          ? `not measured (BENCH_SCALE_SIZES has no ${count(scaleTargets.count)})`
          : 'not measured (the scale section did not run)',
        'not measured',
      ];
    const { measured, met } = judge(target);
    return [label, measured, met === undefined ? 'not measured' : verdict(met)];
  });
}
