import { describe, expect, it } from 'vitest';
import { createActivityLog } from '../../shared/activity/activity-log';
import type { ActivityRecord } from '../../shared/activity/activity-schemas';
import { silentLogger, type Logger } from '../../shared/logger';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';
import type { Store } from '../../shared/ports/store';

const record = (at: string, repo?: string): ActivityRecord & { userId: string } => ({
  userId: 'u1',
  at,
  action: 'putContent',
  request: 'PUT /x',
  status: 200,
  actor: { login: 'demo', via: 'session' },
  requestId: 'r',
  ...(repo && { repo }),
});

describe('the audit log on the table', () => {
  it('keeps each record for the retention, then it is gone', async () => {
    let now = Date.UTC(2026, 0, 1);
    const store = createMemoryStore({ now: () => now });
    const log = createActivityLog({
      store,
      now: () => now,
      logger: silentLogger,
      retentionDays: 30,
    });
    await log.record(record('2026-01-01T00:00:00.000Z', 'Demo/Blog'));
    expect((await log.ofRepo({ fullName: 'demo/blog', limit: 10 })).records).toHaveLength(1);
    now += 30 * 86_400_000 - 1000;
    expect((await log.ofRepo({ fullName: 'demo/blog', limit: 10 })).records).toHaveLength(1);
    now += 1000;
    expect((await log.ofRepo({ fullName: 'demo/blog', limit: 10 })).records).toEqual([]);
  });

  it('puts each record under its repository and its user, and one outside repositories under the user only', async () => {
    const store = createMemoryStore();
    const log = createActivityLog({ store, now: Date.now, logger: silentLogger });
    await log.record(record('2026-01-01T00:00:01.000Z', 'demo/blog'));
    await log.record(record('2026-01-01T00:00:02.000Z'));
    expect(
      (await log.ofRepo({ fullName: 'demo/blog', limit: 10 })).records.map((entry) => entry.at),
    ).toEqual(['2026-01-01T00:00:01.000Z']);
    expect(
      (await log.ofUser({ userId: 'u1', limit: 10 })).records.map((entry) => entry.at),
    ).toEqual(['2026-01-01T00:00:02.000Z', '2026-01-01T00:00:01.000Z']);
  });

  it('never fails the request whose change is made: a record the table refuses is logged', async () => {
    const failing = {
      ...createMemoryStore(),
      put: async () => Promise.reject(new Error('throttled')),
    } as Store;
    const lines: string[] = [];
    const logger: Logger = {
      info: () => undefined,
      error: (message, fields) => lines.push(`${message} ${JSON.stringify(fields)}`),
    };
    await expect(
      createActivityLog({ store: failing, now: Date.now, logger }).record(
        record('2026-01-01T00:00:00.000Z', 'demo/blog'),
      ),
    ).resolves.toBeUndefined();
    expect(lines).toEqual([expect.stringContaining('Activity record not written')]);
  });
});
