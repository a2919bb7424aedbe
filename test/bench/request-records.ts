import type { Logger } from '../../shared/logger';

/**
 * What the service says about each request it served, read from its own log lines: the access
 * log's record (shared/http/access-log.ts: GitHub round trips and DynamoDB requests counted for
 * that request alone, whatever else runs meanwhile, such as a background index build) and the
 * local gateway's lines naming an AWS limit it enforced (infra/local/aws-invocation.ts).
 */
export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  githubRoundTrips: number;
  storeRequests: number;
}

export interface LimitRecord {
  limit: string;
  method: string;
  path: string;
  /** The answer's size as Lambda counts it, for the response limit. */
  bytes?: number;
}

export interface RequestRecords {
  /** Pass to startTestService: it keeps the records and writes nothing. */
  logger: Logger;
  /** The records since the last call (the service's own requests; GitHub's webhook deliveries to it are left out). */
  take(): { requests: RequestRecord[]; limits: LimitRecord[] };
}

/** Push deliveries from the local host: GitHub's requests, not the editor's. */
const isWebhookDelivery = (path: string) => path === '/api/github/webhook';

export function recordRequests(): RequestRecords {
  let requests: RequestRecord[] = [];
  let limits: LimitRecord[] = [];
  const logger: Logger = {
    info(message, fields = {}) {
      if (
        message !== 'request' ||
        typeof fields.path !== 'string' ||
        isWebhookDelivery(fields.path)
      )
        return;
      requests.push({
        method: String(fields.method),
        path: fields.path,
        status: Number(fields.status),
        latencyMs: Number(fields.latencyMs),
        githubRoundTrips: Number(fields.githubRoundTrips),
        storeRequests: Number(fields.storeRequests),
      });
    },
    error(_message, fields = {}) {
      if (typeof fields.limit !== 'string') return;
      limits.push({
        limit: fields.limit,
        method: String(fields.method),
        path: String(fields.path),
        ...(typeof fields.bytes === 'number' ? { bytes: fields.bytes } : {}),
      });
    },
  };
  return {
    logger,
    take() {
      const taken = { requests, limits };
      requests = [];
      limits = [];
      return taken;
    },
  };
}

/** GitHub round trips and DynamoDB requests of a set of requests (one editor operation). */
export function countsOf(records: RequestRecord[]): { github: number; dynamo: number } {
  return records.reduce(
    (sum, record) => ({
      github: sum.github + record.githubRoundTrips,
      dynamo: sum.dynamo + record.storeRequests,
    }),
    { github: 0, dynamo: 0 },
  );
}
