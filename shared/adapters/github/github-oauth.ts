import { InvalidInputError, ProviderError, UnauthenticatedError } from '../../errors';
import type { DevicePoll, OAuthProvider, ProviderTokens } from '../../ports/git-host';

export interface GitHubOAuthOptions {
  /** Web base URL: https://github.com, a GitHub Enterprise Server host, or the local host. */
  webUrl: string;
  /** REST base URL, for the token check (`POST /applications/{client_id}/token`). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

interface OAuthAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  device_code?: string;
  user_code?: string;
  verification_uri?: string;
  interval?: number;
  error?: string;
  error_description?: string;
}

const devicePollStatus: Record<string, DevicePoll['status']> = {
  authorization_pending: 'pending',
  slow_down: 'slow_down',
  expired_token: 'expired',
  incorrect_device_code: 'expired',
  access_denied: 'denied',
};

/** GitHub's OAuth endpoints answer errors with 200 and `{error}`; both are handled here. */
export function createGitHubOAuth(options: GitHubOAuthOptions): OAuthProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.webUrl.replace(/\/+$/, '');

  async function post(
    url: string,
    params: Record<string, string>,
    what: string,
  ): Promise<OAuthAnswer> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(params),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new ProviderError(`GitHub could not be reached (${what})`, { cause });
    }
    if (!response.ok) throw new ProviderError(`GitHub answered HTTP ${response.status} (${what})`);
    try {
      return (await response.json()) as OAuthAnswer;
    } catch (cause) {
      throw new ProviderError(`GitHub answered with something that is not JSON (${what})`, {
        cause,
      });
    }
  }

  const tokenRequest = (params: Record<string, string>, what: string) =>
    post(`${base}/login/oauth/access_token`, { client_id: options.clientId, ...params }, what);

  const toTokens = (answer: OAuthAnswer): ProviderTokens => {
    if (!answer.access_token)
      throw new ProviderError('GitHub answered the token request without a token');
    const at = now();
    return {
      accessToken: answer.access_token,
      accessTokenExpiresAt: answer.expires_in
        ? new Date(at + answer.expires_in * 1000).toISOString()
        : null,
      refreshToken: answer.refresh_token ?? null,
      refreshTokenExpiresAt: answer.refresh_token_expires_in
        ? new Date(at + answer.refresh_token_expires_in * 1000).toISOString()
        : null,
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
      const answer = await tokenRequest(
        {
          client_secret: options.clientSecret,
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectUri,
        },
        'sign-in',
      );
      if (answer.error)
        throw new InvalidInputError(
          `GitHub refused the sign-in (${answer.error}); please sign in again`,
        );
      return toTokens(answer);
    },
    async refresh(refreshToken) {
      const answer = await tokenRequest(
        {
          client_secret: options.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        },
        'token refresh',
      );
      if (answer.error)
        throw new UnauthenticatedError('Your GitHub sign-in has ended; please sign in again');
      return toTokens(answer);
    },
    async requestDeviceCode() {
      const answer = await post(
        `${base}/login/device/code`,
        { client_id: options.clientId },
        'device code',
      );
      if (answer.error || !answer.device_code || !answer.user_code || !answer.verification_uri) {
        throw new ProviderError(
          `GitHub refused to start the device flow${answer.error ? ` (${answer.error})` : ''}`,
        );
      }
      return {
        deviceCode: answer.device_code,
        userCode: answer.user_code,
        verificationUri: answer.verification_uri,
        expiresIn: answer.expires_in ?? 900,
        interval: answer.interval ?? 5,
      };
    },
    async pollDeviceCode(deviceCode) {
      const answer = await tokenRequest(
        { device_code: deviceCode, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' },
        'device poll',
      );
      if (!answer.error) return { status: 'success', tokens: toTokens(answer) };
      const status = devicePollStatus[answer.error];
      if (!status) throw new ProviderError(`GitHub refused the device poll (${answer.error})`);
      return status === 'slow_down'
        ? { status, ...(answer.interval ? { interval: answer.interval } : {}) }
        : ({ status } as DevicePoll);
    },
    async isOwnToken(accessToken) {
      let response: Response;
      try {
        response = await doFetch(
          `${options.apiUrl.replace(/\/+$/, '')}/applications/${encodeURIComponent(options.clientId)}/token`,
          {
            method: 'POST',
            headers: {
              accept: 'application/vnd.github+json',
              'content-type': 'application/json',
              authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
            },
            body: JSON.stringify({ access_token: accessToken }),
            signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
          },
        );
      } catch (cause) {
        throw new ProviderError('GitHub could not be reached (token check)', { cause });
      }
      if (response.status === 404 || response.status === 422) return false;
      if (!response.ok)
        throw new ProviderError(`GitHub answered HTTP ${response.status} (token check)`);
      const body = (await response.json()) as { app?: { client_id?: string } };
      return body.app?.client_id === options.clientId;
    },
  };
}
