import { BadRequestError, ProviderError, UnauthenticatedError } from '../http/errors';
import type { OAuthProvider, ProviderTokens } from './git-host';

export interface GitHubOAuthOptions {
  /** Web base URL: https://github.com, a GitHub Enterprise Server host, or the local host. */
  webUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  error?: string;
  error_description?: string;
}

/** GitHub's OAuth endpoints answer errors with 200 and `{error}`; both are handled here. */
export function createGitHubOAuth(options: GitHubOAuthOptions): OAuthProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.webUrl.replace(/\/+$/, '');

  async function tokenRequest(params: Record<string, string>): Promise<TokenAnswer> {
    let response: Response;
    try {
      response = await doFetch(`${base}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret, ...params }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new ProviderError('GitHub could not be reached for sign-in', { cause });
    }
    if (!response.ok) throw new ProviderError(`GitHub answered ${response.status} to the token request`);
    try {
      return (await response.json()) as TokenAnswer;
    } catch (cause) {
      throw new ProviderError('GitHub answered the token request with something that is not JSON', { cause });
    }
  }

  const toTokens = (answer: TokenAnswer): ProviderTokens => {
    if (!answer.access_token) throw new ProviderError('GitHub answered the token request without a token');
    const at = now();
    return {
      accessToken: answer.access_token,
      accessTokenExpiresAt: answer.expires_in ? new Date(at + answer.expires_in * 1000).toISOString() : null,
      refreshToken: answer.refresh_token ?? null,
      refreshTokenExpiresAt: answer.refresh_token_expires_in ? new Date(at + answer.refresh_token_expires_in * 1000).toISOString() : null,
    };
  };

  return {
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${base}/login/oauth/authorize?${query}`;
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const answer = await tokenRequest({ code, code_verifier: codeVerifier, redirect_uri: redirectUri });
      if (answer.error) throw new BadRequestError(`GitHub refused the sign-in (${answer.error}); please sign in again`);
      return toTokens(answer);
    },
    async refresh(refreshToken) {
      const answer = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
      if (answer.error) throw new UnauthenticatedError('Your GitHub sign-in has ended; please sign in again');
      return toTokens(answer);
    },
  };
}
