import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, openPull, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createCliHome, runCli, type CliHome } from './cli-support';

/** `cms schedules ls|publish|unpublish|mv|rm` (the real binary) against local mode, with an API token. */
let service: TestService;
let api: ApiClient;
let demo: string;
let home: CliHome;
let token: string;
const cms = (args: string[]) => runCli(args, home.env({ CMS_TOKEN: token }));
const post = '2024-02-14-hello-world';

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
  token = (
    await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:publish'],
    })
  ).token;
  home = await createCliHome(service.url);
});
afterAll(async () => {
  await home?.remove();
  await service?.stop();
});

describe('schedules from the command line', () => {
  let id: string;

  it('schedules the publish of a draft two hours ahead and lists it', async () => {
    await saveDraft(api, demo, post, { title: 'From the CLI' });
    const { number } = await openPull(api, demo, post, 'From the CLI');
    const result = await cms([
      'schedules',
      'publish',
      'demo/blog',
      String(number),
      '--at',
      '+2h',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const schedule = JSON.parse(result.stdout) as { id: string; at: string; state: string };
    expect(schedule.state).toBe('pending');
    expect(Math.abs(Date.parse(schedule.at) - (Date.now() + 2 * 3_600_000))).toBeLessThan(60_000);
    id = schedule.id;
    const listed = await cms(['schedules', 'ls', 'demo/blog']);
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain(`publish #${number}`);
    expect(listed.stdout).toContain('pending');
  });

  it('moves and cancels it', async () => {
    // A month ahead, written at +01:00 and answered in UTC.
    const utc = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30 * 86_400_000);
    const local = new Date(utc.getTime() + 3_600_000).toISOString().slice(0, 19) + '+01:00';
    const moved = await cms(['schedules', 'mv', 'demo/blog', id, '--at', local]);
    expect(moved, moved.stderr).toMatchObject({
      code: 0,
      stdout: `Schedule ${id} now runs at ${utc.toISOString()}\n`,
    });
    const cancelled = await cms(['schedules', 'rm', 'demo/blog', id]);
    expect(cancelled, cancelled.stderr).toMatchObject({
      code: 0,
      stdout: `Schedule ${id} is cancelled\n`,
    });
    const listed = (await api.get(`${blog}/schedules`, { session: demo })).body.schedules;
    expect(listed).toEqual([
      expect.objectContaining({ id, state: 'cancelled', at: utc.toISOString() }),
    ]);
  });

  it('lists the activity those commands made, newest first (cms activity)', async () => {
    const listed = await cms(['activity', 'demo/blog', '--json', '-n', '3']);
    expect(listed.code, listed.stderr).toBe(0);
    const records = JSON.parse(listed.stdout) as { action: string; actor: { via: string } }[];
    expect(records.map((record) => record.action)).toEqual([
      'cancelSchedule',
      'reschedule',
      'createSchedule',
    ]);
    expect(records.every((record) => record.actor.via === 'token')).toBe(true);
    const table = await cms(['activity', '-n', '1']);
    expect(table.stdout).toMatch(/cancelSchedule\s+demo\/blog/);
  });

  it('refuses a time without an offset before asking the service', async () => {
    const refused = await cms([
      'schedules',
      'publish',
      'demo/blog',
      '1',
      '--at',
      '2030-01-02T09:00',
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('expected a date-time with an offset');
  });
});
