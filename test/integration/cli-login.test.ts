import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import {
  createCliHome,
  devicePrompt,
  loginAs,
  runCli,
  startCli,
  type CliHome,
} from './cli-support';

/** How `cms login` ends when the user refuses, the code runs out, or the service says slow_down. */
let denying: TestService;
let expiring: TestService;
/** Sign-ins that succeed: scoped logins and logouts. */
let signing: TestService;
const homes: CliHome[] = [];
const homeFor = async (url: string) => {
  const home = await createCliHome(url);
  homes.push(home);
  return home;
};

beforeAll(async () => {
  // Two services: the expiry test moves its service's clock, which must not touch the other.
  [denying, expiring, signing] = await Promise.all([
    startTestService(),
    startTestService(),
    startTestService(),
  ]);
});
afterAll(async () => {
  await Promise.all(homes.map((home) => home.remove()));
  await Promise.all([denying?.stop(), expiring?.stop(), signing?.stop()]);
});

type Credentials = {
  current?: string;
  services: Record<string, { token: string; username: string; expiresAt: string }>;
};
const credentialsOf = async (home: CliHome): Promise<Credentials> =>
  JSON.parse(await readFile(path.join(home.dir, 'config', 'cms', 'credentials.json'), 'utf8'));

/**
 * A device-flow endpoint that answers success at the first poll; it records what the start asked
 * for and when polls came. How the polls are paced after slow_down is asserted on the CLI's own
 * clock (test/unit/cli/device-login.test.ts), not by waiting its seconds here.
 */
async function startDeviceStub() {
  const polls: number[] = [];
  const started: string[] = [];
  const server = http.createServer(async (request, response) => {
    const answer = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/auth/device') {
      let text = '';
      for await (const chunk of request) text += String(chunk);
      started.push(text);
      return answer({
        deviceCode: 'stub-device-code',
        userCode: 'STUB-CODE',
        verificationUri: 'http://127.0.0.1:9/login/device',
        expiresIn: 900,
        interval: 1,
      });
    }
    polls.push(Date.now());
    return answer({
      status: 'success',
      token: 'cms_stub.token',
      expiresAt: '2030-01-01T00:00:00.000Z',
      username: 'stub',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    polls,
    started,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.concurrent('cms login', () => {
  it('stops with exit 4 and a clear message when the user denies at the device page', async () => {
    const home = await homeFor(denying.url);
    const result = await loginAs(home.env(), 'demo', 'deny');
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/error: The sign-in was denied at the verification page\.\n$/);
    await expect(
      readFile(path.join(home.dir, 'config', 'cms', 'credentials.json')),
    ).rejects.toThrow(/ENOENT/);
  });

  it('stops with exit 1 when the code expires before anyone approves it', async () => {
    const home = await homeFor(expiring.url);
    const cli = startCli(['login', '--json'], home.env());
    await cli.waitForStderr(devicePrompt);
    expiring.advanceClock(901_000);
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr.split('\n').at(-2) ?? '')).toEqual({
      error: 'The code expired before it was approved; run cms login again.',
    });
    expect(result.stdout).toBe('');
  });

  it('sends the whole scope and polls no sooner than the interval', async () => {
    // Arrange
    const stub = await startDeviceStub();
    const home = await homeFor(stub.url);
    const started = Date.now();

    // Act
    const result = await startCli(['login', '--json'], home.env()).done;
    await stub.close();

    // Assess
    expect(result.code, result.stderr).toBe(0);
    const everyday = ['content:read', 'content:write', 'config:read', 'repos:read'];
    expect(JSON.parse(result.stdout)).toEqual({
      url: stub.url,
      username: 'stub',
      expiresAt: '2030-01-01T00:00:00.000Z',
      permissions: everyday,
      repos: ['*'],
    });
    // The whole scope is sent: no body would be the service's default, every permission for 90 days.
    expect(stub.started.map((body) => JSON.parse(body))).toEqual([
      { permissions: everyday, repos: ['*'], expiresIn: 30 * 86_400 },
    ]);
    const [first = 0] = stub.polls;
    expect(stub.polls).toHaveLength(1);
    expect(first - started).toBeGreaterThanOrEqual(1000);
  });
});

describe.concurrent('what cms login asks for', () => {
  const everyday = ['content:read', 'content:write', 'config:read', 'repos:read'];
  const listedToken = async (login: string, expiresAt: string) =>
    (
      await apiClient(signing.url).get('/api/tokens', {
        session: await apiClient(signing.url).signIn(login),
      })
    ).body.find((listed: { expiresAt: string }) => listed.expiresAt === expiresAt);

  it('without options asks for the least the everyday commands need, for 30 days, says so, and gets exactly that', async () => {
    // Arrange
    const home = await homeFor(signing.url);
    const started = Date.now();

    // Act
    const result = await loginAs(home.env(), 'alice');

    // Assess
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'Asking for a token with content:read, content:write, config:read, repos:read on every repository, for 30 days (--permissions, --repos and --expires-in ask for another; --permissions all for every permission)\n',
    );
    expect(result.stdout).toMatch(
      /^Signed in to \S+ as alice \(the token expires \d{4}-\d\d-\d\d; content:read, content:write, config:read, repos:read on every repository\)\n$/,
    );
    const { token, expiresAt } = (await credentialsOf(home)).services[signing.url]!;
    expect((Date.parse(expiresAt) - started) / 86_400_000).toBeCloseTo(30, 2);
    expect(await listedToken('alice', expiresAt)).toMatchObject({
      repos: ['*'],
      permissions: everyday,
    });
    const refused = await apiClient(signing.url).delete(
      '/api/repos/demo%2Fblog/content/posts/2024-02-14-hello-world?sha=x',
      { token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This API token lacks the content:delete permission');
  });

  it('asks for every permission only when told --permissions all, and prints the scope in its JSON', async () => {
    const home = await homeFor(signing.url);

    const result = await loginAs(home.env(), 'bob', 'approve', ['--permissions', 'all', '--json']);

    expect(result.code, result.stderr).toBe(0);
    const all = [
      'content:read',
      'content:write',
      'content:delete',
      'content:publish',
      'config:read',
      'repos:read',
    ];
    const printed = JSON.parse(result.stdout);
    expect(printed).toEqual({
      url: signing.url,
      username: 'bob',
      expiresAt: expect.any(String),
      permissions: all,
      repos: ['*'],
    });
    expect(await listedToken('bob', printed.expiresAt)).toMatchObject({
      repos: ['*'],
      permissions: all,
    });
  });

  it('refuses "all" mixed with names (exit 2), and its help states the defaults and all', async () => {
    const home = await homeFor(signing.url);
    const mixed = await runCli(['login', '--permissions', 'all,content:read'], home.env());
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/"all" stands alone/);
    const help = await runCli(['login', '--help'], home.env());
    expect(help.code).toBe(0);
    const text = help.stdout.replace(/\s+/g, ' ');
    expect(text).toContain(
      'By default it asks for the least the everyday commands need: content:read, content:write, config:read, repos:read on every repository, for 30 days',
    );
    expect(text).toContain(
      'or all for every one (default: content:read,content:write,config:read,repos:read;',
    );
    expect(text).toContain('(default: 30d)');
  });
});

describe.concurrent('cms login with a scope, and cms logout', () => {
  it('sends --permissions, --repos and --expires-in, prints the review link, and stores a token of exactly that scope', async () => {
    // Arrange
    const home = await homeFor(signing.url);
    const api = apiClient(signing.url);
    const started = Date.now();

    // Act
    const result = await loginAs(home.env(), 'alice', 'approve', [
      '--permissions',
      'content:read,config:read',
      '--repos',
      'demo/blog',
      '--expires-in',
      '7d',
    ]);

    // Assess
    expect(result.code, result.stderr).toBe(0);
    const [, review = ''] =
      /What approving it grants \(permissions, repositories, lifetime\): (\S+)\n/.exec(
        result.stderr,
      ) ?? [];
    expect(review).toMatch(
      new RegExp(`^${signing.url}/auth/device/review\\?code=[A-Z0-9]{4}-[A-Z0-9]{4}$`),
    );
    const { token, expiresAt } = (await credentialsOf(home)).services[signing.url]!;
    expect((Date.parse(expiresAt) - started) / 86_400_000).toBeCloseTo(7, 2);
    expect((await api.get('/api/repos', { token })).status).toBe(403);
    expect((await api.get('/api/repos/demo%2Fdocs/config', { token })).body.error).toMatch(
      /outside this API token's scope/,
    );
    const session = await api.signIn('alice');
    expect(
      (await api.get('/api/tokens', { session })).body.find(
        (listed: { expiresAt: string }) => listed.expiresAt === expiresAt,
      ),
    ).toMatchObject({
      repos: ['demo/blog'],
      permissions: ['content:read', 'config:read'],
    });
  });

  it("refuses a malformed --expires-in (exit 2) and shows the service's 400 for an unknown permission (exit 1), before any prompt", async () => {
    const home = await homeFor(signing.url);
    const duration = await runCli(['login', '--expires-in', 'soon'], home.env());
    expect(duration.code).toBe(2);
    expect(duration.stderr).toMatch(/expected a duration such as 7d/);
    const permission = await runCli(['login', '--permissions', 'content:admin'], home.env());
    expect(permission.code).toBe(1);
    expect(permission.stderr).toMatch(/^error: body\.permissions\[0\]: /);
    expect(permission.stderr).not.toMatch(devicePrompt);
  });

  it('logout revokes the stored token on the service, then forgets it', async () => {
    // Arrange
    const home = await homeFor(signing.url);
    expect((await loginAs(home.env(), 'bob')).code).toBe(0);
    const { token } = (await credentialsOf(home)).services[signing.url]!;
    const api = apiClient(signing.url);
    expect((await api.get('/api/github/repos', { token })).status).toBe(200);

    // Act
    const result = await runCli(['logout'], home.env());

    // Assess
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`Signed out of ${signing.url}. The token is revoked.\n`);
    expect((await api.get('/api/github/repos', { token })).status).toBe(401);
    expect((await credentialsOf(home)).services).toEqual({});
  });

  it('logout still forgets a token the service no longer accepts (401)', async () => {
    const home = await homeFor(signing.url);
    expect((await loginAs(home.env(), 'bob')).code).toBe(0);
    const { token } = (await credentialsOf(home)).services[signing.url]!;
    expect((await apiClient(signing.url).delete('/api/auth/token', { token })).status).toBe(200);

    const result = await runCli(['logout', '--json'], home.env());

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ url: signing.url, removed: true, revoked: false });
    expect((await credentialsOf(home)).services).toEqual({});
  });

  it('logout keeps the token when the service cannot be reached; --local forgets it without revoking', async () => {
    // Arrange: a stored login for a service that is gone
    const gone = 'http://127.0.0.1:9';
    const home = await homeFor(gone);
    const dir = path.join(home.dir, 'config', 'cms');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'credentials.json'),
      JSON.stringify({
        current: gone,
        services: {
          [gone]: { token: 'cms_x.y', username: 'bob', expiresAt: '2999-01-01T00:00:00.000Z' },
        },
      }),
    );

    // Act + Assess
    const failed = await runCli(['logout'], home.env());
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /^error: Could not revoke the token at http:\/\/127\.0\.0\.1:9: Cannot reach .*run cms logout again, or cms logout --local/,
    );
    expect((await credentialsOf(home)).services[gone]).toBeDefined();
    const local = await runCli(['logout', '--local'], home.env());
    expect(local.code).toBe(0);
    expect(local.stdout).toMatch(
      /^Signed out of http:\/\/127\.0\.0\.1:9\. The token stays valid until it expires/,
    );
    expect((await credentialsOf(home)).services).toEqual({});
  });
});
