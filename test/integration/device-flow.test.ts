import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { readForm, startTestService, type TestService } from '../support/local-service';

let service: TestService;
let api: ApiClient;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.url);
});
afterAll(async () => {
  await service?.stop();
});

const start = async () => {
  const response = await api.post('/auth/device', undefined);
  expect(response.status).toBe(200);
  return response.body as {
    deviceCode: string;
    userCode: string;
    verificationUri: string;
    expiresIn: number;
    interval: number;
  };
};

const poll = async (deviceCode: string) =>
  (await api.post('/auth/device/token', { deviceCode })).body;

/** The user at the provider's device page, as a browser would submit its form. */
async function answerAtDevicePage(
  verificationUri: string,
  userCode: string,
  login: string,
  action: 'approve' | 'deny',
) {
  const page = await fetch(verificationUri);
  const form = readForm(await page.text(), verificationUri);
  const response = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, user_code: userCode, login, action }),
  });
  expect(response.status).toBe(200);
}

describe('device-code sign-in for the command line', () => {
  it("starts with the provider's user code and verification page, never the provider's device code", async () => {
    const code = await start();
    expect(code.userCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(code.verificationUri).toBe(`${service.github.url}/login/device`);
    expect(code.expiresIn).toBe(900);
    expect(code.interval).toBe(5);
    expect(code.deviceCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  describe('a device code from start to token', () => {
    let code: Awaited<ReturnType<typeof start>>;
    let success: Awaited<ReturnType<typeof poll>>;

    it('answers pending while no one has approved it', async () => {
      code = await start();
      service.advanceClock(5_000);
      expect(await poll(code.deviceCode)).toEqual({ status: 'pending' });
    });

    it('answers slow_down to a poll within the interval, without asking the provider', async () => {
      service.github.resetRequestCount();
      expect(await poll(code.deviceCode)).toEqual({ status: 'slow_down' });
      expect(service.github.requestCount()).toBe(0);
    });

    it('mints a token of the approving user for 90 days once approved', async () => {
      await answerAtDevicePage(code.verificationUri, code.userCode, 'alice', 'approve');
      service.advanceClock(5_000);
      success = await poll(code.deviceCode);
      expect(success).toMatchObject({
        status: 'success',
        username: 'alice',
        token: expect.stringMatching(/^cms_/),
      });
      const days = (Date.parse(success.expiresAt) - service.now()) / 86_400_000;
      expect(days).toBeGreaterThan(89.9);
      expect(days).toBeLessThan(90.1);
    });

    it('signs the user in with that token and reaches their repositories', async () => {
      expect((await api.get('/api/auth/me', { token: success.token })).body).toEqual({
        authenticated: true,
        username: 'alice',
      });
      expect((await api.get('/api/github/repos', { token: success.token })).body).toEqual([
        expect.objectContaining({ fullName: 'demo/blog' }),
      ]);
    });

    it('answers expired once the token was handed out', async () => {
      service.advanceClock(5_000);
      expect(await poll(code.deviceCode)).toEqual({ status: 'expired' });
    });
  });

  it('answers denied when the user refuses', async () => {
    const code = await start();
    await answerAtDevicePage(code.verificationUri, code.userCode, 'demo', 'deny');
    service.advanceClock(5_000);
    expect(await poll(code.deviceCode)).toEqual({ status: 'denied' });
    service.advanceClock(5_000);
    expect(await poll(code.deviceCode)).toEqual({ status: 'expired' });
  });

  it('answers expired once the code has lived out its 900 seconds, and for unknown codes', async () => {
    const code = await start();
    service.advanceClock(901_000);
    expect(await poll(code.deviceCode)).toEqual({ status: 'expired' });
    expect(await poll('A'.repeat(43))).toEqual({ status: 'expired' });
  });

  it('answers 400 when deviceCode is missing', async () => {
    const response = await api.post('/auth/device/token', {});
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/deviceCode/);
  });

  it('gives two concurrent polls after approval exactly one token', async () => {
    const code = await start();
    await answerAtDevicePage(code.verificationUri, code.userCode, 'demo', 'approve');
    service.advanceClock(5_000);
    const answers = await Promise.all([
      poll(code.deviceCode),
      poll(code.deviceCode),
      poll(code.deviceCode),
    ]);
    expect(answers.filter((answer) => answer.status === 'success')).toHaveLength(1);
  });
});
