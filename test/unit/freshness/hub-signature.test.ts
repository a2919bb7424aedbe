import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NotFoundError, UnauthenticatedError } from '../../../shared/errors';
import {
  assertHubSignature,
  hubSignature,
  verifyHubSignature,
} from '../../../shared/freshness/hub-signature';

const secret = "It's a Secret to Everybody";
const body = Buffer.from('Hello, World!');

describe('X-Hub-Signature-256', () => {
  it('matches the example GitHub documents for validating deliveries', () => {
    // docs.github.com, "Validating webhook deliveries": this secret and payload give this signature.
    expect(hubSignature(secret, body)).toBe(
      'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    );
  });

  it('verifies the signature of exactly these bytes under the secret', () => {
    const header = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    expect(verifyHubSignature(secret, body, header)).toBe(true);
    expect(
      verifyHubSignature(secret, body, header.toUpperCase().replace('SHA256=', 'sha256=')),
    ).toBe(true);
  });

  it('refuses a signature made with another secret', () => {
    expect(verifyHubSignature('another secret', body, hubSignature(secret, body))).toBe(false);
  });

  it('refuses a signature of bytes with one byte changed', () => {
    expect(
      verifyHubSignature(secret, Buffer.from('Hello, World?'), hubSignature(secret, body)),
    ).toBe(false);
  });

  it('refuses a missing or malformed header', () => {
    const header = hubSignature(secret, body);
    expect(verifyHubSignature(secret, body, undefined)).toBe(false);
    expect(verifyHubSignature(secret, body, '')).toBe(false);
    expect(verifyHubSignature(secret, body, header.replace('sha256=', 'sha1='))).toBe(false);
    expect(verifyHubSignature(secret, body, header.slice(0, -2))).toBe(false);
    expect(verifyHubSignature(secret, body, `${header}00`)).toBe(false);
  });

  it('refuses with 404 when no webhook secret is set up', () => {
    expect(() => assertHubSignature(undefined, body, hubSignature(secret, body))).toThrow(
      NotFoundError,
    );
  });

  it('refuses a wrong signature with 401 and lets the right one through', () => {
    expect(() => assertHubSignature(secret, body, hubSignature('another secret', body))).toThrow(
      UnauthenticatedError,
    );
    expect(() => assertHubSignature(secret, body, hubSignature(secret, body))).not.toThrow();
  });
});
