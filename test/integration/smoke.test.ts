import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../cli/lib/doctor/run-doctor';
import { apiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { createCliHome, runCli, type CliHome } from './cli-support';

/**
 * `npm run smoke` (`cms doctor`, the same checks) against local mode over real HTTP, as CI runs
 * it: every check passes, the throwaway token is revoked, and local mode's stand-in for the
 * direct-access check (the gateway's Host check) is the one run.
 */

let service: TestService;
let webRoot: string;
let home: CliHome;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'cms-smoke-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  service = await startTestService({
    webRoot,
    previewFrameOrigins: ['https://*.pages.dev', 'http://127.0.0.1:4173'],
  });
  home = await createCliHome(service.url);
});
afterAll(async () => {
  await service?.stop();
  await home?.remove();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

describe('the smoke test against local mode', () => {
  it('passes every check, uses the throwaway token and revokes it', async () => {
    // Prepare: the operator's throwaway token, made with a browser session.
    const api = apiClient(service.url);
    const session = await api.signIn('demo');
    const { token } = await api.createToken(session, {
      permissions: ['content:read'],
      name: 'smoke test',
    });

    // Act
    const result = await runCli(
      ['doctor', '--url', service.url, '--token', token, '--json'],
      home.env(),
    );

    // Assess
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as DoctorReport;
    expect(report.checks.map((check) => [check.name, check.status])).toEqual([
      ['health', 'ok'],
      ['readiness', 'ok'],
      ['webhook secret', 'ok'],
      ['editor headers', 'ok'],
      ['sign-in', 'ok'],
      ['compression', 'ok'],
      ['direct access', 'ok'],
      ['API token', 'ok'],
    ]);
    expect(report.checks.find((check) => check.name === 'direct access')!.summary).toMatch(
      /local mode .* another host name \(421\)/,
    );
    expect(report.checks.find((check) => check.name === 'API token')!.summary).toBe(
      'accepted as demo, revoked with DELETE /api/auth/token, refused from the next request on',
    );
    expect(report.checks.find((check) => check.name === 'sign-in')!.summary).toContain(
      `back to ${service.url}/auth/callback`,
    );
    expect((await api.get('/api/auth/me', { token })).body).toEqual({ authenticated: false });
    expect(result.stdout).not.toContain(token);
  });

  it('runs as npm run smoke does, printing one line per check and skipping the token check without a token', async () => {
    // Prepare
    const { scripts } = JSON.parse(
      await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };

    // Act
    const result = await runCli(['doctor', '--url', service.url], home.env());

    // Assess
    expect(scripts.smoke).toBe('node cli/bin.js doctor');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^ok +health +http:\/\/127\.0\.0\.1:\d+\/api\/health answers 200 \{"status":"ok"\}$/m,
    );
    expect(result.stdout).toMatch(/^skipped +API token +pass --token with a throwaway API token/m);
    expect(result.stdout).toMatch(/^7 ok, 0 warnings, 0 failed, 1 skipped$/m);
  });
});
