import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../ports/store';
import { createCredentialReader, type AlsoRead } from './credential-read';
import { randomToken } from './random';

export const sessionLifetimeSeconds = 30 * 24 * 60 * 60;

export interface Session {
  userId: string;
  login: string;
}

/** Sessions live in the table under the hash of their id, with a `ttl` of 30 days. */
export function createSessions(store: Store, now: () => number = Date.now) {
  const readCredential = createCredentialReader(store);
  return {
    async create(session: Session): Promise<string> {
      const id = randomToken();
      const createdAt = now();
      await store.put(
        {
          ...keys.session(id),
          userId: session.userId,
          login: session.login,
          createdAt: new Date(createdAt).toISOString(),
          ttl: nowSeconds(createdAt) + sessionLifetimeSeconds,
        },
        { notExists: true },
      );
      return id;
    },
    /** `alsoRead`: what the route reads next with the user's id, read in the same request (credential-read.ts). */
    async get(id: string, alsoRead?: AlsoRead): Promise<Session | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
      const item = await readCredential(keys.session(id), alsoRead);
      if (!item || typeof item.userId !== 'string' || typeof item.login !== 'string')
        return undefined;
      return { userId: item.userId, login: item.login };
    },
    async delete(id: string): Promise<void> {
      await store.delete(keys.session(id));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
