import { openEnvelope, sealEnvelope } from '../crypto/envelope';
import { encryptionPurposes, type KeyProvider } from '../ports/key-provider';
import type { GitHost, OAuthProvider } from '../ports/git-host';
import { NotFoundError, ProviderError } from '../errors';
import { permissions, type Permission } from './permissions';
import { keys } from '../store/keys';
import { ConditionFailedError, type Store } from '../ports/store';
import type { ApiTokens } from './api-tokens';
import { randomToken } from './random';
import { deviceTokenMaxSeconds, uniqueRepos } from './token-limits';
import type { DeviceStartBody } from './token-schemas';
import type { Users } from './users';

/** What the minted token will hold. Stored with the code at start, shown on the review page, minted as is. */
export interface DeviceScope {
  permissions: Permission[];
  repos: string[];
  /** Seconds the token lives, counted from approval. */
  expiresIn: number;
}

/** No body (or an absent field) means the spec's device token: every permission, every repository, 90 days. */
export const deviceScopeOf = (body: DeviceStartBody | undefined): DeviceScope => ({
  permissions: [...new Set(body?.permissions ?? permissions)],
  repos: uniqueRepos(body?.repos ?? ['*']),
  expiresIn: body?.expiresIn ?? deviceTokenMaxSeconds,
});

/** What the review page shows: nothing that could finish the sign-in, only what it would grant. */
export interface DeviceReview {
  userCode: string;
  verificationUri: string;
  scope: DeviceScope;
  /** When the code itself runs out. */
  codeExpiresAt: string;
}

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
  const context = (deviceCode: string) => ({
    purpose: encryptionPurposes.deviceCode,
    owner: keys.deviceCode(deviceCode).pk,
  });

  return {
    async start(body?: DeviceStartBody) {
      const scope = deviceScopeOf(body);
      const provider = await deps.oauth.requestDeviceCode();
      const deviceCode = randomToken();
      const at = now();
      const ttl = Math.ceil(at / 1000) + provider.expiresIn;
      await deps.store.put(
        {
          ...keys.deviceCode(deviceCode),
          providerCode: await sealEnvelope(
            deps.keyProvider,
            provider.deviceCode,
            context(deviceCode),
          ),
          interval: provider.interval,
          lastPollAt: at,
          state: 'pending',
          scope,
          ttl,
        },
        { notExists: true },
      );
      // The provider keeps live user codes unique, so a plain put cannot hide another pending review.
      await deps.store.put({
        ...keys.deviceReview(provider.userCode),
        scope,
        verificationUri: provider.verificationUri,
        ttl,
      });
      return {
        deviceCode,
        userCode: provider.userCode,
        verificationUri: provider.verificationUri,
        expiresIn: provider.expiresIn,
        interval: provider.interval,
      };
    },

    /** The scope a pending code asks for, by the user code the person sees; 404 once the code has run out. */
    async review(userCode: string): Promise<DeviceReview> {
      const item = await deps.store.get(keys.deviceReview(userCode));
      if (!item)
        throw new NotFoundError(
          'No device sign-in is waiting for this code: it was never issued, or it has expired',
        );
      return {
        userCode: userCode.toUpperCase(),
        verificationUri: String(item.verificationUri),
        scope: item.scope as DeviceScope,
        codeExpiresAt: new Date(Number(item.ttl) * 1000).toISOString(),
      };
    },

    async poll(deviceCode: string): Promise<DeviceTokenAnswer> {
      const key = keys.deviceCode(deviceCode);
      const item = await deps.store.get(key);
      if (!item || item.state !== 'pending') return { status: 'expired' };
      const at = now();
      const interval = Number(item.interval);
      try {
        // One poll per interval reaches the provider; the condition makes that hold under races.
        await deps.store.update(
          key,
          { lastPollAt: at },
          {
            and: [
              { attr: 'state', op: '=', value: 'pending' },
              { attr: 'lastPollAt', op: '<=', value: at - interval * 1000 },
            ],
          },
        );
      } catch (error) {
        if (error instanceof ConditionFailedError) return { status: 'slow_down' };
        throw error;
      }
      const providerCode = await openEnvelope(
        deps.keyProvider,
        String(item.providerCode),
        context(deviceCode),
      );
      const answer = await deps.oauth.pollDeviceCode(providerCode);
      switch (answer.status) {
        case 'pending':
          return answer;
        case 'slow_down':
          await deps.store.update(
            key,
            { interval: answer.interval ?? interval + 5 },
            { exists: true },
          );
          return { status: 'slow_down' };
        case 'expired':
        case 'denied':
          await deps.store.delete(key);
          return { status: answer.status };
        case 'success':
          // Codes started before scopes were stored carry none: they mint the spec's default.
          return mint(
            key,
            answer.tokens,
            (item.scope as DeviceScope | undefined) ?? deviceScopeOf(undefined),
          );
      }
    },
  };

  /**
   * The code is marked minted before the token is made, so it mints at most once; a user at the
   * active-token limit gets create's 400 and the code is used up (the provider's is, too).
   */
  async function mint(
    key: ReturnType<typeof keys.deviceCode>,
    tokens: Parameters<Users['saveSignIn']>[1],
    scope: DeviceScope,
  ): Promise<DeviceTokenAnswer> {
    if (!(await deps.oauth.isOwnToken(tokens.accessToken)))
      throw new ProviderError('GitHub issued a token that does not belong to this app');
    try {
      await deps.store.update(
        key,
        { state: 'minted' },
        { attr: 'state', op: '=', value: 'pending' },
      );
    } catch (error) {
      if (error instanceof ConditionFailedError) return { status: 'expired' };
      throw error;
    }
    const user = await deps.gitHost.getViewer(tokens.accessToken);
    const userId = await deps.users.saveSignIn(user, tokens);
    const created = await deps.apiTokens.create(
      { userId, login: user.login },
      {
        name: `Command line (device login ${new Date(now()).toISOString().slice(0, 10)})`,
        ...scope,
      },
    );
    return {
      status: 'success',
      token: created.token,
      expiresAt: created.expiresAt!,
      username: user.login,
    };
  }
}

export type DeviceFlow = ReturnType<typeof createDeviceFlow>;
