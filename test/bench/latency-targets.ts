import { getOperation, listOperation, type LatencyResults } from './latency';
import { median } from './markdown';

/** The issue that sets the latency targets, by its title. */
export const latencyIssue = 'Local mode as fast as reading the file';

export type Verdict = 'met' | 'missed' | 'not measured';

/** One of the issue's rows: p50 ours and decap-server's, their ratio ours / decap-server against the target. */
export interface LatencyTargetRow {
  operation: string;
  oursP50: number | undefined;
  decapP50: number | undefined;
  /** ours / decap-server; Infinity when decap-server's p50 is 0 and ours is not. */
  ratio: number | undefined;
  /** The ratio at most this to meet the target. */
  target: number;
  verdict: Verdict;
}

/** The row from each server's p50 samples (the median of them); a server without samples was not measured. */
export function latencyTargetRow(
  operation: string,
  ours: number[],
  decap: number[],
  target: number,
): LatencyTargetRow {
  if (ours.length === 0 || decap.length === 0)
    return {
      operation,
      oursP50: ours.length ? median(ours) : undefined,
      decapP50: decap.length ? median(decap) : undefined,
      ratio: undefined,
      target,
      verdict: 'not measured',
    };
  const oursP50 = median(ours);
  const decapP50 = median(decap);
  const ratio = decapP50 > 0 ? oursP50 / decapP50 : oursP50 > 0 ? Infinity : 1;
  return {
    operation,
    oursP50,
    decapP50,
    ratio,
    target,
    verdict: ratio <= target ? 'met' : 'missed',
  };
}

/**
 * The issue's four rows, in its order. Under load: the median over the rounds of each run's p50.
 * Single request: the median of the warm single requests (the first and second are not in it).
 */
export function latencyTargetRows(
  latency: Pick<LatencyResults, 'runs' | 'singles' | 'count' | 'connections'>,
): LatencyTargetRow[] {
  const list = listOperation(latency.count);
  const underLoad = (operation: string, server: 'ours' | 'decap-server') =>
    latency.runs
      .filter((run) => run.operation === operation && run.server === server)
      .map((run) => run.p50);
  const single = (operation: string, server: 'ours' | 'decap-server') =>
    latency.singles
      .filter((row) => row.operation === operation && row.server === server)
      .flatMap((row) => row.warmMs);
  const row = (label: string, operation: string, samples: typeof underLoad, target: number) =>
    latencyTargetRow(label, samples(operation, 'ours'), samples(operation, 'decap-server'), target);
  return [
    row(
      `${list}, under load (autocannon ${latency.connections} connections)`,
      list,
      underLoad,
      0.25,
    ),
    row(`${getOperation}, under load`, getOperation, underLoad, 1),
    row(`${getOperation}, single request`, getOperation, single, 2),
    row(`${list}, single request`, list, single, 0.5),
  ];
}
