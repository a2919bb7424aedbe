import { openEnvelope, sealEnvelope } from '../crypto/envelope';
import {
  encryptionPurposes,
  type EncryptionContext,
  type KeyProvider,
} from '../ports/key-provider';
import type { ProviderTokens, ProviderUser } from '../ports/git-host';
import { keys } from '../store/keys';
import { ConditionFailedError, type Store } from '../ports/store';

export interface StoredUser {
  userId: string;
  login: string;
  name: string | null;
  avatarUrl: string;
  /** Bumped at every change of the provider tokens; guards concurrent writers. */
  tokensVersion: number;
}

/** Provider tokens are sealed to their owner's record: a copy in another record cannot open. */
export const providerTokenContext = (userId: string): EncryptionContext => ({
  purpose: encryptionPurposes.providerToken,
  owner: keys.user(userId).pk,
});

/** Users and their provider tokens, encrypted at rest with envelope encryption. */
export function createUsers(store: Store, keyProvider: KeyProvider, now: () => number = Date.now) {
  async function get(userId: string): Promise<(StoredUser & { tokens?: string }) | undefined> {
    const item = await store.get(keys.user(userId));
    if (!item) return undefined;
    return {
      userId,
      login: String(item.login),
      name: typeof item.name === 'string' ? item.name : null,
      avatarUrl: String(item.avatarUrl ?? ''),
      tokensVersion: typeof item.tokensVersion === 'number' ? item.tokensVersion : 0,
      tokens: typeof item.tokens === 'string' ? item.tokens : undefined,
    };
  }

  return {
    get,
    /** Records a sign-in: profile and freshly issued tokens. Returns the user id. */
    async saveSignIn(user: ProviderUser, tokens: ProviderTokens): Promise<string> {
      const userId = String(user.id);
      const sealed = await sealEnvelope(
        keyProvider,
        JSON.stringify(tokens),
        providerTokenContext(userId),
      );
      for (let attempt = 0; ; attempt += 1) {
        const current = await get(userId);
        const version = current?.tokensVersion ?? 0;
        try {
          await store.update(
            keys.user(userId),
            {
              login: user.login,
              name: user.name,
              avatarUrl: user.avatarUrl,
              tokens: sealed,
              tokensVersion: version + 1,
              updatedAt: new Date(now()).toISOString(),
            },
            current ? { attr: 'tokensVersion', op: '=', value: version } : { notExists: true },
          );
          return userId;
        } catch (error) {
          if (!(error instanceof ConditionFailedError) || attempt >= 4) throw error;
        }
      }
    },
    /** The user's provider tokens in plain text, for one provider call; never logged or stored. */
    async getTokens(userId: string): Promise<ProviderTokens | undefined> {
      const user = await get(userId);
      if (!user?.tokens) return undefined;
      return JSON.parse(
        await openEnvelope(keyProvider, user.tokens, providerTokenContext(userId)),
      ) as ProviderTokens;
    },
  };
}

export type Users = ReturnType<typeof createUsers>;
