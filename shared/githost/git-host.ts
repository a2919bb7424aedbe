/**
 * GitHost: the hosting provider, seen from the service. Every call that touches a user's data
 * takes that user's provider access token, so the provider enforces what the user can reach.
 */
export interface ProviderTokens {
  accessToken: string;
  /** ISO time; null when the provider issues non-expiring tokens. */
  accessTokenExpiresAt: string | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: string | null;
}

export interface ProviderUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string;
}

/** The provider's OAuth web flow, as a GitHub App runs it (user tokens that expire, with PKCE). */
export interface OAuthProvider {
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Throws BadRequestError when the provider refuses the code, ProviderError when unreachable. */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderTokens>;
  /** Throws UnauthenticatedError when the refresh token is refused (the user must sign in again). */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Starts the provider's device flow. Throws ProviderError when the provider fails. */
  requestDeviceCode(): Promise<ProviderDeviceCode>;
  /** One poll of the provider's device flow. */
  pollDeviceCode(deviceCode: string): Promise<DevicePoll>;
  /** True when the access token was issued to this app (and is still valid). */
  isOwnToken(accessToken: string): Promise<boolean>;
}

export interface ProviderDeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  expiresIn: number;
  interval: number;
}

export type DevicePoll =
  | { status: 'pending' | 'expired' | 'denied' }
  | { status: 'slow_down'; interval?: number }
  | { status: 'success'; tokens: ProviderTokens };

export interface HostRepo {
  fullName: string;
  private: boolean;
  description: string | null;
}

export interface GitHost {
  /** The user an access token belongs to. */
  getViewer(accessToken: string): Promise<ProviderUser>;
  /** Repositories the user reaches through the app's installations, every page. */
  listInstallationRepos(accessToken: string): Promise<HostRepo[]>;
}
