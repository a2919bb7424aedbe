import type { ServerResponse } from 'node:http';
import { findUser } from './access';
import type { HostContext } from './context';
import { escapeHtml, hiddenInputs, page, userSelect } from './html';
import { redirect, sendHtml } from './http-io';
import { randomString, sha256Hex } from './tokens';

/** The OAuth web flow's authorize page (GET shows the form, POST issues a code and redirects). */

export const OAUTH_CODE_TTL_MS = 10 * 60 * 1000;

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string | null;
}

function validate(ctx: HostContext, params: Record<string, string>): AuthorizeRequest | string {
  if (params.client_id !== ctx.state.app.clientId)
    return 'The client_id is not a registered application.';
  // As for a GitHub App: redirect_uri must be exactly one of the registered callback URLs; without
  // it, the first one. Anything else is an error page, never a redirect.
  const registered = ctx.callbackUrls;
  if (registered.length === 0) return 'The application has no registered callback URL.';
  const redirectUri = params.redirect_uri || registered[0] || '';
  if (!registered.includes(redirectUri))
    return 'The redirect_uri is not a registered callback URL of this application.';
  const challenge = params.code_challenge || null;
  if (challenge && (params.code_challenge_method ?? 'S256') !== 'S256')
    return 'Only the S256 code_challenge_method is supported.';
  if (challenge && !/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return 'The code_challenge must be a base64url SHA-256 digest.';
  return { clientId: params.client_id, redirectUri, state: params.state, codeChallenge: challenge };
}

function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

export function authorizePage(
  ctx: HostContext,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  const request = validate(ctx, params);
  if (typeof request === 'string') return errorPage(res, request);
  const app = ctx.state.app;
  const carried: Record<string, string> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
  };
  if (request.state !== undefined) carried.state = request.state;
  if (request.codeChallenge) {
    carried.code_challenge = request.codeChallenge;
    carried.code_challenge_method = 'S256';
  }
  const cancel = withQuery(request.redirectUri, {
    error: 'access_denied',
    error_description: 'The user has denied your application access.',
    state: request.state,
  });
  const body = `<p><strong>${escapeHtml(app.name)}</strong> wants to act on your behalf on the repositories where it is installed.</p>
    <form method="post" action="/login/oauth/authorize">
      ${hiddenInputs(carried)}
      ${userSelect(ctx.state.users, params.login)}
      <button type="submit">Authorize ${escapeHtml(app.slug)}</button>
    </form>
    <p class="note">Redirects to <code>${escapeHtml(new URL(request.redirectUri).origin)}</code> · <a href="${escapeHtml(cancel)}">Cancel</a></p>`;
  sendHtml(res, 200, page(`Authorize ${app.name}`, body));
}

export function authorizeSubmit(
  ctx: HostContext,
  res: ServerResponse,
  params: Record<string, string>,
): void {
  const request = validate(ctx, params);
  if (typeof request === 'string') return errorPage(res, request);
  const user = findUser(ctx, params.login ?? '');
  if (!user) return errorPage(res, 'Choose one of the listed users.');
  const code = randomString(20, '0123456789abcdef');
  ctx.state.oauthCodes[sha256Hex(code)] = {
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    login: user.login,
    codeChallenge: request.codeChallenge,
    expiresAt: ctx.now() + OAUTH_CODE_TTL_MS,
  };
  ctx.save();
  redirect(res, withQuery(request.redirectUri, { code, state: request.state }));
}

function errorPage(res: ServerResponse, message: string): void {
  sendHtml(res, 400, page('Application error', `<p class="error">${escapeHtml(message)}</p>`));
}
