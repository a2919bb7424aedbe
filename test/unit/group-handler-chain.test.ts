import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildEvent } from '../../infra/local/event';
import type { ActivityRecord } from '../../shared/activity/activity-schemas';
import type { Caller } from '../../shared/auth/caller';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { RouteDef } from '../../shared/http/route-def';
import type { HttpResult } from '../../shared/http/types';
import { currentRequestContext } from '../../shared/request-context';
import { requestMetrics } from '../../shared/request-metrics';

const row = (id: string, method: RouteDef['method'], path: string, extra: Partial<RouteDef> = {}) =>
  ({
    id,
    method,
    path,
    group: 'activity',
    access: 'authenticated',
    summary: id,
    description: id,
    responses: {
      200: {
        description: 'Done',
        schema: z.object({ id: z.string(), padding: z.optional(z.string()) }),
      },
    },
    ...extra,
  }) as const satisfies RouteDef;

const table = [
  row('quietWrite', 'POST', '/api/quiet', { activity: false }),
  row('auditedRead', 'GET', '/api/audited', { activity: true }),
  row('plainWrite', 'POST', '/api/plain'),
  row('plainRead', 'GET', '/api/read'),
  row('countedRead', 'GET', '/api/counted'),
];

const caller: Extract<Caller, { kind: 'token' }> = {
  kind: 'token',
  tokenId: 't1',
  userId: '7',
  login: 'ada',
  repos: ['*'],
  permissions: [],
};

/** A long answer (compressed when the client accepts it) naming what it made. */
const made = { status: 200 as const, body: { id: 'made-1', padding: 'x'.repeat(4096) } };

/** The group's handler over `table`, with what it logged and recorded in one ordered list. */
function group() {
  const seen: string[] = [];
  const records: (ActivityRecord & { userId: string })[] = [];
  const handler = makeGroupHandler({
    table,
    routes: {
      quietWrite: async () => made,
      auditedRead: async () => made,
      plainWrite: async () => made,
      plainRead: async () => made,
      countedRead: async () => {
        // What an adapter does on each table request, from deep below the route.
        requestMetrics()!.storeRequests += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return { status: 200 as const, body: { id: String(requestMetrics()!.storeRequests) } };
      },
    },
    deps: {},
    callers: {
      session: async () => undefined,
      token: async () => caller,
    },
    logger: {
      info: (message) => seen.push(`log: ${message}`),
      error: (message) => seen.push(`error: ${message}`),
    },
    publicUrl: () => 'http://localhost:8787',
    activity: {
      record: async (record) => {
        seen.push(`record: ${record.action}`);
        records.push(record);
      },
    },
  });
  const call = (method: string, url: string, headers: Record<string, string> = {}) =>
    handler(
      buildEvent({ method, url, headers: { authorization: 'Bearer cms_test', ...headers } }),
      { awsRequestId: `r-${url}`, getRemainingTimeInMillis: () => 60_000 } as Context,
      {},
    ) as Promise<HttpResult>;
  return { call, seen, records };
}

describe("the group handler's middleware chain", () => {
  it('records the rows that declare activity, and by default the writes', async () => {
    const { call, records } = group();
    for (const [method, url] of [
      ['POST', '/api/quiet'],
      ['GET', '/api/audited'],
      ['POST', '/api/plain'],
      ['GET', '/api/read'],
    ] as const)
      expect((await call(method, url)).statusCode).toBe(200);
    expect(records.map((record) => record.action)).toEqual(['auditedRead', 'plainWrite']);
  });

  it("writes the request's log line, then its audit record from the route's answer, then compresses the answer", async () => {
    const { call, seen, records } = group();
    const answer = await call('POST', '/api/plain', { 'accept-encoding': 'gzip' });
    expect(answer.headers?.['content-encoding']).toBe('gzip');
    expect(records[0]?.result).toEqual({ id: 'made-1' });
    expect(seen.filter((line) => !line.startsWith('error'))).toEqual([
      expect.stringMatching(/^log: /),
      'record: plainWrite',
    ]);
  });

  it("gives each request its own context, which ends with the request's answer", async () => {
    const { call } = group();
    const answers = await Promise.all([call('GET', '/api/counted'), call('GET', '/api/counted')]);
    expect(answers.map((answer) => JSON.parse(String(answer.body)).id)).toEqual(['1', '1']);
    expect(currentRequestContext()).toBeUndefined();
  });
});
