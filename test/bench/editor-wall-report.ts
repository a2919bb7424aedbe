import { DECAP_COMMIT, DECAP_CONCURRENCY } from './decap-editor';
import type { EditorWallResults } from './editor-wall';
import { median, ms, table, times } from './markdown';

/** What an editor waits for, ours beside Decap's GitHub backend, with GitHub `latencyMs` away. */
export function renderEditorWall(results: EditorWallResults): string {
  const range = (values: number[]) =>
    values.length > 1 ? ` (${ms(Math.min(...values))}–${ms(Math.max(...values))})` : '';
  return `## What an editor waits for, GitHub ${results.latencyMs} ms away

The local GitHub host answers every request ${results.latencyMs} ms late (\`latencyMs\`, what a service in a cloud
region sees from GitHub's API), and each operation is timed from the first request to the last
answer, the median of ${results.runs} run(s), each on fresh repositories of ${results.count.toLocaleString('en')} generated posts (nothing
cached for them: "cold"; "warm" is the same again). Ours: the service over real HTTP with a
session, sending what the editor sends for it (web/src), in its order and concurrency; push
webhooks on, as with the GitHub App. Decap: its GitHub backend's requests for the same operation
(test/bench/decap-editor.ts, decaporg/decap-cms at ${DECAP_COMMIT.slice(0, 7)}), replayed against the same host at its
own concurrency (${DECAP_CONCURRENCY} entries at a time, a blob and its commit metadata together, everything else one
after the other); the few requests the host does not serve are a wait of ${results.latencyMs} ms in their
place. Its model is the round trips it waits for, one after the other, × ${results.latencyMs} ms. Neither side's
work in the browser (parsing, rendering) is counted.

${table(
  [
    'operation',
    'ours ms',
    'our GitHub requests',
    'our DynamoDB requests',
    'Decap ms (replayed)',
    'Decap GitHub requests',
    'Decap round trips waited',
    `Decap model ms (× ${results.latencyMs})`,
    'Decap / ours',
  ],
  results.rows.map((row) => [
    row.operation,
    `${ms(median(row.ours.ms))}${range(row.ours.ms)}`,
    row.ours.github,
    row.ours.dynamo,
    `${ms(median(row.decap.ms))}${range(row.decap.ms)}`,
    row.decap.requests.toLocaleString('en'),
    row.decap.model.rounds.toLocaleString('en'),
    ms(row.decap.model.rounds * results.latencyMs),
    times(median(row.decap.ms) / median(row.ours.ms)),
  ]),
)}

What each side sends:

${results.rows.map((row) => `- **${row.operation}**: ours ${row.ours.calls}; Decap ${row.decap.model.model}.`).join('\n')}`;
}
