import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { answerDevicePage } from './cli-support';

/** Device-flow tokens with less power: a scope asked for at start, shown on a review page, minted as asked. */
let service: TestService;
let api: ApiClient;
let session: string;

beforeAll(async () => {
  ({ service, api, session } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

type DeviceCode = {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  reviewUri: string;
  expiresIn: number;
  interval: number;
};

async function approvedToken(body: unknown, login = 'demo') {
  const started = await api.post<DeviceCode>('/auth/device', body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await answerDevicePage(started.body.verificationUri, started.body.userCode, login, 'approve');
  service.advanceClock(5_000);
  const answer = await api.post('/auth/device/token', { deviceCode: started.body.deviceCode });
  expect(answer.body.status, JSON.stringify(answer.body)).toBe('success');
  return answer.body as { token: string; expiresAt: string; username: string };
}

const tokensOfDemo = async () =>
  (await api.get('/api/tokens', { session })).body as {
    name: string;
    repos: string[];
    permissions: string[];
    expiresAt: string;
  }[];

describe('POST /auth/device with a scope', () => {
  it('mints exactly the scope asked for: 403 outside it, and the lifetime asked for', async () => {
    // Arrange + Act
    const before = service.now();
    const { token, expiresAt } = await approvedToken({
      permissions: ['content:read'],
      repos: ['demo/blog'],
      expiresIn: 7 * 86_400,
    });

    // Assess
    expect((await api.get('/api/repos/demo%2Fblog/content/posts', { token })).status).toBe(200);
    const otherRepo = await api.get('/api/repos/demo%2Fdocs/content/posts', { token });
    expect(otherRepo.status).toBe(403);
    expect(otherRepo.body.error).toMatch(/outside this API token's scope/);
    const write = await api.put(
      '/api/repos/demo%2Fblog/content/posts/scoped',
      { frontmatter: { title: 'x', date: '2024-01-01' }, body: 'x', mode: 'direct' },
      { token },
    );
    expect(write.status).toBe(403);
    expect(write.body.error).toMatch(/lacks the content:write permission/);
    expect((await api.get('/api/repos', { token })).status).toBe(403);
    const days = (Date.parse(expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect((await tokensOfDemo()).find((listed) => listed.expiresAt === expiresAt)).toMatchObject({
      repos: ['demo/blog'],
      permissions: ['content:read'],
    });
  });

  it('takes each field alone: absent ones keep the default (every permission, "*", 90 days)', async () => {
    const { token, expiresAt } = await approvedToken({
      repos: ['Demo/Blog', 'demo/blog', 'demo/docs'],
    });
    expect((Date.parse(expiresAt) - service.now()) / 86_400_000).toBeGreaterThan(89.9);
    expect((await api.get('/api/repos', { token })).status).toBe(200);
    expect((await tokensOfDemo()).find((listed) => listed.expiresAt === expiresAt)).toMatchObject({
      repos: ['Demo/Blog', 'demo/docs'],
      permissions: expect.arrayContaining(['content:publish', 'repos:read']),
    });
  });

  it.each([
    [{ permissions: ['content:admin'] }, /^body\.permissions\[0\]/],
    [{ permissions: [] }, /^body\.permissions: permissions must hold at least one/],
    [
      { repos: ['not-a-repo'] },
      /^body\.repos\[0\]: expected a repository name of the form owner\/repo/,
    ],
    [
      { repos: ['*', 'demo/blog'] },
      /^body\.repos: "\*" \(every repository\) cannot be combined with repository names/,
    ],
    [
      { repos: Array.from({ length: 101 }, (_, n) => `demo/r${n}`) },
      /^body\.repos: repos must list at most 100 repositories/,
    ],
    [
      { expiresIn: 90 * 86_400 + 1 },
      /^body\.expiresIn: expiresIn must be at most 7776000 seconds \(90 days\)/,
    ],
    [{ expiresIn: null }, /^body\.expiresIn/],
    [{ expiresIn: 0 }, /^body\.expiresIn: expiresIn must be a positive number of seconds/],
    [['content:read'], /^body: /],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const response = await api.post('/auth/device', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });
});

describe('the review page', () => {
  it('shows the permissions, repositories and lifetime, and links on to the verification page, under a strict policy', async () => {
    // Arrange
    const started = (
      await api.post<DeviceCode>('/auth/device', {
        permissions: ['content:read', 'config:read'],
        repos: ['demo/blog', 'demo/docs'],
        expiresIn: 3 * 3600,
      })
    ).body;
    expect(started.reviewUri).toBe(`${service.url}/auth/device/review?code=${started.userCode}`);

    // Act
    const page = await api.get(
      new URL(started.reviewUri).pathname + new URL(started.reviewUri).search,
    );

    // Assess
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = page.body as string;
    expect(html).toContain('<code>content:read</code>');
    expect(html).toContain('<code>config:read</code>');
    expect(html).not.toContain('content:write');
    expect(html).toContain('<code>demo/blog</code>');
    expect(html).toContain('<code>demo/docs</code>');
    expect(html).toContain('3 hours from approval');
    expect(html).toContain(`<a href="${started.verificationUri}">`);
    expect(html).toContain(started.userCode);
    expect(html).not.toContain(started.deviceCode);
    expect(html).not.toMatch(/<script|<form/i);
  });

  it('finds the code in any letter case, says "every repository" for the default, and answers 404 once the code has run out', async () => {
    const started = (await api.post<DeviceCode>('/auth/device', undefined)).body;
    const page = await api.get(`/auth/device/review?code=${started.userCode.toLowerCase()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<strong>every repository</strong>');
    expect(page.body).toContain('90 days from approval');
    service.advanceClock(901_000);
    const gone = await api.get(`/auth/device/review?code=${started.userCode}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/No device sign-in is waiting for this code/);
  });

  it('refuses markup in the code with a 400 {error}, never reflecting it', async () => {
    const response = await api.get(
      `/auth/device/review?code=${encodeURIComponent('<script>alert(1)</script>')}`,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body.error).toMatch(/^query\.code: code must be the user code/);
    expect(JSON.stringify(response.body)).not.toContain('<script>');
    expect((await api.get('/auth/device/review')).status).toBe(400);
  });
});
