import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/gateway';
import { createLocalHandlers } from '../../infra/local/handlers';
import { tableName } from '../../infra/local/runtime';
import { loadOrCreateSecret } from '../../infra/local/secrets';
import { createLocalStaging } from '../../infra/local/media-staging';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import { apiClient, type ApiClient, type Credentials } from '../support/api-client';
import { gitShow } from '../support/git-read';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { cookiesOf, readForm, startSignIn, type TestService } from '../support/local-service';
import { sendRaw } from '../support/raw-http';
import { signedInService } from '../support/signed-in';
import { createTeamRepo, teamPost } from '../support/team-repo';

/**
 * Attacks on credentials and scope: tampered and swapped tokens, other users' tokens, scope
 * escapes through repository names, CSRF, OAuth state, sealed provider tokens moved between
 * users, a foreign provider token in the device flow; and the whole run's logs scanned for every
 * secret the run saw.
 */
let service: TestService;
let api: ApiClient;
let logs: LogCapture;
let demo: string;
let alice: string;
/** Every credential and secret value this run handles; none may appear in any log. */
const secrets = new Map<string, string>();
const remember = (label: string, value: string | undefined | null) => {
  if (value) secrets.set(`${label} #${secrets.size}`, value);
  return value ?? '';
};
const allPermissions = [
  'content:read',
  'content:write',
  'content:delete',
  'content:publish',
  'config:read',
  'repos:read',
];
const createToken = async (session: string, input: { repos: string[]; permissions?: string[] }) => {
  const created = await api.createToken(session, { permissions: allPermissions, ...input });
  remember('api token', created.token);
  return created;
};

beforeAll(async () => {
  logs = captureLogs();
  const signedIn = await signedInService({
    service: { logger: logs.logger },
    users: ['demo', 'alice'],
    repos: ['demo/blog', 'demo/docs'],
  });
  ({ service, api } = signedIn);
  demo = remember('session', signedIn.sessions.demo);
  alice = remember('session', signedIn.sessions.alice);
  remember('app client secret', service.github.app.clientSecret);
  for (const line of service.github.app.privateKeyPem
    .split('\n')
    .filter((text) => text.length > 40))
    remember('app private key line', line);
  for (const name of ['master.key', 'token-hmac.key']) {
    const key = readFileSync(path.join(service.dataDir, 'secrets', name));
    for (const encoding of ['hex', 'base64', 'base64url'] as const)
      remember(`${name} (${encoding})`, key.toString(encoding));
  }
}, 60_000);
afterAll(async () => {
  logs?.restore();
  await service?.stop();
});

describe('tampered API tokens', () => {
  it('are refused with 401 {error} that does not echo them', async () => {
    // Prepare
    const { token } = await createToken(demo, { repos: ['demo/blog'] });
    const other = (await createToken(alice, { repos: ['demo/blog'] })).token;
    const [id, mac] = token.slice(4).split('.') as [string, string];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const tampered = [
      `cms_${flip(id, 0)}.${mac}`,
      `cms_${id}.${flip(mac, 42)}`,
      `cms_${id}.${mac.slice(0, -1)}`,
      `cms_${id}.${mac}A`,
      `cms_${id}.${other.split('.')[1]}`,
      `${other.split('.')[0]}.${mac}`,
      `cms_${id.toLowerCase()}.${mac}`,
      `CMS_${id}.${mac}`,
      `cms_${id}`,
      `cms_${id}.`,
      `cms_${id}..${mac}`,
      `cms_${id}.${Buffer.from(mac, 'base64url').toString('base64')}`,
      `cms_${id}.${'A'.repeat(43)}`,
      token.replace('cms_', 'ghu_'),
    ];

    for (const candidate of tampered) {
      // Act
      const response = await api.get('/api/repos/demo%2Fblog/config', { token: candidate });

      // Assess
      expect(response.status, candidate).toBe(401);
      expect(response.body, candidate).toEqual({ error: expect.any(String) });
      expect(JSON.stringify(response.body)).not.toContain(mac.slice(0, 20));
    }
    expect((await api.get('/api/repos/demo%2Fblog/config', { token })).status).toBe(200);
  });
});

describe("another user's token", () => {
  let token: string;
  let tokenId: string;

  beforeAll(async () => {
    ({ token, tokenId } = await createToken(alice, {
      repos: ['demo/blog'],
      permissions: ['config:read'],
    }));
  });

  it('cannot be revoked by another user (404)', async () => {
    expect((await api.delete(`/api/tokens/${tokenId}`, { session: demo })).status).toBe(404);
  });

  it("is not in another user's list", async () => {
    expect(
      (await api.get('/api/tokens', { session: demo })).body.map(
        (entry: { tokenId: string }) => entry.tokenId,
      ),
    ).not.toContain(tokenId);
  });

  it("cannot be revoked with another user's token (403), and keeps working", async () => {
    const demoToken = (await createToken(demo, { repos: ['*'] })).token;
    expect((await api.delete(`/api/tokens/${tokenId}`, { token: demoToken })).status).toBe(403);
    expect((await api.get('/api/repos/demo%2Fblog/config', { token })).status).toBe(200);
  });

  it('is revoked by its owner, and answers 401 from then on', async () => {
    expect((await api.delete(`/api/tokens/${tokenId}`, { session: alice })).status).toBe(200);
    expect((await api.get('/api/repos/demo%2Fblog/config', { token })).status).toBe(401);
  });
});

describe('scope', () => {
  const blogConfigName = 'Demo blog';
  /** An escape is a 200 for anything but demo/blog (its config is named "Demo blog"). */
  const expectNoEscape = async (requestPath: string, credentials: Credentials) => {
    const response = await sendRaw(service.url, {
      method: 'GET',
      path: requestPath,
      headers: credentials.token ? { authorization: `Bearer ${credentials.token}` } : {},
    });
    const what = `${requestPath} → ${response.status} ${response.text.slice(0, 120)}`;
    expect(response.status, what).toBeLessThan(500);
    if (response.status === 200) {
      const body = response.json as { name?: string } | { frontmatter?: unknown }[];
      if (requestPath.includes('/config'))
        expect((body as { name?: string }).name, what).toBe(blogConfigName);
      else expect(JSON.stringify(body), what).not.toMatch(/content\/docs|"docs\//);
    }
    return response.status;
  };

  it('a token for demo/blog reaches nothing else through *, encoded slashes, traversal or look-alike names', async () => {
    const { token } = await createToken(demo, { repos: ['demo/blog'] });
    const attempts = [
      '/api/repos/*/config',
      '/api/repos/*%2F*/config',
      '/api/repos/demo%2F*/config',
      '/api/repos/demo/*/config',
      '/api/repos/%2A%2F%2A/config',
      '/api/repos/demo%2Fdocs/config',
      '/api/repos/demo%2fdocs/config',
      '/api/repos/demo%252Fdocs/config',
      '/api/repos/demo/docs/config',
      '/api/repos/demo%2Fblog%2F..%2Fdocs/config',
      '/api/repos/demo/blog/../docs/config',
      '/api/repos/demo/blog/%2e%2e/docs/config',
      '/api/repos/demo%2Fblog/..%2F..%2Fdemo%2Fdocs/config',
      '/api/repos/demo%5Cdocs/config',
      '/api/repos/demo%2Fblog%00docs/config',
      '/api/repos/demo%2Fdocs%00blog/config',
      '/api/repos/demo%2Fblog.git/config',
      '/api/repos/DEMO%2FDOCS/config',
      '/api/repos/Demo%2FDocs/config',
      '/api/repos/demo%2Fbl%CE%BFg/config',
      '/api/repos/demo%2Fblog%20/config',
      '/api/repos/%20demo%2Fblog/config',
      '/api/repos/demo%2Fblog/content/..%2F..%2Fdocs',
      '/api/repos/demo%2Fdocs/content/docs',
      '/api/repos/demo%2FDOCS/content/docs',
      '/api/repos/*/content/docs',
      '/api/repos/demo%2Fblog/content/posts/..%2F..%2F..%2Fdocs%2Fdocs%2Fgetting-started',
      '/api/repos/demo%2Fblog/content/posts/x?branch=..%2F..%2Fdocs',
    ];
    const statuses: Record<string, number> = {};
    for (const attempt of attempts) statuses[attempt] = await expectNoEscape(attempt, { token });
    expect(statuses['/api/repos/demo%2Fdocs/config']).toBe(403);
    expect(statuses['/api/repos/DEMO%2FDOCS/config']).toBe(403);
  });

  it('case variants name the same repository, as on GitHub, and only that one', async () => {
    const lower = (await createToken(demo, { repos: ['demo/blog'] })).token;
    const upper = (await createToken(demo, { repos: ['Demo/Blog'] })).token;
    for (const token of [lower, upper]) {
      for (const variant of ['demo%2Fblog', 'Demo%2FBlog', 'DEMO%2FBLOG', 'Demo/blog']) {
        const response = await api.get(`/api/repos/${variant}/config`, { token });
        expect(response.status, variant).toBe(200);
        expect(response.body.name).toBe(blogConfigName);
      }
      expect((await api.get('/api/repos/demo%2Fdocs/config', { token })).status).toBe(403);
      expect(
        (await api.get('/api/repos', { token })).body.map((entry: { fullName: string }) =>
          entry.fullName.toLowerCase(),
        ),
      ).toEqual(['demo/blog']);
    }
  });

  it('a token for demo/blog reaches no connected repository whose name shares its prefix or differs only in case from another', async () => {
    // Prepare: demo/blog-private and demo/blo exist, are connected, and demo reaches them
    for (const name of ['blog-private', 'blo']) await createTeamRepo(service, api, demo, { name });
    const { token } = await createToken(demo, { repos: ['demo/blog'] });
    const { token: longer } = await createToken(demo, { repos: ['demo/blog-private'] });
    const outside = [
      'demo%2Fblog-private',
      'demo%2Fblo',
      'Demo%2FBlog-Private',
      'DEMO%2FBLO',
      'Demo%2FDocs',
      'demo/blog-private',
    ];

    for (const repo of outside) {
      // Act
      const read = await api.get(`/api/repos/${repo}/config`, { token });

      // Assess
      expect((await api.get(`/api/repos/${repo}/config`, { session: demo })).status, repo).toBe(
        200,
      );
      expect(read.status, repo).toBe(403);
      expect(read.body.error).toMatch(/^Repository \S+ is outside this API token's scope$/);
    }
    const write = await api.put(
      `/api/repos/demo%2Fblog-private/content/posts/${teamPost}`,
      { frontmatter: { title: 'Escape', date: '2024-02-14' }, body: 'x' },
      { token },
    );
    expect(write.status).toBe(403);
    expect(
      gitShow(service.github, 'demo/blog-private', `main:content/posts/${teamPost}.md`),
    ).not.toContain('Escape');
    expect(
      (await api.get('/api/repos', { token })).body.map(
        (entry: { fullName: string }) => entry.fullName,
      ),
    ).toEqual(['demo/blog']);
    expect(
      (await api.get('/api/github/repos', { token })).body.map(
        (entry: { fullName: string }) => entry.fullName,
      ),
    ).toEqual(['demo/blog']);
    // The other way round: a scope longer than the name asked for.
    expect((await api.get('/api/repos/demo%2Fblog/config', { token: longer })).status).toBe(403);
    expect((await api.get('/api/repos/demo%2Fblog-private/config', { token: longer })).status).toBe(
      200,
    );
  });

  it('a "*" token reaches no more than its creator can on GitHub', async () => {
    const { token } = await createToken(alice, { repos: ['*'] });
    expect((await api.get('/api/repos/demo%2Fblog/config', { token })).status).toBe(200);
    const docs = await api.get('/api/repos/demo%2Fdocs/config', { token });
    expect(docs.status).toBe(404);
    expect((await api.get('/api/repos/demo%2Fdocs/content/docs', { token })).status).toBe(404);
    const write = await api.put(
      '/api/repos/demo%2Fdocs/content/docs/escape',
      { frontmatter: { title: 'Escape' }, body: 'x' },
      { token },
    );
    expect([403, 404]).toContain(write.status);
  });
});

describe('CSRF', () => {
  const origins = [
    'https://evil.example',
    'null',
    'http://127.0.0.1',
    'http://localhost',
    'https://127.0.0.1',
  ];
  /** Changes a forged request would make with demo's cookie: a token, an edit, a disconnect, a sign-out. */
  const changesOf = async () => {
    const item = (await api.get('/api/repos/demo%2Fblog/content/pages/about', { session: demo }))
      .body;
    return [
      ['POST', '/api/tokens', { name: 'csrf', repos: ['*'], permissions: ['content:write'] }],
      [
        'PUT',
        '/api/repos/demo%2Fblog/content/pages/about',
        { frontmatter: { ...item.frontmatter, title: 'CSRF' }, body: item.body, sha: item.sha },
      ],
      ['DELETE', '/api/repos/demo%2Fdocs', undefined],
      ['POST', '/auth/logout', undefined],
    ] as const;
  };
  const expectNothingChanged = async (tokensBefore: number) => {
    expect((await api.get('/api/tokens', { session: demo })).body).toHaveLength(tokensBefore);
    expect(gitShow(service.github, 'demo/blog', 'main:content/pages/about.md')).not.toContain(
      'CSRF',
    );
    expect(
      (await api.get('/api/repos', { session: demo })).body.map(
        (entry: { fullName: string }) => entry.fullName,
      ),
    ).toContain('demo/docs');
    expect((await api.get('/api/auth/me', { session: demo })).body).toEqual({
      authenticated: true,
      username: 'demo',
    });
  };

  it('refuses every cookie-authenticated change from another origin (403) and changes nothing', async () => {
    // Prepare
    const tokensBefore = (await api.get('/api/tokens', { session: demo })).body.length;
    const sameHostOtherPort = service.url.replace(
      /:(\d+)$/,
      (_, port: string) => `:${Number(port) + 1}`,
    );
    const lookAlike = `${service.url}.evil.example`;
    const changes = await changesOf();

    for (const origin of [...origins, sameHostOtherPort, lookAlike]) {
      for (const [method, target, body] of changes) {
        // Act
        const response = await api.call(method, target, { session: demo, origin }, body);

        // Assess
        expect(response.status, `${method} ${target} from ${origin}`).toBe(403);
      }
    }
    const noOrigin = await fetch(`${service.url}/api/tokens`, {
      method: 'POST',
      headers: {
        cookie: `cms_session=${demo}`,
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify(changes[0][2]),
    });
    expect(noOrigin.status).toBe(403);
    await expectNothingChanged(tokensBefore);
  });

  it('refuses a cookie-authenticated change that carries neither Origin nor Sec-Fetch-Site (403), and changes nothing', async () => {
    // Prepare: raw requests, so that nothing adds either header
    const tokensBefore = (await api.get('/api/tokens', { session: demo })).body.length;

    for (const [method, target, body] of await changesOf()) {
      // Act
      const headers = {
        cookie: `cms_session=${demo}`,
        ...(body && { 'content-type': 'application/json' }),
      };
      const response = await sendRaw(service.url, {
        method,
        path: target,
        headers,
        ...(body && { body: JSON.stringify(body) }),
      });

      // Assess
      expect(response.status, `${method} ${target}`).toBe(403);
      expect(response.json).toEqual({
        error:
          "Cross-origin request refused: cookie-authenticated changes must come from the editor's own origin",
      });
    }
    await expectNothingChanged(tokensBefore);
  });
});

describe('OAuth callback', () => {
  const sessions = async () =>
    ((await service.dynamo.doc.send(new ScanCommand({ TableName: tableName }))).Items ?? []).filter(
      (item) => String(item.pk).startsWith('SESSION#'),
    ).length;

  it("without state, with a wrong state, or with another browser's state answers 400 and creates no session", async () => {
    // Prepare
    const before = await sessions();
    const victim = await startSignIn(service.url, 'demo');
    const attacker = await startSignIn(service.url, 'bob');
    remember('oauth state', victim.oauthCookie);
    remember('oauth state', attacker.oauthCookie);
    const victimUrl = new URL(victim.callbackUrl);
    remember('oauth code', victimUrl.searchParams.get('code'));
    remember('oauth code', new URL(attacker.callbackUrl).searchParams.get('code'));
    const code = victimUrl.searchParams.get('code')!;
    const attempts: [string, string, string | undefined][] = [
      ['no state, no cookie', `${service.url}/auth/callback?code=${code}`, undefined],
      ['no state, with cookie', `${service.url}/auth/callback?code=${code}`, victim.oauthCookie],
      ['state, no cookie', victim.callbackUrl, undefined],
      [
        'wrong state',
        `${service.url}/auth/callback?code=${code}&state=${'B'.repeat(43)}`,
        victim.oauthCookie,
      ],
      ["another browser's state (login CSRF)", attacker.callbackUrl, victim.oauthCookie],
      ['empty state', `${service.url}/auth/callback?code=${code}&state=`, ''],
    ];

    for (const [name, url, cookie] of attempts) {
      // Act
      const response = await fetch(url, {
        redirect: 'manual',
        headers: cookie === undefined ? {} : { cookie: `cms_oauth=${cookie}` },
      });

      // Assess
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toEqual({ error: expect.any(String) });
      expect(cookiesOf(response).cms_session, name).toBeUndefined();
    }
    expect(await sessions()).toBe(before);
  });
});

describe('sealed provider tokens', () => {
  it("a ciphertext copied from another user's record is refused, never used as that user", async () => {
    // Prepare: bob can reach nothing; alice can reach demo/blog. Bob's record gets alice's sealed tokens.
    const bob = remember('session', await api.signIn('bob'));
    const aliceRecord = (
      await service.dynamo.doc.send(
        new GetCommand({ TableName: tableName, Key: { pk: 'USER#1002', sk: 'PROFILE' } }),
      )
    ).Item!;
    const bobRecord = (
      await service.dynamo.doc.send(
        new GetCommand({ TableName: tableName, Key: { pk: 'USER#1003', sk: 'PROFILE' } }),
      )
    ).Item!;
    expect(aliceRecord.tokens).not.toBe(bobRecord.tokens);
    await service.dynamo.doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: 'USER#1003', sk: 'PROFILE' },
        UpdateExpression: 'SET #t = :t',
        ExpressionAttributeNames: { '#t': 'tokens' },
        ExpressionAttributeValues: { ':t': aliceRecord.tokens },
      }),
    );

    // Act
    const repos = await api.get('/api/github/repos', { session: bob });
    const config = await api.get('/api/repos/demo%2Fblog/config', { session: bob });

    // Assess
    expect(repos.body, "acting with alice's GitHub token").not.toEqual(
      expect.arrayContaining([expect.objectContaining({ fullName: 'demo/blog' })]),
    );
    expect(config.status).not.toBe(200);
    expect(repos.status, JSON.stringify(repos.body)).toBe(401);
    expect(repos.body).toEqual({ error: expect.stringMatching(/sign in again/) });
  });
});

describe('device flow', () => {
  it('mints a token for a provider token of this app (the path the logs must keep quiet about too)', async () => {
    const started = await api.post('/auth/device', undefined);
    remember('device code', started.body.deviceCode);
    await approveDevice(started.body.verificationUri, started.body.userCode, 'alice');
    service.advanceClock(5_000);
    const answer = await api.post('/auth/device/token', { deviceCode: started.body.deviceCode });
    expect(answer.body).toMatchObject({ status: 'success', username: 'alice' });
    remember('device-minted token', answer.body.token);
  });

  it('refuses a provider token that was not issued to this app, and mints nothing', async () => {
    // Prepare: the same service behind a host proxy that swaps the granted token for a foreign one.
    const foreign = remember(
      'foreign provider token',
      `ghu_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`,
    );
    const proxy = await startSwappingProxy(service.github.url, foreign);
    const { gateway, advanceClock, stop } = await startServiceVia(proxy.url);
    try {
      const started = await apiClient(gateway).post('/auth/device', undefined);
      expect(started.status).toBe(200);
      remember('device code', started.body.deviceCode);
      await approveDevice(started.body.verificationUri, started.body.userCode, 'demo');
      service.advanceClock(5_000);
      advanceClock(5_000);
      const tokensBefore = await countItems('TOKEN#');
      service.github.resetRequestCount();

      // Act
      const answer = await apiClient(gateway).post('/auth/device/token', {
        deviceCode: started.body.deviceCode,
      });

      // Assess
      expect(proxy.swapped()).toBe(1);
      expect(answer.body.status).not.toBe('success');
      expect(answer.body).not.toHaveProperty('token');
      expect(answer.status, JSON.stringify(answer.body)).toBe(502);
      expect(await countItems('TOKEN#')).toBe(tokensBefore);
      expect(service.github.requestLog().filter((entry) => entry.path === '/api/v3/user')).toEqual(
        [],
      );
    } finally {
      await stop();
      await proxy.close();
    }
  });
});

describe('error answers and logs', () => {
  it('a provider failure during a token call is logged without the token', async () => {
    const { token } = await createToken(demo, { repos: ['demo/blog'] });
    service.github.injectFaults(
      { kind: 'secondary-rate-limit', retryAfterSeconds: 60, count: 1 },
      { pathPrefix: '/api/graphql' },
    );
    const response = await api.get('/api/repos/demo%2Fblog/content/posts', { token });
    expect(response.status).toBe(503);
    expect(JSON.stringify(response.body)).not.toContain(token);
  });

  it("the whole run's logs (service logger, stdout, stderr, console) hold no token, secret or cookie value", async () => {
    // Provider tokens the host issued during the run are not visible to the test; any GitHub token shape counts.
    const text = logs.text();
    expect(text.length, 'the capture saw the run').toBeGreaterThan(0);
    expect(text).toMatch(/"message":"request"/);
    // Positive control: the scan finds what is there.
    expect(logs.leaks([['control', '"route":"getConfig"']])).toHaveLength(1);
    expect(logs.leaks(secrets)).toEqual([]);
    expect(text.match(/\bgh[opsur]_[A-Za-z0-9_]{16,}/g) ?? []).toEqual([]);
    expect(text.match(/\bcms_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{20,}/g) ?? []).toEqual([]);
    expect(text).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
    expect(text).not.toMatch(/cms_session=[A-Za-z0-9_-]{20,}/);
  });
});

async function countItems(prefix: string) {
  return (
    (await service.dynamo.doc.send(new ScanCommand({ TableName: tableName }))).Items ?? []
  ).filter((item) => String(item.pk).startsWith(prefix)).length;
}

/** The user at the provider's device page, as a browser would submit its form. */
async function approveDevice(verificationUri: string, userCode: string, login: string) {
  const page = await fetch(verificationUri);
  const form = readForm(await page.text(), verificationUri);
  const response = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, user_code: userCode, login, action: 'approve' }),
  });
  expect(response.status).toBe(200);
}

/**
 * A proxy to the local host that passes everything through, except that a successful
 * device_code grant hands out `foreign` instead: what a token issued to another app looks like
 * to us (GitHub's token check does not know it under our client id).
 */
async function startSwappingProxy(target: string, foreign: string) {
  let swapped = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([name]) => !['host', 'content-length', 'connection'].includes(name),
        ),
      ) as Record<string, string>;
      const upstream = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
        redirect: 'manual',
      });
      let text = await upstream.text();
      if (req.url === '/login/oauth/access_token' && body.toString().includes('device_code')) {
        const answer = JSON.parse(text) as { access_token?: string };
        if (answer.access_token) {
          answer.access_token = foreign;
          swapped += 1;
          text = JSON.stringify(answer);
        }
      }
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    swapped: () => swapped,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The service's own handlers, wired as local mode wires them, but talking to GitHub through `githubUrl`. */
async function startServiceVia(githubUrl: string) {
  let publicUrl = '';
  let offset = 0;
  const handlers = createLocalHandlers({
    store: createDynamoDbStore({ client: service.dynamo.doc, tableName }),
    keyProvider: createLocalKeyProvider(await loadOrCreateSecret(service.dataDir, 'master.key')),
    tokenHmacKey: await loadOrCreateSecret(service.dataDir, 'token-hmac.key'),
    github: { url: githubUrl, app: service.github.app },
    logger: logs.logger,
    publicUrl: () => publicUrl,
    now: () => Date.now() + offset,
    uploadStaging: createLocalStaging({
      dir: path.join(service.dataDir, 'media-staging'),
      publicUrl: () => publicUrl,
      now: () => Date.now() + offset,
    }).staging,
    scheduleTimer: { arm: async () => undefined, disarm: async () => undefined },
  });
  const gateway = await startGateway({ handlers, port: 0 });
  publicUrl = gateway.url;
  return {
    gateway: gateway.url,
    advanceClock: (ms: number) => {
      offset += ms;
    },
    stop: () => gateway.close(),
  };
}
