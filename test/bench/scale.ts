import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createGeneratedRepository, generatePostFiles } from '../support/generated-posts';
import { signIn } from '../support/local-service';
import { startBenchService, type BenchService } from './bench-service';
import { sendRaw, type RawAnswer } from '../support/raw-http';
import { median } from './markdown';
import { recordRequests, type LimitRecord, type RequestRecords } from './request-records';
import { measureDecapList, type DecapListModel } from './scale-decap';

/**
 * Large collections (issue 31): for each size, a repository of generated posts written with one
 * git fast-import, connected in a fresh local service, then what the list answers: the first page
 * of a cold collection in path order, the time until the collection index is built (the list stops
 * answering 503), warm, sorted and filtered pages of 100, and the whole array raw, gzip and br.
 * Each operation's GitHub and DynamoDB requests are the service's own count for that request
 * (request-records.ts), so the index building meanwhile is not in them. Pages use the API of the
 * design's §3 (limit, cursor, sort, order, q; Link and X-Total-Count); a revision that does not
 * page (the probe below) gets no page rows, only the whole array's.
 */
export interface Answered {
  status: number;
  ms: number;
  /** Bytes of the body as sent (compressed when it was). */
  bytes: number;
  github: number;
  dynamo: number;
  /** The error's words, for an answer that is not 2xx. */
  error?: string;
}

export interface WholeArray extends Answered {
  encoding: 'br' | 'gzip' | 'identity';
  /** The array's JSON, decoded from the answer. */
  jsonBytes?: number;
  /** The gateway refused an answer over Lambda's 6 MB: what the function returned, as Lambda counts it. */
  refusedBytes?: number;
}

export interface IndexBuild {
  /** Seconds from connecting until a sorted page answered other than 503; undefined when it never did. */
  seconds?: number;
  polls: number;
  /** The last progress a 503 gave. */
  progress?: { done: number; total: number };
  final?: Answered;
}

export interface ScaleRun {
  count: number;
  generatedMs: number;
  packBytes: number;
  connectMs: number;
  paging: boolean;
  firstPageCold?: Answered;
  index?: IndexBuild;
  warmPage?: Answered & { samples: number[] };
  sortedPage?: Answered & { samples: number[] };
  filteredPage?: Answered & { samples: number[]; query: string; total?: number };
  whole: WholeArray[];
  decap: DecapListModel;
  slowest: { what: string; ms: number };
  largestBytes: number;
  /** Answers the gateway refused for being over Lambda's 6 MB response limit. */
  overLimit: number;
}

export interface ScaleResults {
  sizes: number[];
  samples: number;
  indexTimeoutSeconds: number;
  latencyMs: number;
  runs: ScaleRun[];
}

const PAGE = 100;

export async function measureScale(
  progress: (line: string) => void,
  options: { sizes: number[]; samples: number; indexTimeoutSeconds: number; latencyMs: number },
): Promise<ScaleResults> {
  const runs: ScaleRun[] = [];
  let paging: boolean | undefined;
  for (const count of options.sizes) {
    const records = recordRequests();
    const service = await startBenchService({ logger: records.logger });
    try {
      const session = await signIn(service.url, 'demo');
      if (paging === undefined) {
        paging = await probePaging(service, session);
        if (!paging)
          progress(
            'scale: this revision does not page lists (no X-Total-Count on ?limit=): page and index rows are left out',
          );
      }
      runs.push(
        await measureSize({ service, session, records, count, paging, progress, ...options }),
      );
    } finally {
      await service.stop();
    }
  }
  return { ...options, runs };
}

/** Whether the service pages lists as the design's §3 says: `?limit=10` of 30 items answers 10 and X-Total-Count 30. */
async function probePaging(service: BenchService, session: string): Promise<boolean> {
  const repo = await createGeneratedRepository(service.github, { name: 'paging-probe', count: 30 });
  const ask = createAsker(service, session, recordRequests());
  await ask.connect(repo.fullName);
  const page = await ask.get(`${listPath(repo.fullName)}?limit=10`);
  return (
    page.status === 200 &&
    page.answer.headers['x-total-count'] === '30' &&
    Array.isArray(page.answer.json) &&
    page.answer.json.length === 10
  );
}

const listPath = (fullName: string) => `/api/repos/${encodeURIComponent(fullName)}/content/posts`;

function createAsker(service: BenchService, session: string, records: RequestRecords) {
  const timed: { what: string; ms: number; bytes: number }[] = [];
  const get = async (
    pathAndQuery: string,
    acceptEncoding = 'gzip, deflate, br',
    what = pathAndQuery,
  ): Promise<Answered & { answer: RawAnswer & { json: any; limits: LimitRecord[] } }> => {
    records.take();
    const started = performance.now();
    const raw = await sendRaw(service.url, {
      method: 'GET',
      path: pathAndQuery,
      headers: {
        cookie: `cms_session=${session}`,
        accept: 'application/json',
        'accept-encoding': acceptEncoding,
      },
    });
    const ms = performance.now() - started;
    const encoding = raw.headers['content-encoding'];
    const decoded =
      encoding === 'br'
        ? brotliDecompressSync(raw.bytes)
        : encoding === 'gzip'
          ? gunzipSync(raw.bytes)
          : raw.bytes;
    let json: any;
    try {
      json = JSON.parse(decoded.toString('utf8'));
    } catch {
      json = undefined;
    }
    timed.push({ what, ms, bytes: raw.bytes.length });
    const { requests: mine, limits } = records.take();
    // The service answers {error}; API Gateway's own answers (the local gateway's) are {message}.
    const error =
      raw.status < 300
        ? undefined
        : json?.error !== undefined
          ? String(json.error)
          : json?.message !== undefined
            ? `${String(json.message)} (the gateway's answer)`
            : decoded.toString('utf8').slice(0, 200);
    return {
      status: raw.status,
      ms,
      bytes: raw.bytes.length,
      github: mine.reduce((sum, record) => sum + record.githubRoundTrips, 0),
      dynamo: mine.reduce((sum, record) => sum + record.storeRequests, 0),
      ...(error === undefined ? {} : { error }),
      answer: { ...raw, bytes: decoded, json, limits },
    };
  };
  return {
    get,
    timed,
    async connect(fullName: string) {
      const started = performance.now();
      const answer = await sendRaw(service.url, {
        method: 'POST',
        path: '/api/repos',
        headers: {
          cookie: `cms_session=${session}`,
          origin: service.url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ fullName }),
      });
      if (answer.status !== 201)
        throw new Error(`connect ${fullName}: ${answer.status} ${answer.text.slice(0, 300)}`);
      return performance.now() - started;
    },
  };
}

function packBytes(gitDir: string): number {
  const dir = path.join(gitDir, 'objects', 'pack');
  return readdirSync(dir).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
}

const strip = <T extends { answer: unknown }>({ answer: _answer, ...rest }: T): Omit<T, 'answer'> =>
  rest;

async function samplesOf(
  ask: ReturnType<typeof createAsker>,
  url: string,
  samples: number,
  what: string,
) {
  for (let warmUp = 0; warmUp < 2; warmUp += 1) await ask.get(url, undefined, what);
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof ask.get>> | undefined;
  for (let sample = 0; sample < samples; sample += 1) {
    last = await ask.get(url, undefined, what);
    if (last.status !== 200) break;
    times.push(last.ms);
  }
  return { ...strip(last!), ms: times.length ? median(times) : last!.ms, samples: times };
}

async function measureSize(input: {
  service: BenchService;
  session: string;
  records: RequestRecords;
  count: number;
  paging: boolean;
  samples: number;
  indexTimeoutSeconds: number;
  progress: (line: string) => void;
}): Promise<ScaleRun> {
  const { service, count, progress } = input;
  const label = count.toLocaleString('en');
  progress(`scale ${label}: writing ${label} posts with git fast-import`);
  const repo = await createGeneratedRepository(service.github, {
    name: `scale-${count}`,
    count,
    seed: count,
  });
  const ask = createAsker(service, input.session, input.records);
  const list = listPath(repo.fullName);
  progress(`scale ${label}: connecting`);
  const connectedAt = performance.now();
  const connectMs = await ask.connect(repo.fullName);
  const run: Omit<ScaleRun, 'decap' | 'slowest' | 'largestBytes'> = {
    count,
    generatedMs: repo.ms,
    packBytes: packBytes(service.github.gitDir('demo', `scale-${count}`)),
    connectMs,
    paging: input.paging,
    whole: [],
    overLimit: 0,
  };

  if (input.paging) {
    progress(`scale ${label}: first page of the cold collection, in path order`);
    run.firstPageCold = strip(
      await ask.get(`${list}?limit=${PAGE}`, undefined, 'first page, cold'),
    );
    progress(`scale ${label}: waiting for the index (a sorted page answering other than 503)`);
    run.index = await waitForIndex(
      ask,
      `${list}?limit=${PAGE}&sort=date&order=desc`,
      connectedAt,
      input.indexTimeoutSeconds,
    );
    progress(`scale ${label}: warm, sorted and filtered pages, ${input.samples} each`);
    run.warmPage = await samplesOf(ask, `${list}?limit=${PAGE}`, input.samples, 'warm page');
    run.sortedPage = await samplesOf(
      ask,
      `${list}?limit=${PAGE}&sort=date&order=desc`,
      input.samples,
      'sorted page',
    );
    // A word of a title: some items match, most do not.
    const query = String([...generatePostFiles(8, { seed: count })][7]!.slug.split('-')[0]);
    const filtered = await samplesOf(
      ask,
      `${list}?limit=${PAGE}&q=${encodeURIComponent(query)}`,
      input.samples,
      'filtered page',
    );
    run.filteredPage = { ...filtered, query };
  }

  progress(`scale ${label}: the whole array, br, gzip and uncompressed`);
  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    const got = await ask.get(list, encoding, `whole array, ${encoding}`);
    const refused = got.answer.limits.find((limit) => limit.limit === 'lambda-response-payload');
    // An answer abandoned at the integration timeout may still be working: it ends before the next request.
    await service.settleRequests();
    run.whole.push({
      encoding,
      ...strip(got),
      ...(got.status === 200 ? { jsonBytes: got.answer.bytes.length } : {}),
      ...(refused?.bytes === undefined ? {} : { refusedBytes: refused.bytes }),
    });
    if (refused) run.overLimit += 1;
  }

  progress(
    `scale ${label}: Decap's model (its tree and a sample of its blob requests, against the same host)`,
  );
  const decap = await measureDecapList({
    apiUrl: service.github.apiUrl,
    token: service.github.issueUserToken('demo').access_token,
    owner: 'demo',
    repo: `scale-${count}`,
    folder: 'content/posts',
    count,
  });
  const slowest = [...ask.timed].sort((a, b) => b.ms - a.ms)[0]!;
  return {
    ...run,
    decap,
    slowest: { what: slowest.what, ms: slowest.ms },
    largestBytes: Math.max(...ask.timed.map((request) => request.bytes)),
  };
}

/** Polls a request that needs the index, about once a second (or sooner when Retry-After says so), until it answers other than the index's 503. */
async function waitForIndex(
  ask: ReturnType<typeof createAsker>,
  url: string,
  since: number,
  timeoutSeconds: number,
): Promise<IndexBuild> {
  const build: IndexBuild = { polls: 0 };
  for (;;) {
    const got = await ask.get(url, undefined, 'index poll (sorted page)');
    build.polls += 1;
    const building = got.status === 503 && got.answer.json?.progress !== undefined;
    if (building) build.progress = got.answer.json.progress as { done: number; total: number };
    if (!building && got.status !== 503) {
      build.final = strip(got);
      if (got.status === 200) build.seconds = (performance.now() - since) / 1000;
      return build;
    }
    if ((performance.now() - since) / 1000 > timeoutSeconds) return build;
    const retryAfter = Number(got.answer.headers['retry-after'] ?? 1);
    await new Promise((resolve) =>
      setTimeout(resolve, 1000 * Math.min(1, Number.isFinite(retryAfter) ? retryAfter : 1)),
    );
  }
}
