import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createProviderAccess,
  refreshWindowMs,
  type ProviderAccessOptions,
} from '../../../shared/auth/provider-access';
import { createUsers } from '../../../shared/auth/users';
import type { ProviderTokens } from '../../../shared/ports/git-host';
import { ProviderError, UnauthenticatedError } from '../../../shared/errors';
import { keys } from '../../../shared/store/keys';
import { createMemoryStore } from '../../../shared/adapters/local/memory-store';
import type { Store } from '../../../shared/ports/store';
import { createMemoryKeyProvider } from '../../fakes/memory-key-provider';
import { forbidNetwork } from './world';

const profile = { id: 1001, login: 'demo', name: 'Demo', avatarUrl: '' };
const userId = '1001';
const iso = (ms: number) => new Date(ms).toISOString();

describe('provider access (fakes)', () => {
  let clock: number;
  let store: Store;
  let keyProvider: ReturnType<typeof createMemoryKeyProvider>;
  let users: ReturnType<typeof createUsers>;
  let refreshes: string[];
  let refuseRefresh: boolean;

  /** GitHub's refresh grant: the refresh token is used up and a new pair comes back. */
  const oauth: ProviderAccessOptions['oauth'] = {
    async refresh(refreshToken) {
      refreshes.push(refreshToken);
      if (refuseRefresh) throw new UnauthenticatedError('GitHub refused the refresh token');
      const n = refreshes.length;
      return {
        accessToken: `ghu_fresh${n}`,
        accessTokenExpiresAt: iso(clock + 8 * 3600_000),
        refreshToken: `ghr_fresh${n}`,
        refreshTokenExpiresAt: null,
      };
    },
  };
  const tokens = (
    accessToken: string,
    expiresInMs: number | null,
    refreshToken: string | null = 'ghr_1',
  ): ProviderTokens => ({
    accessToken,
    accessTokenExpiresAt: expiresInMs === null ? null : iso(clock + expiresInMs),
    refreshToken,
    refreshTokenExpiresAt: null,
  });
  const access = (options: Partial<ProviderAccessOptions> = {}) =>
    createProviderAccess({
      store,
      keyProvider,
      oauth,
      now: () => clock,
      sleep: async (ms) => void (clock += ms),
      ...options,
    });
  const record = () => store.get(keys.user(userId));

  beforeAll(forbidNetwork);
  beforeEach(async () => {
    clock = Date.parse('2025-03-01T12:00:00Z');
    store = createMemoryStore({ now: () => clock });
    keyProvider = createMemoryKeyProvider();
    users = createUsers(store, keyProvider, () => clock);
    refreshes = [];
    refuseRefresh = false;
  });

  describe('accessToken', () => {
    it('answers the stored token while it is valid beyond the window, or never expires, without writing', async () => {
      await users.saveSignIn(profile, tokens('ghu_valid', refreshWindowMs + 60_000));
      expect(await access().accessToken(userId)).toBe('ghu_valid');
      await users.saveSignIn(profile, tokens('ghu_forever', null, null));
      const before = await record();
      expect(await access().accessToken(userId)).toBe('ghu_forever');
      expect(await record()).toEqual(before);
      expect(refreshes).toEqual([]);
    });

    it('refreshes inside the window: seals the new pair at the next version and drops the lease', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', refreshWindowMs - 1000));
      expect(await access().accessToken(userId)).toBe('ghu_fresh1');
      expect(refreshes).toEqual(['ghr_1']);
      expect(await users.getTokens(userId)).toMatchObject({
        accessToken: 'ghu_fresh1',
        refreshToken: 'ghr_fresh1',
      });
      const item = await record();
      expect(item).toMatchObject({ tokensVersion: 2 });
      expect(item).not.toHaveProperty('leaseUntil');
      expect(item).not.toHaveProperty('leaseId');
    });

    it('refreshes once for callers that race', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', 1000));
      const racing = access({ sleep: () => new Promise((resolve) => setImmediate(resolve)) });
      expect(
        await Promise.all([
          racing.accessToken(userId),
          racing.accessToken(userId),
          access().accessToken(userId),
        ]),
      ).toEqual(['ghu_fresh1', 'ghu_fresh1', 'ghu_fresh1']);
      expect(refreshes).toHaveLength(1);
    });

    it('asks for a new sign-in when the refresh is refused, and releases the lease for the next try', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', 1000));
      refuseRefresh = true;
      await expect(access().accessToken(userId)).rejects.toBeInstanceOf(UnauthenticatedError);
      expect(await record()).not.toHaveProperty('leaseId');
      refuseRefresh = false;
      expect(await access().accessToken(userId)).toBe('ghu_fresh2');
    });

    it('asks for a new sign-in when there is no refresh token, without calling the provider', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', 1000, null));
      await expect(access().accessToken(userId)).rejects.toThrow(
        'Your GitHub sign-in has ended; please sign in again',
      );
      expect(refreshes).toEqual([]);
      expect(await record()).not.toHaveProperty('leaseId');
    });

    it('waits while another holds the lease, then reads what it wrote', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', 1000));
      await store.update(keys.user(userId), { leaseUntil: clock + 15_000, leaseId: 'another' });
      const waiter = access({
        sleep: async (ms) => {
          clock += ms;
          // The holder finishes: the new pair at the next version, lease dropped.
          await users.saveSignIn(profile, tokens('ghu_theirs', 8 * 3600_000));
          await store.update(keys.user(userId), { leaseUntil: undefined, leaseId: undefined });
        },
      });
      expect(await waiter.accessToken(userId)).toBe('ghu_theirs');
      expect(refreshes).toEqual([]);
    });

    it('takes over a lease whose holder died, and gives up when waiting takes too long', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', 1000));
      await store.update(keys.user(userId), { leaseUntil: clock + 15_000, leaseId: 'dead' });
      await expect(access({ maxWaitMs: 1000 }).accessToken(userId)).rejects.toBeInstanceOf(
        UnauthenticatedError,
      );
      expect(refreshes).toEqual([]);
      expect(await access().accessToken(userId)).toBe('ghu_fresh1');
    });

    it('passes store failures on (taking the lease, saving the new pair) rather than guessing', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', 1000));
      const failing = (failOnCall: number): Store => {
        let calls = 0;
        return {
          ...store,
          update: (...args) =>
            ++calls === failOnCall
              ? Promise.reject(new ProviderError('store unavailable'))
              : store.update(...args),
        };
      };
      await expect(access({ store: failing(1) }).accessToken(userId)).rejects.toThrow(
        'store unavailable',
      );
      expect(refreshes).toEqual([]);
      await expect(access({ store: failing(2) }).accessToken(userId)).rejects.toThrow(
        'store unavailable',
      );
      expect(refreshes).toEqual(['ghr_1']);
      await expect(
        access({
          store: { ...store, get: () => Promise.reject(new Error('read failed')) },
        }).accessToken(userId),
      ).rejects.toThrow('read failed');
    });

    it('refuses a missing user and a record sealed for someone else', async () => {
      await expect(access().accessToken(userId)).rejects.toBeInstanceOf(UnauthenticatedError);
      await users.saveSignIn({ ...profile, id: 2002 }, tokens('ghu_other', null));
      await users.saveSignIn(profile, tokens('ghu_mine', null));
      await store.update(keys.user(userId), {
        tokens: (await store.get(keys.user('2002')))!.tokens,
      });
      await expect(access().accessToken(userId)).rejects.toThrow(
        'Your stored GitHub sign-in could not be read; please sign in again',
      );
    });
  });

  describe('withToken', () => {
    it('retries once when the call meets 401 and another process replaced the token meanwhile', async () => {
      await users.saveSignIn(profile, tokens('ghu_first', null));
      const seen: string[] = [];
      const result = await access().withToken(userId, async (token) => {
        seen.push(token);
        if (token === 'ghu_first') {
          await users.saveSignIn(profile, tokens('ghu_second', null));
          throw new UnauthenticatedError('401');
        }
        return 'done';
      });
      expect(result).toBe('done');
      expect(seen).toEqual(['ghu_first', 'ghu_second']);
    });

    it('does not retry a 401 with an unchanged token, nor any other error', async () => {
      await users.saveSignIn(profile, tokens('ghu_first', null));
      let calls = 0;
      await expect(
        access().withToken(
          userId,
          () => (calls++, Promise.reject(new UnauthenticatedError('401'))),
        ),
      ).rejects.toThrow('401');
      await expect(
        access().withToken(userId, () => (calls++, Promise.reject(new ProviderError('502')))),
      ).rejects.toThrow('502');
      expect(calls).toBe(2);
    });
  });

  describe('readAlongside', () => {
    const connection = { pk: 'REPO#demo/blog', sk: 'CONNECTION' };
    const missing = { pk: 'REPO#demo/none', sk: 'CONNECTION' };

    it('reads the user and the other items in one consistent batch; the first call takes its token from it, later calls read again', async () => {
      // Prepare: a store and a key provider that record what they are asked
      await users.saveSignIn(profile, tokens('ghu_first', null));
      await store.put({ ...connection, fullName: 'demo/blog' });
      const asked: unknown[] = [];
      let decrypts = 0;
      const recording: Store = {
        ...store,
        get: (key) => (asked.push(['get', key.pk]), store.get(key)),
        batchGet: (keys, options) => (
          asked.push(['batchGet', keys.map((key) => key.pk), options]),
          store.batchGet(keys, options)
        ),
      };
      const provider = {
        ...keyProvider,
        decryptDataKey: (...args: Parameters<typeof keyProvider.decryptDataKey>) => (
          decrypts++,
          keyProvider.decryptDataKey(...args)
        ),
      };

      // Act
      const read = await access({ store: recording, keyProvider: provider }).readAlongside(userId, [
        missing,
        connection,
      ]);

      // Assess: the items in the order asked, nothing decrypted yet
      expect(read.items).toEqual([undefined, { ...connection, fullName: 'demo/blog' }]);
      expect(asked).toEqual([
        ['batchGet', ['USER#1001', missing.pk, connection.pk], { consistent: true }],
      ]);
      expect(decrypts).toBe(0);
      expect(await read.withToken(async (token) => token)).toBe('ghu_first');
      expect(asked).toHaveLength(1);
      await users.saveSignIn(profile, tokens('ghu_second', null));
      expect(await read.withToken(async (token) => token)).toBe('ghu_second');
      expect(asked).toEqual([expect.anything(), ['get', 'USER#1001']]);
    });

    it('refreshes from the record read when its token is inside the window', async () => {
      await users.saveSignIn(profile, tokens('ghu_old', 1000));
      const read = await access().readAlongside(userId, [connection]);
      expect(await read.withToken(async (token) => token)).toBe('ghu_fresh1');
      expect(refreshes).toEqual(['ghr_1']);
    });

    it('retries with the stored token when the one read was replaced before the call', async () => {
      await users.saveSignIn(profile, tokens('ghu_first', null));
      const read = await access().readAlongside(userId, [connection]);
      await users.saveSignIn(profile, tokens('ghu_second', null));
      const seen: string[] = [];
      expect(
        await read.withToken(
          async (token) => (
            seen.push(token),
            token === 'ghu_first' ? Promise.reject(new UnauthenticatedError('401')) : 'done'
          ),
        ),
      ).toBe('done');
      expect(seen).toEqual(['ghu_first', 'ghu_second']);
    });

    it('asks a user who is gone to sign in again, without making the call', async () => {
      const read = await access().readAlongside(userId, [connection]);
      let calls = 0;
      await expect(read.withToken(async () => calls++)).rejects.toThrow(
        'Your GitHub sign-in has ended; please sign in again',
      );
      expect(calls).toBe(0);
    });
  });
});
