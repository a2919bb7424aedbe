import { keys } from '../store/keys';
import { ConditionFailedError, nowSeconds, type Store } from '../ports/store';
import { randomToken } from './random';

export const oauthStateLifetimeSeconds = 10 * 60;

/**
 * Sign-in attempts: the OAuth `state` (also set in a short-lived cookie, binding the attempt to
 * this browser) keyed to its PKCE verifier. Each state is usable once.
 */
export function createOAuthStates(store: Store, now: () => number = Date.now) {
  return {
    async begin(): Promise<{ state: string; codeVerifier: string }> {
      const state = randomToken();
      const codeVerifier = randomToken();
      await store.put(
        {
          ...keys.oauthState(state),
          codeVerifier,
          ttl: nowSeconds(now()) + oauthStateLifetimeSeconds,
        },
        { notExists: true },
      );
      return { state, codeVerifier };
    },
    /** The verifier of a live state, deleting it; undefined when unknown, used or expired. */
    async take(state: string): Promise<string | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(state)) return undefined;
      const item = await store.get(keys.oauthState(state));
      if (!item || typeof item.codeVerifier !== 'string') return undefined;
      try {
        await store.delete(keys.oauthState(state), { exists: true });
      } catch (error) {
        if (error instanceof ConditionFailedError) return undefined;
        throw error;
      }
      return item.codeVerifier;
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthStates>;
