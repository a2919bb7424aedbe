import type { Sessions } from '../auth/sessions';
import type { CallerResolver } from './authenticate';

/** Sessions by cookie, and API tokens when the group verifies them. */
export const createCallerResolver = (
  sessions: Sessions,
  token?: CallerResolver['token'],
): CallerResolver => ({
  async session(sessionId, alsoRead) {
    const session = await sessions.get(sessionId, alsoRead);
    return session && { kind: 'session', sessionId, userId: session.userId, login: session.login };
  },
  ...(token ? { token } : {}),
});
