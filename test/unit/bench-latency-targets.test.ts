import { describe, expect, it } from 'vitest';
import type { LatencyResults, LoadRun, SingleRequest } from '../bench/latency';
import { renderLatencyTargets } from '../bench/latency-report';
import { latencyIssue, latencyTargetRow, latencyTargetRows } from '../bench/latency-targets';
import { npmTestLine } from '../bench/report';

/** The four latency rows of the issue "Local mode as fast as reading the file": medians, ratios ours / decap-server, verdicts. */
describe('benchmark latency targets', () => {
  const run = (
    server: LoadRun['server'],
    operation: string,
    round: number,
    p50: number,
  ): LoadRun => ({
    server,
    operation,
    round,
    p50,
    p99: p50 * 2,
    requestsPerSecond: 10,
    requests: 100,
    errors: 0,
  });
  const single = (
    server: SingleRequest['server'],
    operation: string,
    warmMs: number[],
  ): SingleRequest => ({ server, operation, firstMs: 9_999, secondMs: 9_999, warmMs, bytes: 10 });
  const results = (runs: LoadRun[], singles: SingleRequest[]): LatencyResults => ({
    runs,
    singles,
    connections: 10,
    durationSeconds: 10,
    rounds: 3,
    count: 1000,
  });

  it('takes the median over the rounds under load and the median of the warm single requests, never the first or second', () => {
    // Prepare: three rounds per server; the warm samples unsorted, the first and second far off.
    const latency = results(
      [
        ...[400, 100, 300].flatMap((p50, index) => [
          run('decap-server', 'list 1,000', index + 1, p50 * 4),
          run('ours', 'list 1,000', index + 1, p50),
        ]),
        ...[3, 5, 4].flatMap((p50, index) => [
          run('decap-server', 'get one', index + 1, p50),
          run('ours', 'get one', index + 1, p50 + 1),
        ]),
      ],
      [
        single('decap-server', 'list 1,000', [90, 110, 100, 120]),
        single('ours', 'list 1,000', [60, 40, 50, 70]),
        single('decap-server', 'get one', [2, 1, 3]),
        single('ours', 'get one', [7, 5, 6]),
      ],
    );
    // Act
    const rows = latencyTargetRows(latency);
    // Assess
    expect(rows).toEqual([
      {
        operation: 'list 1,000, under load (autocannon 10 connections)',
        oursP50: 300,
        decapP50: 1200,
        ratio: 0.25,
        target: 0.25,
        verdict: 'met',
      },
      {
        operation: 'get one, under load',
        oursP50: 5,
        decapP50: 4,
        ratio: 1.25,
        target: 1,
        verdict: 'missed',
      },
      {
        operation: 'get one, single request',
        oursP50: 6,
        decapP50: 2,
        ratio: 3,
        target: 2,
        verdict: 'missed',
      },
      {
        operation: 'list 1,000, single request',
        oursP50: 55,
        decapP50: 105,
        ratio: 55 / 105,
        target: 0.5,
        verdict: 'missed',
      },
    ]);
  });

  it('meets a target at exactly the ratio and misses it just above', () => {
    expect(latencyTargetRow('x', [2], [1], 2).verdict).toBe('met');
    expect(latencyTargetRow('x', [2.01], [1], 2).verdict).toBe('missed');
    expect(latencyTargetRow('x', [0.5], [1], 0.5).verdict).toBe('met');
  });

  it("misses when decap-server's p50 is 0 and ours is not, and meets when both are 0", () => {
    expect(latencyTargetRow('x', [1], [0], 1)).toMatchObject({
      ratio: Infinity,
      verdict: 'missed',
    });
    expect(latencyTargetRow('x', [0], [0], 0.25)).toMatchObject({ ratio: 1, verdict: 'missed' });
    expect(latencyTargetRow('x', [0], [0], 1)).toMatchObject({ ratio: 1, verdict: 'met' });
  });

  it('says "not measured" when a server has no samples (no rounds, or no warm single requests)', () => {
    const rows = latencyTargetRows(
      results(
        [run('ours', 'get one', 1, 3)],
        [single('decap-server', 'get one', []), single('ours', 'get one', [])],
      ),
    );
    expect(rows.map((row) => row.verdict)).toEqual([
      'not measured',
      'not measured',
      'not measured',
      'not measured',
    ]);
    expect(rows[1]).toMatchObject({ oursP50: 3, decapP50: undefined, ratio: undefined });
  });

  it('renders the rows side by side with the ratio, the target and the verdict, naming the issue by its title', () => {
    const latency = results(
      [
        run('decap-server', 'list 1,000', 1, 1200),
        run('ours', 'list 1,000', 1, 300),
        run('decap-server', 'get one', 1, 3),
        run('ours', 'get one', 1, 270),
      ],
      [
        single('decap-server', 'list 1,000', [100]),
        single('ours', 'list 1,000', [45]),
        single('decap-server', 'get one', [0]),
        single('ours', 'get one', [26]),
      ],
    );
    const text = renderLatencyTargets(latency);
    expect(text).toContain(`"${latencyIssue}"`);
    expect(text).toContain(
      '| operation | ours p50 ms | decap-server p50 ms | ratio ours/decap-server | target | verdict |',
    );
    expect(text).toContain(
      '| list 1,000, under load (autocannon 10 connections) | 300 | 1200 | 0.25 | ≤ 0.25 | **met** |',
    );
    expect(text).toContain('| get one, under load | 270 | 3.0 | 90.00 | ≤ 1 | **missed** |');
    expect(text).toContain('| get one, single request | 26.0 | 0.0 | ∞ | ≤ 2 | **missed** |');
    expect(text).toContain('| list 1,000, single request | 45.0 | 100 | 0.45 | ≤ 0.5 | **met** |');
  });
});

describe('benchmark npm test line', () => {
  it('is left out when the wall time is not given', () => {
    expect(npmTestLine(undefined)).toBeUndefined();
    expect(npmTestLine(' ')).toBeUndefined();
  });

  it('gives the wall time in whole seconds', () => {
    expect(npmTestLine('312.6')).toBe(
      '`npm test` (the whole suite) took 313 s of wall time on this machine (measured outside this run).',
    );
  });

  it('refuses a value that is not a number of seconds', () => {
    expect(() => npmTestLine('5m')).toThrow(
      'BENCH_NPM_TEST_SECONDS must be a number of seconds, not "5m"',
    );
    expect(() => npmTestLine('-1')).toThrow('BENCH_NPM_TEST_SECONDS');
  });
});
