import type { CallerResolver } from '../http/authenticate';
import type { Sessions } from './sessions';

/** Sessions only, until a group also takes an API token verifier. */
export const createCallerResolver = (sessions: Sessions, token?: CallerResolver['token']): CallerResolver => ({
  async session(sessionId) {
    const session = await sessions.get(sessionId);
    return session && { kind: 'session', sessionId, userId: session.userId, login: session.login };
  },
  ...(token ? { token } : {}),
});
