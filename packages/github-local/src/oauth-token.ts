import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostContext } from './context';
import { issueDeviceCode, pollDeviceCode } from './device-flow';
import { consumeRefreshToken, mintUserTokens, safeEqual, sha256Hex } from './tokens';

/**
 * POST /login/oauth/access_token and POST /login/device/code. GitHub answers OAuth errors with
 * HTTP 200 and an `error` field, in JSON only when the client asks for it (else form-encoded).
 */

const TROUBLESHOOTING =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';
const DEVICE_ERRORS =
  'https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow';

const ERRORS: Record<string, { description: string; uri: string }> = {
  bad_verification_code: {
    description: 'The code passed is incorrect or expired.',
    uri: `${TROUBLESHOOTING}/#bad-verification-code`,
  },
  incorrect_client_credentials: {
    description: 'The client_id and/or client_secret passed are incorrect.',
    uri: `${TROUBLESHOOTING}/#incorrect-client-credentials`,
  },
  redirect_uri_mismatch: {
    description: 'The redirect_uri MUST match the registered callback URL for this application.',
    uri: `${TROUBLESHOOTING}/#redirect-uri-mismatch2`,
  },
  bad_refresh_token: {
    description: 'The refresh token passed is incorrect or expired.',
    uri: `${TROUBLESHOOTING}`,
  },
  unsupported_grant_type: { description: 'The grant type is not supported.', uri: TROUBLESHOOTING },
  authorization_pending: {
    description: 'The authorization request is still pending.',
    uri: DEVICE_ERRORS,
  },
  slow_down: {
    description: 'Too many requests have been made in the same timeframe.',
    uri: DEVICE_ERRORS,
  },
  expired_token: { description: 'The `device_code` has expired.', uri: DEVICE_ERRORS },
  access_denied: { description: 'The authorization request was denied.', uri: DEVICE_ERRORS },
  incorrect_device_code: {
    description: 'The device_code provided is not valid.',
    uri: DEVICE_ERRORS,
  },
};

function reply(
  req: IncomingMessage,
  res: ServerResponse,
  body: Record<string, string | number>,
): void {
  const wantsJson = (req.headers.accept ?? '').includes('application/json');
  const text = wantsJson
    ? JSON.stringify(body)
    : new URLSearchParams(
        Object.entries(body).map(([key, value]) => [key, String(value)]),
      ).toString();
  res.writeHead(200, {
    'content-type': wantsJson
      ? 'application/json; charset=utf-8'
      : 'application/x-www-form-urlencoded; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(text);
}

function replyError(
  req: IncomingMessage,
  res: ServerResponse,
  error: string,
  extra: Record<string, number> = {},
): void {
  const known = ERRORS[error] ?? { description: error, uri: TROUBLESHOOTING };
  reply(req, res, { error, error_description: known.description, error_uri: known.uri, ...extra });
}

function clientSecretMatches(ctx: HostContext, params: Record<string, string>): boolean {
  return (
    params.client_id === ctx.state.app.clientId &&
    safeEqual(params.client_secret ?? '', ctx.state.app.clientSecret)
  );
}

export function accessTokenEndpoint(
  ctx: HostContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  const grant = params.grant_type ?? 'authorization_code';
  if (grant === 'authorization_code') return authorizationCodeGrant(ctx, req, res, params);
  if (grant === 'refresh_token') return refreshTokenGrant(ctx, req, res, params);
  if (grant === 'urn:ietf:params:oauth:grant-type:device_code') {
    if (params.client_id !== ctx.state.app.clientId)
      return replyError(req, res, 'incorrect_client_credentials');
    const result = pollDeviceCode(ctx, params.client_id, params.device_code ?? '');
    if (result.ok) return reply(req, res, { ...result.tokens });
    return replyError(req, res, result.error, result.interval ? { interval: result.interval } : {});
  }
  replyError(req, res, 'unsupported_grant_type');
}

function authorizationCodeGrant(
  ctx: HostContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  if (!clientSecretMatches(ctx, params))
    return replyError(req, res, 'incorrect_client_credentials');
  const key = sha256Hex(params.code ?? '');
  const code = ctx.state.oauthCodes[key];
  if (!code || code.clientId !== params.client_id)
    return replyError(req, res, 'bad_verification_code');
  // Single use: whatever happens next, this code is gone (a failed PKCE check must not allow retries).
  delete ctx.state.oauthCodes[key];
  ctx.save();
  if (code.expiresAt <= ctx.now()) return replyError(req, res, 'bad_verification_code');
  if (params.redirect_uri !== undefined && params.redirect_uri !== code.redirectUri) {
    return replyError(req, res, 'redirect_uri_mismatch');
  }
  if (code.codeChallenge) {
    const verifier = params.code_verifier ?? '';
    const computed = Buffer.from(sha256Hex(verifier), 'hex').toString('base64url');
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !safeEqual(computed, code.codeChallenge)) {
      return replyError(req, res, 'bad_verification_code');
    }
  }
  reply(req, res, { ...mintUserTokens(ctx, code.login, false) });
}

function refreshTokenGrant(
  ctx: HostContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  ctx.counters.refreshes += 1;
  if (params.client_id !== ctx.state.app.clientId)
    return replyError(req, res, 'incorrect_client_credentials');
  const secretGiven = params.client_secret !== undefined;
  if (secretGiven && !clientSecretMatches(ctx, params))
    return replyError(req, res, 'incorrect_client_credentials');
  // The client secret may be omitted only for tokens that came from the device flow (GitHub's rule);
  // checked before consuming so a malformed request does not burn the refresh token.
  const presented = ctx.state.tokens[sha256Hex(params.refresh_token ?? '')];
  if (!secretGiven && presented?.kind === 'user-refresh' && !presented.viaDeviceFlow) {
    return replyError(req, res, 'incorrect_client_credentials');
  }
  const record = consumeRefreshToken(ctx, params.refresh_token ?? '');
  if (!record) return replyError(req, res, 'bad_refresh_token');
  reply(req, res, { ...mintUserTokens(ctx, record.login, record.viaDeviceFlow) });
}

export function deviceCodeEndpoint(
  ctx: HostContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  if (params.client_id !== ctx.state.app.clientId)
    return replyError(req, res, 'incorrect_client_credentials');
  reply(req, res, issueDeviceCode(ctx, params.client_id));
}
