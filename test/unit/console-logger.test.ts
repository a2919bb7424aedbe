import { describe, expect, it } from 'vitest';
import { createConsoleLogger } from '../../infra/local/console-logger';

describe("local mode's console", () => {
  it('shows each request as one short line and errors as JSON, leaving the metrics block out', () => {
    // Prepare
    const out: string[] = [];
    const err: string[] = [];
    const logger = createConsoleLogger(
      (line) => out.push(line),
      (line) => err.push(line),
    );

    // Act
    logger.info('request', {
      requestId: 'r1',
      apiRequestId: 'a1',
      route: 'listRepos',
      method: 'GET',
      path: '/api/repos',
      status: 200,
      latencyMs: 12,
      githubRoundTrips: 2,
      storeRequests: 3,
      _aws: { CloudWatchMetrics: [] },
    });
    logger.info('something else', { detail: 1 });
    logger.error('Unhandled error', { requestId: 'r2', errorName: 'TypeError' });

    // Assess
    expect(out).toEqual(['GET /api/repos 200 12 ms  listRepos  github 2  dynamodb 3']);
    expect(err.map((line) => JSON.parse(line))).toEqual([
      { level: 'ERROR', message: 'Unhandled error', requestId: 'r2', errorName: 'TypeError' },
    ]);
  });
});
