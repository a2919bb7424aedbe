import { randomUUID } from 'node:crypto';
import { openEnvelope, sealEnvelope } from '../crypto/envelope';
import { DecryptionError, type KeyProvider } from '../ports/key-provider';
import type { OAuthProvider, ProviderTokens } from '../ports/git-host';
import { UnauthenticatedError } from '../errors';
import { requestSignal, runToCompletion } from '../request-signal';
import { keys } from '../store/keys';
import { takeKept } from '../store/read-ahead';
import {
  ConditionFailedError,
  sameKey,
  type Store,
  type StoreItem,
  type StoreKey,
} from '../ports/store';
import { providerTokenContext } from './users';

export const refreshWindowMs = 5 * 60 * 1000;
const leaseMs = 15_000;
const waitStepMs = 100;

export interface ProviderAccessOptions {
  store: Store;
  keyProvider: KeyProvider;
  oauth: Pick<OAuthProvider, 'refresh'>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a caller waits for another's refresh before giving up (ms). */
  maxWaitMs?: number;
}

/** A user's record as just read (`item` undefined: no such user), handed to the first token so it is not read twice. */
interface UserRead {
  item: StoreItem | undefined;
}

const signInAgain = () =>
  new UnauthenticatedError('Your GitHub sign-in has ended; please sign in again');

/**
 * A user's provider access token, refreshed when within 5 minutes of expiry. GitHub invalidates a
 * refresh token when it is used (and the access token issued with it), so refresh is single-flight
 * across all Lambdas: a conditional write takes a lease (only at the version read, only when no
 * live lease exists); the winner refreshes and writes version + 1; the others wait for that
 * version. A call that meets 401 with a token that was replaced meanwhile is retried once.
 */
/** A refresh this call won the lease for: the tokens it read at `version`, and its lease. */
interface LeasedRefresh {
  userId: string;
  tokens: ProviderTokens;
  version: number;
  leaseId: string;
}

export function createProviderAccess(options: ProviderAccessOptions) {
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxWaitMs = options.maxWaitMs ?? 20_000;

  async function read(userId: string, prefetched?: UserRead) {
    const item = prefetched ? prefetched.item : await options.store.get(keys.user(userId));
    if (!item || typeof item.tokens !== 'string') throw signInAgain();
    let tokens: ProviderTokens;
    try {
      tokens = JSON.parse(
        await openEnvelope(options.keyProvider, item.tokens, providerTokenContext(userId)),
      ) as ProviderTokens;
    } catch (error) {
      // A record that does not open under its own context was tampered with (or copied): never use it.
      if (error instanceof DecryptionError)
        throw new UnauthenticatedError(
          'Your stored GitHub sign-in could not be read; please sign in again',
          { cause: error },
        );
      throw error;
    }
    return {
      tokens,
      version: Number(item.tokensVersion ?? 0),
      leaseUntil: typeof item.leaseUntil === 'number' ? item.leaseUntil : 0,
    };
  }

  async function refreshAsWinner(refresh: LeasedRefresh): Promise<string> {
    // Once GitHub is sent the refresh token it is spent, so the new tokens are stored even if the
    // request is abandoned meanwhile (shared/request-signal.ts); not started when it already is
    // (the lease then lapses by itself).
    requestSignal()?.throwIfAborted();
    return runToCompletion(() => refreshAndStore(refresh));
  }

  async function refreshAndStore({
    userId,
    tokens,
    version,
    leaseId,
  }: LeasedRefresh): Promise<string> {
    let fresh: ProviderTokens;
    try {
      if (!tokens.refreshToken) throw signInAgain();
      fresh = await options.oauth.refresh(tokens.refreshToken);
    } catch (error) {
      await options.store
        .update(
          keys.user(userId),
          { leaseUntil: undefined, leaseId: undefined },
          { attr: 'leaseId', op: '=', value: leaseId },
        )
        .catch(() => {});
      throw error;
    }
    const sealed = await sealEnvelope(
      options.keyProvider,
      JSON.stringify(fresh),
      providerTokenContext(userId),
    );
    await options.store.update(
      keys.user(userId),
      { tokens: sealed, tokensVersion: version + 1, leaseUntil: undefined, leaseId: undefined },
      {
        and: [
          { attr: 'tokensVersion', op: '=', value: version },
          { attr: 'leaseId', op: '=', value: leaseId },
        ],
      },
    );
    return fresh.accessToken;
  }

  const access = {
    /** `first`: the record already read for this call; every later round of the loop reads afresh. */
    async accessToken(userId: string, first?: UserRead): Promise<string> {
      const started = now();
      for (let prefetched = first; ; prefetched = undefined) {
        const { tokens, version, leaseUntil } = await read(userId, prefetched);
        const expiresAt = tokens.accessTokenExpiresAt
          ? Date.parse(tokens.accessTokenExpiresAt)
          : Infinity;
        const at = now();
        if (expiresAt - at > refreshWindowMs) return tokens.accessToken;
        if (leaseUntil <= at) {
          const leaseId = randomUUID();
          try {
            await options.store.update(
              keys.user(userId),
              { leaseUntil: at + leaseMs, leaseId },
              {
                and: [
                  { attr: 'tokensVersion', op: '=', value: version },
                  {
                    or: [
                      { attrNotExists: 'leaseUntil' },
                      { attr: 'leaseUntil', op: '<=', value: at },
                    ],
                  },
                ],
              },
            );
            return await refreshAsWinner({ userId, tokens, version, leaseId });
          } catch (error) {
            if (!(error instanceof ConditionFailedError)) throw error;
          }
        }
        if (now() - started > maxWaitMs) throw signInAgain();
        await sleep(waitStepMs);
      }
    },

    /** Runs a provider call with the user's token; retries once if a refresh replaced it mid-call. */
    async withToken<T>(
      userId: string,
      call: (accessToken: string) => Promise<T>,
      first?: UserRead,
    ): Promise<T> {
      const token = await access.accessToken(userId, first);
      try {
        return await call(token);
      } catch (error) {
        if (!(error instanceof UnauthenticatedError)) throw error;
        const current = await access.accessToken(userId);
        if (current === token) throw error;
        return call(current);
      }
    },

    /**
     * The items under `others` (undefined where absent, in the order asked) read in the same
     * strongly consistent BatchGetItem as the user's record, and a `withToken` whose first call
     * takes its token from that record: two reads a call needs anyway (a connection, the user) in
     * one round trip, as fresh as two GetItems. The record serves that one call only; every later
     * call reads it again, so a refresh or a deletion is seen exactly as before. Nothing is
     * decrypted until a call needs the token.
     */
    async readAlongside(userId: string, others: readonly StoreKey[]) {
      const userKey = keys.user(userId);
      const wanted = [userKey, ...others];
      // The credential's read may have fetched these already in this request (read-ahead.ts).
      const kept = takeKept(wanted);
      const found = kept
        ? kept.filter((item): item is StoreItem => item !== undefined)
        : await options.store.batchGet(wanted, { consistent: true });
      let first: UserRead | undefined = { item: found.find((item) => sameKey(item, userKey)) };
      return {
        items: others.map((key) => found.find((item) => sameKey(item, key))),
        withToken<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
          const prefetched = first;
          first = undefined;
          return access.withToken(userId, call, prefetched);
        },
      };
    },
  };
  return access;
}

export type ProviderAccess = ReturnType<typeof createProviderAccess>;
