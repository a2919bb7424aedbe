import { describe, expect, it } from 'vitest';
import { deviceLogin, type DeviceLoginSteps } from '../../../cli/lib/device-login';
import { loginScope } from '../../../cli/lib/login-scope';
import { createApi } from '../../../cli/lib/http';

/**
 * How cms login paces its polls, on a clock of its own: the steps' sleep moves the clock instead
 * of waiting, so the intervals are asserted exactly and the test waits for nothing.
 */
function polling(answers: object[], code = { expiresIn: 900, interval: 1 }) {
  let clock = 0;
  const polls: number[] = [];
  const sleeps: number[] = [];
  const fetch = async (url: string) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/auth/device'))
      return json({
        deviceCode: 'stub-device-code',
        userCode: 'STUB-CODE',
        verificationUri: 'http://cms.test/login/device',
        ...code,
      });
    polls.push(clock);
    return json(answers[polls.length - 1] ?? { status: 'pending' });
  };
  const api = createApi({ url: 'http://cms.test', fetch: fetch as typeof globalThis.fetch });
  const steps: DeviceLoginSteps = {
    prompt: () => {},
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return { login: () => deviceLogin(api, steps, loginScope({})), polls, sleeps };
}

const success = {
  status: 'success',
  token: 'cms_stub.token',
  expiresAt: '2030-01-01T00:00:00.000Z',
  username: 'stub',
};

describe('cms login polling the device flow', () => {
  it('waits the interval the service gives before its first poll', async () => {
    const { login, polls } = polling([success], { expiresIn: 900, interval: 3 });
    await login();
    expect(polls).toEqual([3_000]);
  });

  it('adds 5 seconds to the interval after slow_down, and keeps it', async () => {
    const { login, sleeps } = polling([{ status: 'slow_down' }, { status: 'pending' }, success]);
    expect(await login()).toEqual({
      token: 'cms_stub.token',
      expiresAt: '2030-01-01T00:00:00.000Z',
      username: 'stub',
    });
    expect(sleeps).toEqual([1_000, 6_000, 6_000]);
  });

  it('gives up once the next poll would come after the code expired', async () => {
    const { login, polls } = polling([], { expiresIn: 10, interval: 3 });
    await expect(login()).rejects.toThrow(
      'The code expired before it was approved; run cms login again.',
    );
    expect(polls).toEqual([3_000, 6_000, 9_000]);
  });
});
