import type { BaseDeps } from '../../shared/http/base-deps';
import type { OAuthStates } from '../../shared/auth/oauth-states';
import type { Users } from '../../shared/auth/users';
import type { GitHost, OAuthProvider } from '../../shared/ports/git-host';

/** The OAuth callback lives under `publicUrl`. */
export interface SessionDeps extends BaseDeps {
  oauthStates: OAuthStates;
  users: Users;
  oauth: OAuthProvider;
  gitHost: GitHost;
}

/** Secure cookies everywhere but a plain-http (local) origin. */
export const cookieSecurity = (deps: Pick<SessionDeps, 'publicUrl'>) => ({
  secure: new URL(deps.publicUrl).protocol === 'https:',
});

export const oauthCookieName = 'cms_oauth';
export const callbackUrl = (deps: Pick<SessionDeps, 'publicUrl'>) =>
  new URL('/auth/callback', deps.publicUrl).toString();
