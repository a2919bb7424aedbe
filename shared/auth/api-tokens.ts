import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidInputError, NotFoundError, UnauthenticatedError } from '../errors';
import type { Permission } from './permissions';
import type { Caller } from './caller';
import { keys } from '../store/keys';
import { createCredentialReader, type AlsoRead } from './credential-read';
import { ConditionFailedError, type Store, type StoreItem } from '../ports/store';
import { maxActiveTokens, uniqueRepos } from './token-limits';
import type { ApiTokenSummary, CreateTokenBody } from './token-schemas';
import { randomId } from '../random-id';

/** `cms_<tokenId>.<hmac>`: 128 random bits, then HMAC-SHA256(tokenId) under the server key. */
const tokenPattern = /^cms_([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const lastUsedResolutionMs = 60_000;

export interface TokenOwner {
  userId: string;
  login: string;
}

type TokenCaller = Extract<Caller, { kind: 'token' }>;

/** API tokens: minted for a user, verified with one GetItem, revoked by deletion. */
/** An API token's stored item that is still valid at `now`: present (a revoked one is deleted) and not past its expiry. */
export const isLiveToken = (item: Record<string, unknown> | undefined, now: number): boolean =>
  item !== undefined && !(typeof item.expiresAt === 'string' && Date.parse(item.expiresAt) <= now);

export function createApiTokens(store: Store, hmacKey: Buffer, now: () => number = Date.now) {
  const readCredential = createCredentialReader(store);
  const sign = (tokenId: string) =>
    createHmac('sha256', hmacKey).update(tokenId).digest('base64url');

  const summary = (item: StoreItem): ApiTokenSummary => ({
    tokenId: String(item.tokenId),
    name: String(item.name),
    repos: item.repos as string[],
    permissions: item.permissions as Permission[],
    createdAt: String(item.createdAt),
    expiresAt: (item.expiresAt as string | null | undefined) ?? null,
    lastUsedAt: (item.lastUsedAt as string | null | undefined) ?? null,
  });

  return {
    /**
     * One count query (the owner's live tokens on gsi1) before the write. Two creations racing
     * at the limit can both pass it: the cap bounds what a user accumulates, it is no security
     * boundary, so a transaction per creation would buy nothing.
     */
    async create(
      owner: TokenOwner,
      input: CreateTokenBody,
    ): Promise<ApiTokenSummary & { token: string }> {
      if ((await store.countGsi1(keys.userTokens(owner.userId))) >= maxActiveTokens) {
        throw new InvalidInputError(
          `You already have ${maxActiveTokens} active API tokens, the most one user may hold; revoke one you no longer use (Settings, API tokens) and try again`,
        );
      }
      const tokenId = randomId(16);
      const at = now();
      const createdAt = new Date(at).toISOString();
      const expiresAtMs = input.expiresIn == null ? null : at + input.expiresIn * 1000;
      const item: StoreItem = {
        ...keys.apiToken(tokenId),
        gsi1pk: keys.userTokens(owner.userId),
        gsi1sk: `${createdAt}#${tokenId}`,
        tokenId,
        userId: owner.userId,
        login: owner.login,
        name: input.name,
        repos: uniqueRepos(input.repos),
        permissions: [...new Set(input.permissions)],
        createdAt,
        expiresAt: expiresAtMs === null ? null : new Date(expiresAtMs).toISOString(),
        ...(expiresAtMs === null ? {} : { ttl: Math.ceil(expiresAtMs / 1000) }),
      };
      await store.put(item, { notExists: true });
      return { ...summary(item), token: `cms_${tokenId}.${sign(tokenId)}` };
    },

    /**
     * Constant-time HMAC check first (no table read for forged tokens), then one GetItem. A
     * deleted token is absent; an expired one is absent by the store's TTL rule and checked
     * again here. `lastUsedAt` is written at most once a minute, conditionally.
     */
    async verify(token: string, alsoRead?: AlsoRead): Promise<TokenCaller> {
      const match = tokenPattern.exec(token);
      if (!match) throw new UnauthenticatedError('Invalid API token');
      const [, tokenId, mac] = match as unknown as [string, string, string];
      const expected = Buffer.from(sign(tokenId));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new UnauthenticatedError('Invalid API token');
      const item = await readCredential(keys.apiToken(tokenId), alsoRead);
      const at = now();
      if (!item || !isLiveToken(item, at))
        throw new UnauthenticatedError('API token is revoked or expired');
      const lastUsed = typeof item.lastUsedAt === 'string' ? Date.parse(item.lastUsedAt) : 0;
      if (at - lastUsed >= lastUsedResolutionMs) await touch(tokenId, at);
      return {
        kind: 'token',
        tokenId,
        userId: String(item.userId),
        login: String(item.login),
        repos: item.repos as string[],
        permissions: item.permissions as Permission[],
      };
    },

    async list(userId: string): Promise<ApiTokenSummary[]> {
      return (await store.queryGsi1(keys.userTokens(userId))).map(summary);
    },

    /** Another user's token is indistinguishable from a missing one: 404 either way. */
    async revoke(userId: string, tokenId: string): Promise<void> {
      if (!/^[A-Za-z0-9_-]{22}$/.test(tokenId)) throw new NotFoundError('Token not found');
      try {
        await store.delete(keys.apiToken(tokenId), {
          and: [{ exists: true }, { attr: 'userId', op: '=', value: userId }],
        });
      } catch (error) {
        if (error instanceof ConditionFailedError) throw new NotFoundError('Token not found');
        throw error;
      }
    },
  };

  async function touch(tokenId: string, at: number) {
    try {
      await store.update(
        keys.apiToken(tokenId),
        { lastUsedAt: new Date(at).toISOString() },
        {
          and: [
            { exists: true },
            {
              or: [
                {
                  attr: 'lastUsedAt',
                  op: '<',
                  value: new Date(at - lastUsedResolutionMs).toISOString(),
                },
                { attrNotExists: 'lastUsedAt' },
              ],
            },
          ],
        },
      );
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
