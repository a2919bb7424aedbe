import zlib from 'node:zlib';
import { jsonBytes, lambdaResponseLimitBytes, megabytes } from '../../shared/http/aws-limits';
import { encodeAnswer } from '../../shared/http/encode-answer';
import { json } from '../../shared/http/respond';
import { generatedListItems } from '../support/generated-list';

/**
 * `node --import tsx test/bench/compression.ts [count]`: a list answer of `count` items (50,000
 * by default; test/support/generated-list.ts, ~1 KB of frontmatter each) measured raw, with gzip
 * and brotli at the levels worth comparing (median of 3 runs, one core), and as the answer path
 * sends it (shared/http/encode-answer.ts): the base64 text Lambda counts against its 6 MB. Prints
 * Markdown rows for the table of docs/limits.md. Timings depend on the machine; sizes do not.
 */
const count = Number(process.argv[2] ?? 50_000);
const items = generatedListItems(count);
const body = Buffer.from(JSON.stringify(items));

function measure(compress: () => Buffer) {
  const times: number[] = [];
  let out: Buffer | undefined;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    out = compress();
    times.push(performance.now() - started);
  }
  return { bytes: out!.length, ms: times.sort((a, b) => a - b)[1]! };
}

const brotli = (quality: number) => () =>
  zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
const gzip = (level: number) => () => zlib.gzipSync(body, { level });

const rows: [string, { bytes: number; ms: number }][] = [
  ['gzip 1', measure(gzip(1))],
  ['gzip 4', measure(gzip(4))],
  ['gzip 6 (used)', measure(gzip(6))],
  ['gzip 9', measure(gzip(9))],
  ['br 1', measure(brotli(1))],
  ['br 3', measure(brotli(3))],
  ['br 4 (used)', measure(brotli(4))],
  ['br 5', measure(brotli(5))],
  ['br 6', measure(brotli(6))],
];
const sent = async (acceptEncoding: string | undefined) =>
  jsonBytes(await encodeAnswer(json(200, items), acceptEncoding));

const fits = (bytes: number) => (bytes <= lambdaResponseLimitBytes ? 'fits' : 'over');
const lines = [
  `${count.toLocaleString('en')} items, ${megabytes(body.length)} of JSON (${Math.round(body.length / count)} bytes per item); Node ${process.version}`,
  '',
  '| coding | bytes | ratio | as sent (base64) | one answer (6 MB) | time |',
  '|---|---|---|---|---|---|',
  `| none | ${megabytes(body.length)} | 1.0 | ${megabytes(await sent(undefined))} | ${fits(await sent(undefined))} | — |`,
  ...rows.map(
    ([name, { bytes, ms }]) =>
      `| ${name} | ${megabytes(bytes)} | ${(body.length / bytes).toFixed(2)} | ${megabytes(Math.ceil(bytes / 3) * 4)} | ${fits(Math.ceil(bytes / 3) * 4)} | ${(ms / 1000).toFixed(2)} s |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
