import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/local-service';
import { createCliHome, devicePrompt, loginAs, startCli, type CliHome } from './cli-support';

/** How `cms login` ends when the user refuses, the code runs out, or the service says slow_down. */
let denying: TestService;
let expiring: TestService;
const homes: CliHome[] = [];
const homeFor = async (url: string) => {
  const home = await createCliHome(url);
  homes.push(home);
  return home;
};

beforeAll(async () => {
  // Two services: the expiry test moves its service's clock, which must not touch the other.
  [denying, expiring] = await Promise.all([startTestService(), startTestService()]);
});
afterAll(async () => {
  await Promise.all(homes.map((home) => home.remove()));
  await Promise.all([denying?.stop(), expiring?.stop()]);
});

/** A device-flow endpoint that answers slow_down once, then success; it records when polls came. */
async function startSlowDownStub() {
  const polls: number[] = [];
  const server = http.createServer((request, response) => {
    const answer = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/auth/device') {
      return answer({ deviceCode: 'stub-device-code', userCode: 'STUB-CODE', verificationUri: 'http://127.0.0.1:9/login/device', expiresIn: 900, interval: 1 });
    }
    polls.push(Date.now());
    return answer(polls.length === 1 ? { status: 'slow_down' } : { status: 'success', token: 'cms_stub.token', expiresAt: '2030-01-01T00:00:00.000Z', username: 'stub' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, polls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.concurrent('cms login', () => {
  it('stops with exit 4 and a clear message when the user denies at the device page', async () => {
    const home = await homeFor(denying.url);
    const result = await loginAs(home.env(), 'demo', 'deny');
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/error: The sign-in was denied at the verification page\.\n$/);
    await expect(readFile(path.join(home.dir, 'config', 'cms', 'credentials.json'))).rejects.toThrow(/ENOENT/);
  });

  it('stops with exit 1 when the code expires before anyone approves it', async () => {
    const home = await homeFor(expiring.url);
    const cli = startCli(['login', '--json'], home.env());
    await cli.waitForStderr(devicePrompt);
    expiring.advanceClock(901_000);
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr.split('\n').at(-2) ?? '')).toEqual({ error: 'The code expired before it was approved; run cms login again.' });
    expect(result.stdout).toBe('');
  });

  it('polls no faster than interval and adds 5 seconds after slow_down', async () => {
    // Arrange
    const stub = await startSlowDownStub();
    const home = await homeFor(stub.url);
    const started = Date.now();

    // Act
    const result = await startCli(['login', '--json'], home.env()).done;
    await stub.close();

    // Assess
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ url: stub.url, username: 'stub', expiresAt: '2030-01-01T00:00:00.000Z' });
    const [first = 0, second = 0] = stub.polls;
    expect(first - started).toBeGreaterThanOrEqual(1000);
    expect(second - first).toBeGreaterThanOrEqual(6000);
  }, 20_000);
});
