import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openEnvelope, sealEnvelope } from '../../shared/crypto/envelope';
import { DecryptionError } from '../../shared/ports/key-provider';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';

describe('envelope encryption with the local key provider', () => {
  const keys = createLocalKeyProvider(randomBytes(32));
  const alice = { purpose: 'provider-token', owner: 'USER#1' };
  const bob = { purpose: 'provider-token', owner: 'USER#2' };

  it('round-trips and never contains the plain text', async () => {
    const secret = 'ghu_secret_token_value';
    const sealed = await sealEnvelope(keys, secret, alice);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(await openEnvelope(keys, sealed, alice)).toBe(secret);
  });

  it('uses a fresh data key and IV every time', async () => {
    expect(await sealEnvelope(keys, 'same', alice)).not.toBe(
      await sealEnvelope(keys, 'same', alice),
    );
  });

  it("refuses a ciphertext copied into another owner's record", async () => {
    const sealed = await sealEnvelope(keys, 'alice token', alice);
    await expect(openEnvelope(keys, sealed, bob)).rejects.toBeInstanceOf(DecryptionError);
  });

  it('refuses another purpose, a tampered payload and another master key', async () => {
    const sealed = await sealEnvelope(keys, 'alice token', alice);
    await expect(openEnvelope(keys, sealed, { ...alice, purpose: 'other' })).rejects.toBeInstanceOf(
      DecryptionError,
    );
    const [v, k, payload] = sealed.split('.');
    const flipped = Buffer.from(payload!, 'base64url');
    flipped[flipped.length - 1]! ^= 1;
    await expect(
      openEnvelope(keys, `${v}.${k}.${flipped.toString('base64url')}`, alice),
    ).rejects.toBeInstanceOf(DecryptionError);
    await expect(
      openEnvelope(createLocalKeyProvider(randomBytes(32)), sealed, alice),
    ).rejects.toBeInstanceOf(DecryptionError);
  });
});
