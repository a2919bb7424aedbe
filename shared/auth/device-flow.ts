import { openEnvelope, sealEnvelope } from '../crypto/envelope';
import { encryptionPurposes, type KeyProvider } from '../crypto/key-provider';
import type { GitHost, OAuthProvider } from '../githost/git-host';
import { ProviderError } from '../http/errors';
import { permissions } from '../http/route-def';
import { keys } from '../store/keys';
import { ConditionFailedError, type Store } from '../store/store';
import type { ApiTokens } from './api-tokens';
import { randomToken } from './random';
import type { Users } from './users';

export const deviceTokenLifetimeSeconds = 90 * 24 * 60 * 60;

export interface DeviceFlowDeps {
  store: Store;
  keyProvider: KeyProvider;
  oauth: Pick<OAuthProvider, 'requestDeviceCode' | 'pollDeviceCode' | 'isOwnToken'>;
  gitHost: Pick<GitHost, 'getViewer'>;
  users: Pick<Users, 'saveSignIn'>;
  apiTokens: Pick<ApiTokens, 'create'>;
  now?: () => number;
}

export type DeviceTokenAnswer =
  | { status: 'pending' | 'slow_down' | 'expired' | 'denied' }
  | { status: 'success'; token: string; expiresAt: string; username: string };

/**
 * The device flow, delegated to the provider's. The CLI never sees the provider's device code
 * (it would let the CLI fetch the raw provider token): it gets our own random code, keyed by its
 * hash, and the provider's code is sealed in the record. We enforce the interval ourselves, so
 * a fast poller costs the app none of its provider rate limit, and a code mints at most once.
 */
export function createDeviceFlow(deps: DeviceFlowDeps) {
  const now = deps.now ?? Date.now;
  const context = (deviceCode: string) => ({ purpose: encryptionPurposes.deviceCode, owner: keys.deviceCode(deviceCode).pk });

  return {
    async start() {
      const provider = await deps.oauth.requestDeviceCode();
      const deviceCode = randomToken();
      const at = now();
      await deps.store.put(
        {
          ...keys.deviceCode(deviceCode),
          providerCode: await sealEnvelope(deps.keyProvider, provider.deviceCode, context(deviceCode)),
          interval: provider.interval,
          lastPollAt: at,
          state: 'pending',
          ttl: Math.ceil(at / 1000) + provider.expiresIn,
        },
        { notExists: true },
      );
      return { deviceCode, userCode: provider.userCode, verificationUri: provider.verificationUri, expiresIn: provider.expiresIn, interval: provider.interval };
    },

    async poll(deviceCode: string): Promise<DeviceTokenAnswer> {
      const key = keys.deviceCode(deviceCode);
      const item = await deps.store.get(key);
      if (!item || item.state !== 'pending') return { status: 'expired' };
      const at = now();
      const interval = Number(item.interval);
      try {
        // One poll per interval reaches the provider; the condition makes that hold under races.
        await deps.store.update(key, { lastPollAt: at }, {
          and: [{ attr: 'state', op: '=', value: 'pending' }, { attr: 'lastPollAt', op: '<=', value: at - interval * 1000 }],
        });
      } catch (error) {
        if (error instanceof ConditionFailedError) return { status: 'slow_down' };
        throw error;
      }
      const providerCode = await openEnvelope(deps.keyProvider, String(item.providerCode), context(deviceCode));
      const answer = await deps.oauth.pollDeviceCode(providerCode);
      switch (answer.status) {
        case 'pending':
          return answer;
        case 'slow_down':
          await deps.store.update(key, { interval: answer.interval ?? interval + 5 }, { exists: true });
          return { status: 'slow_down' };
        case 'expired':
        case 'denied':
          await deps.store.delete(key);
          return { status: answer.status };
        case 'success':
          return mint(key, answer.tokens);
      }
    },
  };

  async function mint(key: ReturnType<typeof keys.deviceCode>, tokens: Parameters<Users['saveSignIn']>[1]): Promise<DeviceTokenAnswer> {
    if (!(await deps.oauth.isOwnToken(tokens.accessToken))) throw new ProviderError('GitHub issued a token that does not belong to this app');
    try {
      await deps.store.update(key, { state: 'minted' }, { attr: 'state', op: '=', value: 'pending' });
    } catch (error) {
      if (error instanceof ConditionFailedError) return { status: 'expired' };
      throw error;
    }
    const user = await deps.gitHost.getViewer(tokens.accessToken);
    const userId = await deps.users.saveSignIn(user, tokens);
    const created = await deps.apiTokens.create(
      { userId, login: user.login },
      { name: `Command line (device login ${new Date(now()).toISOString().slice(0, 10)})`, repos: ['*'], permissions: [...permissions], expiresIn: deviceTokenLifetimeSeconds },
    );
    return { status: 'success', token: created.token, expiresAt: created.expiresAt!, username: user.login };
  }
}

export type DeviceFlow = ReturnType<typeof createDeviceFlow>;
