import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: session ids, OAuth state, PKCE verifiers. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** PKCE S256: base64url(SHA-256(verifier)). */
export const pkceChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');
