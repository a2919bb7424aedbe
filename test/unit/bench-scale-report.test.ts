import { describe, expect, it } from 'vitest';
import type { ScaleResults, ScaleRun } from '../bench/scale';
import { gatewayTimeout, needsIndex, renderScale, scaleTargetRows } from '../bench/scale-report';

/** The large-collection rows of `npm run bench`: issue 31's targets judged from the figures, and what a revision without pages shows. */
const verdict = (met: boolean) => (met ? 'met' : 'missed');
const decap = {
  requests: 200_004,
  jsonBytes: 260e6,
  gzipBytes: 160e6,
  rounds: 10_004,
  sampledBlobs: 100,
};
const answered = (ms: number, extra: object = {}) => ({
  status: 200,
  ms,
  bytes: 30_000,
  github: 1,
  dynamo: 2,
  ...extra,
});

function run(overrides: Partial<ScaleRun> = {}): ScaleRun {
  return {
    count: 100_000,
    generatedMs: 30_000,
    packBytes: 80e6,
    connectMs: 200,
    paging: true,
    firstPageCold: answered(900),
    index: { seconds: 95, polls: 90, progress: { done: 99_000, total: 100_000 } },
    warmPage: { ...answered(40), samples: [35, 40, 60] },
    sortedPage: { ...answered(70), samples: [70] },
    filteredPage: { ...answered(80), samples: [80], query: 'astro' },
    whole: [
      {
        encoding: 'br',
        status: 400,
        ms: 30,
        bytes: 200,
        github: 0,
        dynamo: 1,
        error:
          'posts has 100,000 items (about 110 MB as JSON), more than one answer can carry (6 MB); ask for pages',
      },
      {
        encoding: 'gzip',
        status: 400,
        ms: 30,
        bytes: 200,
        github: 0,
        dynamo: 1,
        error: 'posts has 100,000 items',
      },
      {
        encoding: 'identity',
        status: 400,
        ms: 30,
        bytes: 200,
        github: 0,
        dynamo: 1,
        error: 'posts has 100,000 items',
      },
    ],
    decap,
    slowest: { what: 'first page, cold', ms: 900 },
    largestBytes: 40_000,
    overLimit: 0,
    ...overrides,
  };
}

const results = (...runs: ScaleRun[]): ScaleResults => ({
  sizes: runs.map((one) => one.count),
  samples: 20,
  indexTimeoutSeconds: 600,
  latencyMs: 80,
  runs,
});

describe('issue 31 targets in the bench report', () => {
  it('meets each target the 100,000-item figures are within', () => {
    expect(scaleTargetRows(results(run()), verdict).map((row) => row[2])).toEqual([
      'met',
      'met',
      'met',
      'met',
      'met',
    ]);
  });

  it('misses each target a figure is beyond, saying what was measured', () => {
    const rows = scaleTargetRows(
      results(
        run({
          index: { seconds: 130, polls: 120 },
          warmPage: { ...answered(151), samples: [151] },
          firstPageCold: answered(2_100),
          overLimit: 1,
          slowest: { what: 'whole array, br', ms: 30_000 },
        }),
      ),
      verdict,
    );
    expect(rows.map((row) => row[2])).toEqual(['missed', 'missed', 'missed', 'missed', 'missed']);
    expect(rows[0]![1]).toBe('130 s');
    expect(rows[3]![1]).toContain('1 refused by the gateway');
    expect(rows[4]![1]).toBe('slowest 30 s (whole array, br)');
  });

  it('judges nothing it did not measure: no 100,000-item run, or a revision without pages', () => {
    expect(
      scaleTargetRows(results(run({ count: 10_000 })), verdict).every(
        (row) => row[2] === 'not measured' && row[1]!.includes('has no 100,000'),
      ),
    ).toBe(true);
    const withoutPages = scaleTargetRows(
      results(
        run({ paging: false, firstPageCold: undefined, index: undefined, warmPage: undefined }),
      ),
      verdict,
    );
    expect(withoutPages.slice(0, 3).map((row) => [row[1], row[2]])).toEqual([
      [needsIndex, 'not measured'],
      [needsIndex, 'not measured'],
      [needsIndex, 'not measured'],
    ]);
    // The limits apply whatever the revision: the whole array's answers were measured.
    expect(withoutPages.slice(3).map((row) => row[2])).toEqual(['met', 'met']);
  });

  it('does not call the 6 MB target met when the whole array never came to an answer', () => {
    const stopped = {
      status: 503,
      ms: 29_000,
      bytes: 40,
      github: 60,
      dynamo: 300,
      error: 'The request did not finish in time and was stopped; try again',
    };
    const rows = scaleTargetRows(
      results(
        run({
          paging: false,
          whole: (['br', 'gzip', 'identity'] as const).map((encoding) => ({
            encoding,
            ...stopped,
          })),
          slowest: { what: 'whole array, br', ms: 29_000 },
        }),
      ),
      verdict,
    );
    expect(rows[3]!.slice(1)).toEqual([
      'largest 40.0 KB; 0 refused by the gateway as over 6 MB; 3 whole-array request(s) stopped at the deadline, their size unknown',
      'not measured',
    ]);
    expect(rows[4]![2]).toBe('missed');
    const overAndStopped = scaleTargetRows(
      results(run({ overLimit: 1, whole: [{ encoding: 'br', ...stopped }] })),
      verdict,
    );
    expect(overAndStopped[3]![2]).toBe('missed');
  });
});

describe('the large-collections section', () => {
  it('shows a revision without pages as such in every page and index row, and the whole array as answered', () => {
    const text = renderScale(
      results(
        run({
          count: 50_000,
          paging: false,
          firstPageCold: undefined,
          index: undefined,
          warmPage: undefined,
          sortedPage: undefined,
          filteredPage: undefined,
          whole: [
            {
              encoding: 'br',
              status: 503,
              ms: 30_004,
              bytes: 40,
              github: 0,
              dynamo: 0,
              error: gatewayTimeout,
            },
            {
              encoding: 'gzip',
              status: 503,
              ms: 29_000,
              bytes: 40,
              github: 60,
              dynamo: 300,
              error: 'The request did not finish in time and was stopped; try again',
            },
          ],
        }),
        run({
          count: 10_000,
          paging: false,
          whole: [
            {
              encoding: 'identity',
              status: 500,
              ms: 900,
              bytes: 40,
              github: 1,
              dynamo: 1,
              error: "Internal Server Error (the gateway's answer)",
              refusedBytes: 12_600_000,
            },
          ],
        }),
      ),
    );
    for (const label of [
      'time to a fully built index',
      'first page of 100, cold, path order',
      'warm page of 100, p50',
      'sorted page (date, newest first), warm p50',
    ]) {
      expect(text).toContain(`| ${label} | ${needsIndex} | ${needsIndex} |`);
    }
    expect(text).toContain(
      '| the whole array, br | 503 after 30 s: the integration timeout, the work abandoned |',
    );
    expect(text).toContain(
      '| the whole array, gzip | 503 after 29 s: The request did not finish in time and was stopped; try again |',
    );
    expect(text).toContain("the gateway refused 12.6 MB, over Lambda's 6 MB (after 900 ms)");
    expect(text).toContain(
      '| Decap: wall time at 80 ms a request (model) | 800 s (10,004 round trips) |',
    );
  });
});
