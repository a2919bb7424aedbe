import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApiTokens } from '../../shared/auth/api-tokens';
import { createDeviceFlow } from '../../shared/auth/device-flow';
import { createUsers } from '../../shared/auth/users';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';
import type { DevicePoll } from '../../shared/ports/git-host';
import { createMemoryStore } from '../../shared/adapters/local/memory-store';

function setup(answers: DevicePoll[], ownToken = true) {
  let clock = 1_700_000_000_000;
  const now = () => clock;
  const store = createMemoryStore({ now });
  const keyProvider = createLocalKeyProvider(randomBytes(32));
  const polls: string[] = [];
  const apiTokens = createApiTokens(store, randomBytes(32), now);
  const flow = createDeviceFlow({
    store,
    keyProvider,
    now,
    apiTokens,
    users: createUsers(store, keyProvider, now),
    gitHost: { getViewer: async () => ({ id: 9, login: 'demo', name: null, avatarUrl: '' }) },
    oauth: {
      requestDeviceCode: async () => ({
        deviceCode: 'provider-code',
        userCode: 'ABCD-EFGH',
        verificationUri: 'https://gh/login/device',
        expiresIn: 900,
        interval: 5,
      }),
      pollDeviceCode: async (code) => {
        polls.push(code);
        return answers.shift() ?? { status: 'pending' };
      },
      isOwnToken: async () => ownToken,
    },
  });
  return { flow, polls, store, apiTokens, advance: (ms: number) => (clock += ms) };
}

const tokens = {
  accessToken: 'ghu_x',
  accessTokenExpiresAt: null,
  refreshToken: null,
  refreshTokenExpiresAt: null,
};

describe('device flow', () => {
  it('grows its own interval by 5 s when the provider says slow_down', async () => {
    const { flow, polls, advance } = setup([{ status: 'slow_down' }]);
    const { deviceCode } = await flow.start();
    advance(5_000);
    expect(await flow.poll(deviceCode)).toEqual({ status: 'slow_down' });
    advance(6_000);
    expect(await flow.poll(deviceCode)).toEqual({ status: 'slow_down' });
    expect(polls).toHaveLength(1);
    advance(4_000);
    expect(await flow.poll(deviceCode)).toEqual({ status: 'pending' });
    expect(polls).toEqual(['provider-code', 'provider-code']);
  });

  it('refuses a provider token issued to another app and mints nothing', async () => {
    const { flow, advance, apiTokens } = setup([{ status: 'success', tokens }], false);
    const { deviceCode } = await flow.start();
    advance(5_000);
    await expect(flow.poll(deviceCode)).rejects.toThrow(/does not belong to this app/);
    expect(await apiTokens.list('9')).toEqual([]);
  });

  it('mints a 90-day token with every permission on every repo, once', async () => {
    const { flow, advance, apiTokens } = setup([
      { status: 'success', tokens },
      { status: 'success', tokens },
    ]);
    const { deviceCode } = await flow.start();
    advance(5_000);
    expect(await flow.poll(deviceCode)).toMatchObject({ status: 'success', username: 'demo' });
    advance(5_000);
    expect(await flow.poll(deviceCode)).toEqual({ status: 'expired' });
    const [token] = await apiTokens.list('9');
    expect(token).toMatchObject({
      repos: ['*'],
      permissions: [
        'content:read',
        'content:write',
        'content:delete',
        'content:publish',
        'config:read',
        'repos:read',
      ],
    });
    expect(await apiTokens.list('9')).toHaveLength(1);
  });

  it('stores the provider device code sealed, never in plain text', async () => {
    const { flow, store } = setup([]);
    const { deviceCode } = await flow.start();
    const items = await store.query(
      `DEVICE#${(await import('../../shared/store/keys')).sha256(deviceCode)}`,
    );
    expect(JSON.stringify(items)).not.toContain('provider-code');
    expect(JSON.stringify(items)).not.toContain(deviceCode);
  });
});
