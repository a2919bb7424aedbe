import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { HostContext } from './context';
import type { TokenRecord } from './state';

/** Lifetimes GitHub uses for expiring user-to-server tokens and installation tokens. */
export const ACCESS_TOKEN_TTL_S = 28_800;
export const REFRESH_TOKEN_TTL_S = 15_897_600;
export const INSTALLATION_TOKEN_TTL_S = 3_600;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomString(length: number, alphabet = BASE62): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface UserTokenPair {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_token_expires_in: number;
  token_type: 'bearer';
  scope: string;
}

/** Mints a ghu_/ghr_ pair for `login` and persists their hashes. */
export function mintUserTokens(
  ctx: HostContext,
  login: string,
  viaDeviceFlow: boolean,
): UserTokenPair {
  const now = ctx.now();
  const accessToken = `ghu_${randomString(36)}`;
  const refreshToken = `ghr_${randomString(76)}`;
  const accessHash = sha256Hex(accessToken);
  ctx.state.tokens[accessHash] = {
    kind: 'user-access',
    login,
    createdAt: now,
    expiresAt: now + ACCESS_TOKEN_TTL_S * 1000,
  };
  ctx.state.tokens[sha256Hex(refreshToken)] = {
    kind: 'user-refresh',
    login,
    accessTokenHash: accessHash,
    viaDeviceFlow,
    createdAt: now,
    expiresAt: now + REFRESH_TOKEN_TTL_S * 1000,
  };
  ctx.save();
  return {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refreshToken,
    refresh_token_expires_in: REFRESH_TOKEN_TTL_S,
    token_type: 'bearer',
    scope: '',
  };
}

export function mintInstallationToken(
  ctx: HostContext,
  installationId: number,
  repositoryIds: number[] | null,
  permissions?: Record<string, string>,
): { token: string; expiresAt: number } {
  const now = ctx.now();
  const token = `ghs_${randomString(36)}`;
  const expiresAt = now + INSTALLATION_TOKEN_TTL_S * 1000;
  ctx.state.tokens[sha256Hex(token)] = {
    kind: 'installation',
    installationId,
    repositoryIds,
    createdAt: now,
    expiresAt,
    ...(permissions ? { permissions } : {}),
  };
  ctx.save();
  return { token, expiresAt };
}

/** The live record for a presented token, or null when unknown or expired. */
export function findToken(ctx: HostContext, token: string): TokenRecord | null {
  const record = ctx.state.tokens[sha256Hex(token)];
  if (!record || record.expiresAt <= ctx.now()) return null;
  return record;
}

/**
 * Uses up a refresh token: it and the access token minted with it stop working (GitHub's rule).
 * Returns the record it held, or null when unknown, expired or already used.
 */
export function consumeRefreshToken(
  ctx: HostContext,
  refreshToken: string,
): Extract<TokenRecord, { kind: 'user-refresh' }> | null {
  const hash = sha256Hex(refreshToken);
  const record = ctx.state.tokens[hash];
  if (!record || record.kind !== 'user-refresh') return null;
  delete ctx.state.tokens[hash];
  delete ctx.state.tokens[record.accessTokenHash];
  ctx.save();
  return record.expiresAt > ctx.now() ? record : null;
}

/** Test control: every user access token of `login` is expired from now on (refresh tokens stay valid). */
export function expireUserAccessTokens(ctx: HostContext, login: string): void {
  const now = ctx.now();
  for (const record of Object.values(ctx.state.tokens)) {
    if (record.kind === 'user-access' && record.login === login)
      record.expiresAt = Math.min(record.expiresAt, now);
  }
  ctx.save();
}
