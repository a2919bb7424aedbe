import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult, DoctorOptions } from '../../cli/lib/doctor/check';
import { runDoctor } from '../../cli/lib/doctor/run-doctor';
import { editorHeadersFor } from '../../shared/http/editor-headers';
import { defaultPreviewFrameOrigins } from '../../shared/pulls/preview-origins';

/**
 * What `cms doctor` says when a deployment is wrong: a tiny HTTP server plays a service that
 * answers like the real one, but for the one thing each test breaks, and every failure names what
 * it means and what to do.
 */

interface Behaviour {
  health: unknown;
  editorHeaders: Record<string, string>;
  /** The Location of /auth/login, given the server's own address. */
  login: (self: string) => string;
  compress: boolean;
  /** Answers with a foreign Host header as the local gateway must not (421) or as a careless server does. */
  checksHost: boolean;
  /** What /api/auth/me says with a bearer token, before and after DELETE /api/auth/token. */
  me: { before: unknown; after: unknown };
}

const good = (): Behaviour => ({
  health: { status: 'ok', webhookSecret: true },
  editorHeaders: { ...editorHeadersFor(defaultPreviewFrameOrigins) },
  login: (self) =>
    `http://127.0.0.1:1/login/oauth/authorize?client_id=Iv1.abc&redirect_uri=${encodeURIComponent(`${self}/auth/callback`)}&state=s&code_challenge=c&code_challenge_method=S256`,
  compress: true,
  checksHost: true,
  me: { before: { authenticated: true, username: 'demo' }, after: { authenticated: false } },
});

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function standIn(change: (behaviour: Behaviour) => void = () => {}): Promise<string> {
  const behaviour = good();
  change(behaviour);
  let revoked = false;
  const url = await serve((req, res) => {
    const self = `http://${req.headers.host}`;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    if (!behaviour.checksHost && req.headers.host === 'doctor-check.invalid')
      return json(200, behaviour.health);
    if (req.headers.host !== new URL(url).host) return json(421, { error: 'Misdirected' });
    switch (`${req.method} ${req.url}`) {
      case 'GET /api/health':
        return json(200, behaviour.health);
      case 'GET /app/':
        return res
          .writeHead(200, { 'content-type': 'text/html', ...behaviour.editorHeaders })
          .end('<!doctype html>');
      case 'GET /auth/login':
        return res.writeHead(302, { location: behaviour.login(self) }).end();
      case 'GET /api/openapi.json': {
        const body = JSON.stringify({ openapi: '3.1.0', padding: 'x'.repeat(4096) });
        return behaviour.compress
          ? res
              .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' })
              .end(brotliCompressSync(body))
          : json(200, JSON.parse(body));
      }
      case 'GET /api/auth/me':
        return json(200, revoked ? behaviour.me.after : behaviour.me.before);
      case 'DELETE /api/auth/token':
        revoked = true;
        return json(200, { ok: true });
      default:
        return json(404, { error: 'Not Found' });
    }
  });
  return url;
}

const doctor = (url: string, options: Partial<DoctorOptions> = {}) =>
  runDoctor({ url, apiUrls: [], token: 'cms_throwaway.token', timeoutMs: 5_000, ...options });
const check = (checks: CheckResult[], name: string) =>
  checks.find((result) => result.name === name)!;

describe('cms doctor on a deployment that is wrong', () => {
  it('passes every check on the stand-in as it is, so each test below breaks one thing only', async () => {
    // Act
    const report = await doctor(await standIn());

    // Assess
    expect(report.checks.filter((result) => result.status !== 'ok')).toEqual([]);
  });

  it('says the editor runs without its Content-Security-Policy when the header is missing', async () => {
    // Prepare
    const url = await standIn(
      (behaviour) => delete behaviour.editorHeaders['Content-Security-Policy'],
    );

    // Act
    const { checks, counts } = await doctor(url);

    // Assess
    expect(check(checks, 'editor headers')).toEqual({
      name: 'editor headers',
      status: 'failed',
      summary: 'no Content-Security-Policy',
      means: expect.stringContaining("an injected script could run with an editor's rights"),
      action: expect.stringContaining(
        "the distribution's response headers policy, built from shared/http/editor-headers.ts: run cdk diff and deploy",
      ),
    });
    expect(counts.failed).toBe(1);
  });

  it('names a loosened directive and a missing header, directive by directive', async () => {
    // Prepare
    const url = await standIn((behaviour) => {
      behaviour.editorHeaders['Content-Security-Policy'] = behaviour.editorHeaders[
        'Content-Security-Policy'
      ]!.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
        "; object-src 'none'",
        '',
      );
      delete behaviour.editorHeaders['X-Frame-Options'];
    });

    // Act
    const { checks } = await doctor(url);

    // Assess
    expect(check(checks, 'editor headers').summary).toBe(
      "Content-Security-Policy script-src: also 'unsafe-inline'; the Content-Security-Policy has no object-src; no X-Frame-Options",
    );
  });

  it("accepts the uploads bucket's origin the AWS stack adds to connect-src and img-src, and nothing else there", async () => {
    // Prepare
    const bucket = 'https://cms-uploads-0a1b2c3d-111122223333-eu-west-1.s3.eu-west-1.amazonaws.com';
    const withBucket = await standIn((behaviour) => {
      behaviour.editorHeaders = { ...editorHeadersFor(defaultPreviewFrameOrigins, [bucket]) };
    });
    const withWildcard = await standIn((behaviour) => {
      behaviour.editorHeaders['Content-Security-Policy'] = behaviour.editorHeaders[
        'Content-Security-Policy'
      ]!.replace("connect-src 'self'", "connect-src 'self' *");
    });

    // Act
    const [bucketReport, wildcardReport] = [await doctor(withBucket), await doctor(withWildcard)];

    // Assess
    expect(check(bucketReport.checks, 'editor headers').status).toBe('ok');
    expect(check(wildcardReport.checks, 'editor headers').summary).toBe(
      'Content-Security-Policy connect-src: also *',
    );
  });

  it('says sign-in is not possible until the GitHub App secret is filled in', async () => {
    // Prepare
    const reason =
      'The GitHub App is not configured: fill in the secret CmsGitHubAppSecret1A2B3C (appId, clientId, clientSecret, privateKey) (docs/deploy-aws.md)';
    const url = await standIn((behaviour) => (behaviour.health = { status: 'not_ready', reason }));

    // Act
    const { checks } = await doctor(url);

    // Assess
    expect(check(checks, 'readiness')).toMatchObject({
      status: 'failed',
      summary: `not ready: ${reason}`,
      means: expect.stringContaining('answer 503'),
      action: expect.stringContaining('3. Fill in the secrets'),
    });
    expect(checks.map((result) => result.name)).not.toContain('webhook secret');
  });

  it('warns, without failing, when the App secret has no webhook secret', async () => {
    // Prepare
    const url = await standIn(
      (behaviour) => (behaviour.health = { status: 'ok', webhookSecret: false }),
    );

    // Act
    const { checks, counts } = await doctor(url);

    // Assess
    expect(check(checks, 'webhook secret')).toMatchObject({
      status: 'warning',
      means: expect.stringContaining('every list reads GitHub'),
      action: expect.stringContaining('webhookSecret'),
    });
    expect(counts).toMatchObject({ warning: 1, failed: 0 });
  });

  it('says where sign-in sends people when it is not back to this address, or not to the configured GitHub', async () => {
    // Prepare
    const elsewhere = await standIn(
      (behaviour) =>
        (behaviour.login = () =>
          'http://127.0.0.1:1/login/oauth/authorize?client_id=Iv1.abc&redirect_uri=https%3A%2F%2Fcms.example.org%2Fauth%2Fcallback&state=s&code_challenge=c&code_challenge_method=S256'),
    );
    const url = await standIn();

    // Act
    const [back, github] = [
      await doctor(elsewhere),
      await doctor(url, { githubUrl: 'https://github.example.com' }),
    ];

    // Assess
    expect(check(back.checks, 'sign-in')).toMatchObject({
      status: 'failed',
      summary: `/auth/login redirects, but GitHub would send people back to https://cms.example.org/auth/callback, not ${elsewhere}/auth/callback`,
      action: expect.stringContaining('Use the SiteUrl output as --url'),
    });
    expect(check(github.checks, 'sign-in')).toMatchObject({
      status: 'failed',
      summary:
        '/auth/login redirects, but it leads to http://127.0.0.1:1, not https://github.example.com',
      action: expect.stringContaining('githubEnterpriseUrl'),
    });
  });

  it('says lists travel uncompressed when Accept-Encoding is not honoured', async () => {
    // Prepare
    const url = await standIn((behaviour) => (behaviour.compress = false));

    // Act
    const { checks } = await doctor(url);

    // Assess
    expect(check(checks, 'compression')).toMatchObject({
      status: 'failed',
      summary: 'GET /api/openapi.json with Accept-Encoding: br, gzip came back uncompressed',
      action: expect.stringContaining('CachingDisabled with AllViewerExceptHostHeader'),
    });
  });

  it("fails when the API answers around CloudFront, and passes an origin check's or a disabled endpoint's 403", async () => {
    // Prepare
    const url = await standIn();
    const open = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
    );
    const checked = await serve((_req, res) =>
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(
          '{"error":"Forbidden: this API answers only requests that come through the service\'s own address (CloudFront)"}',
        ),
    );
    const disabled = await serve((_req, res) =>
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"Forbidden"}'),
    );

    // Act
    const { checks } = await doctor(url, { apiUrls: [open, checked, disabled] });

    // Assess
    expect(checks.filter((result) => result.name === 'direct access')).toEqual([
      {
        name: 'direct access',
        status: 'failed',
        summary: `${open}/api/health answered 200 without CloudFront's origin header`,
        means: expect.stringContaining('around CloudFront and its WAF'),
        action: expect.stringContaining('originVerify'),
      },
      {
        name: 'direct access',
        status: 'ok',
        summary: `${checked} refuses requests that do not come through CloudFront: 403 (the origin check)`,
      },
      {
        name: 'direct access',
        status: 'ok',
        summary: `${disabled} refuses requests that do not come through CloudFront: 403 (Forbidden: the endpoint is disabled)`,
      },
    ]);
  });

  it('in local mode, fails a server that answers requests addressed to another host name', async () => {
    // Prepare
    const url = await standIn((behaviour) => (behaviour.checksHost = false));

    // Act
    const { checks } = await doctor(url);

    // Assess
    expect(check(checks, 'direct access')).toMatchObject({
      status: 'failed',
      summary: 'local mode: a request addressed to doctor-check.invalid answered 200, not 421',
      means: expect.stringContaining('DNS rebinding'),
    });
  });

  it('says a token that is not accepted, and a revoked token that still works, each for what it is', async () => {
    // Prepare
    const refused = await standIn((behaviour) => (behaviour.me.before = { authenticated: false }));
    const immortal = await standIn(
      (behaviour) => (behaviour.me.after = { authenticated: true, username: 'demo' }),
    );

    // Act
    const [first, second] = [await doctor(refused), await doctor(immortal)];

    // Assess
    expect(check(first.checks, 'API token')).toMatchObject({
      status: 'failed',
      summary: 'the token is not accepted: /api/auth/me says not authenticated',
      action: expect.stringContaining('HMAC'),
    });
    expect(check(second.checks, 'API token')).toMatchObject({
      status: 'failed',
      summary: 'the token still acts as demo after it was revoked',
      means: expect.stringContaining('cannot be stopped'),
    });
  });

  it('says nobody can reach an address that does not answer, and skips the checks that would only repeat it', async () => {
    // Prepare: a port nothing listens on any more.
    const url = await serve(() => {});
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    );

    // Act
    const { checks, counts } = await doctor(url);

    // Assess
    expect(checks[0]).toMatchObject({
      name: 'health',
      status: 'failed',
      summary: `cannot reach ${url}: ECONNREFUSED`,
      action: expect.stringContaining('SiteUrl'),
    });
    expect(counts).toEqual({ ok: 0, warning: 0, failed: 1, skipped: 5 });
  });
});
