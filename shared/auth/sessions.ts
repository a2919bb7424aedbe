import { keys } from '../store/keys';
import { nowSeconds, type Store } from '../store/store';
import { randomToken } from './random';

export const sessionLifetimeSeconds = 30 * 24 * 60 * 60;

export interface Session {
  userId: string;
  login: string;
}

/** Sessions live in the table under the hash of their id, with a `ttl` of 30 days. */
export function createSessions(store: Store, now: () => number = Date.now) {
  return {
    async create(session: Session): Promise<string> {
      const id = randomToken();
      const createdAt = now();
      await store.put(
        { ...keys.session(id), userId: session.userId, login: session.login, createdAt: new Date(createdAt).toISOString(), ttl: nowSeconds(createdAt) + sessionLifetimeSeconds },
        { notExists: true },
      );
      return id;
    },
    async get(id: string): Promise<Session | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
      const item = await store.get(keys.session(id));
      if (!item || typeof item.userId !== 'string' || typeof item.login !== 'string') return undefined;
      return { userId: item.userId, login: item.login };
    },
    async delete(id: string): Promise<void> {
      await store.delete(keys.session(id));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
