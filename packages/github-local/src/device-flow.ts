import type { ServerResponse } from 'node:http';
import { findUser } from './access';
import type { HostContext } from './context';
import { escapeHtml, page, userSelect } from './html';
import { sendHtml } from './http-io';
import { mintUserTokens, randomString, sha256Hex, type UserTokenPair } from './tokens';

/** GitHub's device flow: code issuance, the verification page, and the device_code grant. */

export const DEVICE_CODE_TTL_S = 900;
export const DEVICE_POLL_INTERVAL_S = 5;
/** No 0/O or 1/I: codes are read off one screen and typed on another. */
const USER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MAX_WRONG_CODES = 10;
const LOCKOUT_MS = 60_000;

export type OAuthErrorCode =
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'access_denied'
  | 'incorrect_device_code'
  | 'incorrect_client_credentials';

export type DeviceGrantResult =
  { ok: true; tokens: UserTokenPair } | { ok: false; error: OAuthErrorCode; interval?: number };

export function issueDeviceCode(ctx: HostContext, clientId: string) {
  const deviceCode = randomString(40, '0123456789abcdef');
  const raw = randomString(8, USER_CODE_ALPHABET);
  const userCode = `${raw.slice(0, 4)}-${raw.slice(4)}`;
  ctx.state.deviceCodes[sha256Hex(deviceCode)] = {
    clientId,
    userCode,
    expiresAt: ctx.now() + DEVICE_CODE_TTL_S * 1000,
    interval: DEVICE_POLL_INTERVAL_S,
    lastPollAt: null,
    status: 'pending',
    login: null,
  };
  ctx.save();
  return {
    device_code: deviceCode,
    user_code: userCode,
    verification_uri: `${ctx.webUrl}/login/device`,
    expires_in: DEVICE_CODE_TTL_S,
    interval: DEVICE_POLL_INTERVAL_S,
  };
}

/** One poll of the device_code grant. Every poll, even a refused one, restarts the interval. */
export function pollDeviceCode(
  ctx: HostContext,
  clientId: string,
  deviceCode: string,
): DeviceGrantResult {
  const key = sha256Hex(deviceCode);
  const record = ctx.state.deviceCodes[key];
  if (!record) return { ok: false, error: 'incorrect_device_code' };
  if (record.clientId !== clientId) return { ok: false, error: 'incorrect_client_credentials' };
  const now = ctx.now();
  if (now >= record.expiresAt) return { ok: false, error: 'expired_token' };
  const tooSoon = record.lastPollAt !== null && now - record.lastPollAt < record.interval * 1000;
  record.lastPollAt = now;
  if (tooSoon) {
    record.interval += 5;
    ctx.save();
    return { ok: false, error: 'slow_down', interval: record.interval };
  }
  if (record.status === 'pending') {
    ctx.save();
    return { ok: false, error: 'authorization_pending' };
  }
  // Approved or denied: the answer is final and the device code is used up.
  delete ctx.state.deviceCodes[key];
  ctx.save();
  if (record.status === 'denied' || !record.login) return { ok: false, error: 'access_denied' };
  return { ok: true, tokens: mintUserTokens(ctx, record.login, true) };
}

/** Wrong user codes typed into the page, across all visitors (it is a local tool: one visitor). */
export interface DeviceGuessLimiter {
  wrong: number[];
  lockedUntil: number;
}

export function createDeviceGuessLimiter(): DeviceGuessLimiter {
  return { wrong: [], lockedUntil: 0 };
}

export function devicePage(
  ctx: HostContext,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  const body = `<p>Enter the code displayed on your device.</p>
    <form method="post" action="/login/device">
      <label for="user_code">Code</label>
      <input type="text" id="user_code" name="user_code" value="${escapeHtml(params.user_code ?? '')}" placeholder="XXXX-XXXX" autocomplete="off" autofocus>
      ${userSelect(ctx.state.users, params.login)}
      <button type="submit" name="action" value="approve">Authorize device</button>
      <button type="submit" name="action" value="deny" class="secondary">Deny</button>
    </form>`;
  sendHtml(res, 200, page('Device activation', body));
}

function normalizeUserCode(input: string): string {
  const raw = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return raw.length === 8 ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw;
}

export function deviceSubmit(
  ctx: HostContext,
  limiter: DeviceGuessLimiter,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  const now = ctx.now();
  const result = (status: number, title: string, message: string) =>
    sendHtml(
      res,
      status,
      page(title, `<p>${message}</p><p><a href="/login/device">Enter another code</a></p>`),
    );
  if (now < limiter.lockedUntil)
    return result(429, 'Too many attempts', 'Too many incorrect codes. Try again in a minute.');
  const user = findUser(ctx, params.login ?? '');
  if (!user) return result(400, 'Unknown user', 'Choose one of the listed users.');
  const userCode = normalizeUserCode(params.user_code ?? '');
  const entry = Object.values(ctx.state.deviceCodes).find((record) => record.userCode === userCode);
  if (!entry || now >= entry.expiresAt || entry.status !== 'pending') {
    limiter.wrong = [...limiter.wrong.filter((at) => now - at < LOCKOUT_MS), now];
    if (limiter.wrong.length >= MAX_WRONG_CODES) {
      limiter.lockedUntil = now + LOCKOUT_MS;
      limiter.wrong = [];
    }
    const why = !entry
      ? 'is not a valid code'
      : entry.status !== 'pending'
        ? 'has already been used'
        : 'has expired';
    return result(
      404,
      'Unknown code',
      `The code <code>${escapeHtml(userCode || '(empty)')}</code> ${why}.`,
    );
  }
  const approve = params.action === 'approve';
  entry.status = approve ? 'approved' : 'denied';
  entry.login = user.login;
  ctx.save();
  if (approve)
    return result(
      200,
      'Device approved',
      `Device approved for <strong>${escapeHtml(user.login)}</strong>. You can return to your device.`,
    );
  result(200, 'Device denied', 'Access denied. The device will not be signed in.');
}
