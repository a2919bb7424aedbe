import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse, type OperationDefinitionNode } from 'graphql';
import { requestId } from './rest-router';

/**
 * Test controls over API traffic: injected failures (as GitHub fails: 5xx, a response that never
 * comes, the secondary and the primary rate limits), requests held until a test lets them go, and a log of every
 * API round trip with its answer.
 */

export type Fault =
  | { count: number; kind: 'status'; status: 500 | 502 | 503 }
  | { count: number; kind: 'timeout'; ms: number }
  | { count: number; kind: 'secondary-rate-limit'; retryAfterSeconds: number }
  /** The primary (hourly) limit spent: REST answers 403, GraphQL 200 with a `RATE_LIMITED` error. */
  | { count: number; kind: 'rate-limit'; resetInSeconds: number };

export interface FaultFilter {
  /** HTTP method, any case; all methods when absent. */
  method?: string;
  /** Start of the URL path, e.g. '/api/graphql' or '/api/v3/repos/demo/blog/contents'; all API paths when absent. */
  pathPrefix?: string;
  /** Only GraphQL requests running this operation (e.g. 'UpdateRefs'), as the log names them. */
  graphqlOperation?: string;
}

export interface RequestLogEntry {
  method: string;
  /** Path and query string as requested, e.g. /api/v3/repos/demo/blog/git/trees/main?recursive=1. */
  path: string;
  /** The status answered; 0 when the connection was closed without an answer (a timeout fault). */
  status: number;
  /** For GraphQL requests: the operation name (operationName, else the first named operation). */
  graphqlOperation?: string;
}

/** A request held by `holdRequest`: `reached` settles once one has arrived; `release` lets it be served. */
export interface HeldRequest {
  reached: Promise<RequestLogEntry>;
  release(): void;
}

interface ArmedHold {
  filter: FaultFilter;
  arrived(entry: RequestLogEntry): void;
  released: Promise<void>;
}

interface ArmedFault {
  fault: Fault;
  remaining: number;
  filter: FaultFilter;
}

interface LoggedRequest {
  method: string;
  path: string;
  graphqlOperation?: string;
  res: ServerResponse;
}

/** The log keeps the most recent entries only, so a long-running `npm start` does not grow without bound. */
const MAX_LOG_ENTRIES = 10_000;

const REST_SECONDARY_DOCS =
  'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits';
const PRIMARY_DOCS =
  'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-primary-rate-limits';
const GRAPHQL_SECONDARY_DOCS =
  'https://docs.github.com/graphql/overview/rate-limits-and-node-limits-for-the-graphql-api#secondary-rate-limits';

export interface TrafficControl {
  injectFaults(fault: Fault, filter?: FaultFilter): void;
  /** Records an API request; call once per request, before answering it. Answers its GraphQL operation, if any. */
  record(req: IncomingMessage, res: ServerResponse, body: Buffer): string | undefined;
  /**
   * Answers the request with the next armed fault that matches it and returns true, or returns
   * false when no fault applies (the request is then served normally).
   */
  serveFault(method: string, path: string, res: ServerResponse, graphqlOperation?: string): boolean;
  holdRequest(filter: FaultFilter): HeldRequest;
  /** Waits while a hold armed for this request keeps it (at once when none does). */
  waitIfHeld(method: string, path: string, graphqlOperation?: string): Promise<void>;
  requestLog(): RequestLogEntry[];
  reset(): void;
  /** Stops pending timeout faults (the server is closing). */
  close(): void;
}

function matches(
  filter: FaultFilter,
  method: string,
  path: string,
  graphqlOperation: string | undefined,
): boolean {
  if (filter.method && filter.method.toUpperCase() !== method) return false;
  if (filter.graphqlOperation && filter.graphqlOperation !== graphqlOperation) return false;
  return !filter.pathPrefix || path.startsWith(filter.pathPrefix);
}

/** The operation a GraphQL request runs, for the log; undefined when the body is not a readable query. */
export function graphqlOperationName(body: Buffer): string | undefined {
  try {
    const json = JSON.parse(body.toString('utf8')) as { query?: unknown; operationName?: unknown };
    if (typeof json.operationName === 'string' && json.operationName) return json.operationName;
    if (typeof json.query !== 'string') return undefined;
    // The usual shape (`query Name(`…) without parsing the whole document again on every request.
    const named = /^\s*(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)\s*[({]/.exec(json.query);
    if (named) return named[1];
    const operation = parse(json.query).definitions.find(
      (node): node is OperationDefinitionNode => node.kind === 'OperationDefinition',
    );
    return operation?.name?.value;
  } catch {
    return undefined;
  }
}

function sendFault(
  res: ServerResponse,
  fault: Exclude<Fault, { kind: 'timeout' }>,
  graphql: boolean,
): void {
  const id = requestId();
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-github-request-id': id,
  };
  let status: number;
  let body: unknown;
  if (fault.kind === 'rate-limit') {
    const reset = Math.ceil(Date.now() / 1000) + fault.resetInSeconds;
    Object.assign(headers, {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-used': '5000',
      'x-ratelimit-reset': String(reset),
      'x-ratelimit-resource': graphql ? 'graphql' : 'core',
    });
    // GitHub's GraphQL API reports a spent limit in the body of a 200, as it does every error.
    status = graphql ? 200 : 403;
    body = graphql
      ? {
          errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1.' }],
        }
      : {
          message: 'API rate limit exceeded for user ID 1.',
          documentation_url: PRIMARY_DOCS,
        };
  } else if (fault.kind === 'secondary-rate-limit') {
    status = 403;
    headers['retry-after'] = String(fault.retryAfterSeconds);
    body = {
      message: `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${id}.`,
      documentation_url: graphql ? GRAPHQL_SECONDARY_DOCS : REST_SECONDARY_DOCS,
    };
  } else if (graphql && fault.status === 502) {
    status = 502;
    body = {
      data: null,
      errors: [
        {
          message: `Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug. Please include \`${id}\` when reporting this issue.`,
        },
      ],
    };
  } else {
    status = fault.status;
    body = { message: fault.status === 503 ? 'Service Unavailable' : 'Server Error' };
  }
  res.writeHead(status, headers);
  res.end(JSON.stringify(body));
}

export function createTrafficControl(): TrafficControl {
  const armed: ArmedFault[] = [];
  const holds: ArmedHold[] = [];
  let log: LoggedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  return {
    injectFaults(fault, filter = {}) {
      if (!Number.isInteger(fault.count) || fault.count < 1)
        throw new Error('injectFaults: count must be a positive integer');
      armed.push({ fault, remaining: fault.count, filter });
    },
    record(req, res, body) {
      const path = req.url ?? '/';
      const method = (req.method ?? 'GET').toUpperCase();
      const graphqlOperation =
        path.split('?')[0] === '/api/graphql' ? graphqlOperationName(body) : undefined;
      log.push({ method, path, res, ...(graphqlOperation ? { graphqlOperation } : {}) });
      if (log.length > MAX_LOG_ENTRIES) log.splice(0, log.length - MAX_LOG_ENTRIES);
      return graphqlOperation;
    },
    serveFault(method, path, res, graphqlOperation) {
      const index = armed.findIndex((candidate) =>
        matches(candidate.filter, method, path, graphqlOperation),
      );
      const found = armed[index];
      if (!found) return false;
      found.remaining -= 1;
      if (found.remaining === 0) armed.splice(index, 1);
      const fault = found.fault;
      if (fault.kind === 'timeout') {
        // Hold the request, then drop the connection without an answer, as a gateway time-out looks to a client.
        const timer = setTimeout(() => {
          timers.delete(timer);
          res.socket?.destroy();
        }, fault.ms);
        timers.add(timer);
        return true;
      }
      sendFault(res, fault, path === '/api/graphql');
      return true;
    },
    holdRequest(filter) {
      let arrived!: (entry: RequestLogEntry) => void;
      let release!: () => void;
      const reached = new Promise<RequestLogEntry>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ filter, arrived, released });
      return { reached, release };
    },
    async waitIfHeld(method, path, graphqlOperation) {
      const index = holds.findIndex((hold) => matches(hold.filter, method, path, graphqlOperation));
      const hold = holds[index];
      if (!hold) return;
      holds.splice(index, 1);
      hold.arrived({ method, path, status: 0 });
      await hold.released;
    },
    requestLog: () =>
      log.map(({ res, ...entry }) => ({ ...entry, status: res.headersSent ? res.statusCode : 0 })),
    reset() {
      log = [];
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The test controls `GitHubLocal` exposes from this module. */
export interface TrafficControls {
  /**
   * Test control: the next `fault.count` API requests (REST and GraphQL) matching `filter` fail as
   * GitHub fails: a 5xx, a response held for `ms` and then a closed socket, or the secondary rate
   * limit (403 with Retry-After). Faulted requests still count in requestCount() and the log.
   */
  injectFaults(fault: Fault, filter?: FaultFilter): void;
  /**
   * Test control: the next API request matching `filter` is recorded, then held unanswered until
   * `release()`, then served as usual (a provider that is slow exactly where a test needs it).
   */
  holdRequest(filter: FaultFilter): HeldRequest;
  /** API round trips since start or the last resetRequestCount(), oldest first. */
  requestLog(): RequestLogEntry[];
}
