import type { OAuthStates } from '../../shared/auth/oauth-states';
import type { Sessions } from '../../shared/auth/sessions';
import type { Users } from '../../shared/auth/users';
import type { GitHost, OAuthProvider } from '../../shared/githost/git-host';
import type { Logger } from '../../shared/http/logger';

export interface SessionDeps {
  sessions: Sessions;
  oauthStates: OAuthStates;
  users: Users;
  oauth: OAuthProvider;
  gitHost: GitHost;
  logger: Logger;
  /** The service's public origin, e.g. https://cms.example.org; the OAuth callback lives under it. */
  publicUrl: string;
}

/** Secure cookies everywhere but a plain-http (local) origin. */
export const cookieSecurity = (deps: Pick<SessionDeps, 'publicUrl'>) => ({ secure: new URL(deps.publicUrl).protocol === 'https:' });

export const oauthCookieName = 'cms_oauth';
export const callbackUrl = (deps: Pick<SessionDeps, 'publicUrl'>) => new URL('/auth/callback', deps.publicUrl).toString();
