import { gzipSync } from 'node:zlib';
import { DECAP_CONCURRENCY } from './decap-editor';

/**
 * Decap's GitHub backend listing N entries (`allEntriesByFolder`, decap-editor.ts): one tree
 * request, then per entry its blob and its commit metadata, 10 entries at a time. The tree and a
 * sample of the blobs are asked of the local host as Decap asks GitHub, to give the bytes; the
 * commit-metadata answers (GET commits?path=…, not served by the local host) are not counted, so
 * the bytes are a floor. Wall time is the model's: round trips waited for × the latency.
 */
export interface DecapListModel {
  requests: number;
  /** JSON as GitHub sends it before compression: the tree, and N blobs at the sample's mean. */
  jsonBytes: number;
  gzipBytes: number;
  /** Round trips waited for, one after the other: authenticate (3), the tree, ceil(N / 10) rounds of entries. */
  rounds: number;
  sampledBlobs: number;
}

const SAMPLE = 100;

export async function measureDecapList(input: {
  apiUrl: string;
  token: string;
  owner: string;
  repo: string;
  folder: string;
  count: number;
}): Promise<DecapListModel> {
  const get = async (path: string) => {
    const response = await fetch(`${input.apiUrl}/repos/${input.owner}/${input.repo}${path}`, {
      headers: { authorization: `token ${input.token}`, accept: 'application/vnd.github+json' },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`Decap model: GET ${path} answered ${response.status}`);
    return bytes;
  };
  const tree = await get(`/git/trees/main:${input.folder}`);
  const entries = (
    JSON.parse(tree.toString('utf8')) as { tree: { path: string; type: string; sha: string }[] }
  ).tree.filter((entry) => entry.type === 'blob' && entry.path.endsWith('.md'));
  if (entries.length !== input.count)
    throw new Error(`Decap model: the tree lists ${entries.length} entries, not ${input.count}`);
  const sample = entries
    .filter((_, index) => index % Math.max(1, Math.floor(entries.length / SAMPLE)) === 0)
    .slice(0, SAMPLE);
  let json = 0;
  let gzip = 0;
  for (const entry of sample) {
    const blob = await get(`/git/blobs/${entry.sha}`);
    json += blob.length;
    gzip += gzipSync(blob).length;
  }
  const perBlob = { json: json / sample.length, gzip: gzip / sample.length };
  return {
    requests: 3 + 1 + 2 * input.count,
    jsonBytes: tree.length + perBlob.json * input.count,
    gzipBytes: gzipSync(tree).length + perBlob.gzip * input.count,
    rounds: 3 + 1 + Math.ceil(input.count / DECAP_CONCURRENCY),
    sampledBlobs: sample.length,
  };
}
