import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { AppRecord } from './state';

/** Verifies a GitHub App JWT (RS256, signed with the app's private key) the way GitHub does. */

/** GitHub refuses JWTs that live longer than 10 minutes; allow a minute of clock drift on `iat`. */
const MAX_LIFETIME_S = 600;
const DRIFT_S = 60;

export type JwtCheck = { ok: true } | { ok: false; message: string };

const publicKeys = new Map<string, KeyObject>();

function publicKeyFor(app: AppRecord): KeyObject {
  let key = publicKeys.get(app.privateKeyPem);
  if (!key) {
    key = createPublicKey(app.privateKeyPem);
    publicKeys.set(app.privateKeyPem, key);
  }
  return key;
}

export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function verifyAppJwt(token: string, app: AppRecord, nowMs: number): JwtCheck {
  const undecodable: JwtCheck = { ok: false, message: 'A JSON web token could not be decoded' };
  const [headerPart, payloadPart, signaturePart] = token.split('.');
  if (!headerPart || !payloadPart || signaturePart === undefined) return undecodable;
  const header = decodeJson(headerPart);
  const payload = decodeJson(payloadPart);
  if (!header || !payload || header.alg !== 'RS256') return undecodable;
  const signed = Buffer.from(`${headerPart}.${payloadPart}`);
  if (!verify('RSA-SHA256', signed, publicKeyFor(app), Buffer.from(signaturePart, 'base64url')))
    return undecodable;
  // `iss` is the app id (number or string) or, as GitHub now also accepts, the client id.
  if (String(payload.iss) !== String(app.id) && payload.iss !== app.clientId) {
    return { ok: false, message: "'Issuer' claim ('iss') must be an Integer" };
  }
  const now = Math.floor(nowMs / 1000);
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || iat > now + DRIFT_S) {
    return {
      ok: false,
      message:
        "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued.",
    };
  }
  if (typeof exp !== 'number' || exp <= now) {
    return {
      ok: false,
      message:
        "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires.",
    };
  }
  if (exp - iat > MAX_LIFETIME_S || exp > now + MAX_LIFETIME_S + DRIFT_S) {
    return { ok: false, message: "'Expiration time' claim ('exp') is too far in the future." };
  }
  return { ok: true };
}
