import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnvelope, sealEnvelope } from '../../shared/crypto/envelope';
import {
  DecryptionError,
  encryptionPurposes,
  type EncryptionContext,
  type KeyProvider,
} from '../../shared/ports/key-provider';

export interface KeyProviderUnderTest {
  keys: KeyProvider;
  /** The same key service seen from another process: no memory shared with `keys`. */
  another(): KeyProvider;
  close?(): void;
}

const alice: EncryptionContext = { purpose: encryptionPurposes.providerToken, owner: 'USER#1' };
const bob: EncryptionContext = { purpose: encryptionPurposes.providerToken, owner: 'USER#2' };
const aliceDevice: EncryptionContext = { purpose: encryptionPurposes.deviceCode, owner: 'USER#1' };

const refused = (promise: Promise<unknown>) =>
  expect(promise).rejects.toBeInstanceOf(DecryptionError);

/** The behaviour of the KeyProvider port that envelope encryption relies on, run against every provider. */
export function keyProviderContract(name: string, make: () => Promise<KeyProviderUnderTest>): void {
  describe(`KeyProvider contract: ${name}`, () => {
    let subject: KeyProviderUnderTest;
    let keys: KeyProvider;
    beforeAll(async () => {
      subject = await make();
      keys = subject.keys;
    });
    afterAll(() => subject?.close?.());

    it('makes a fresh 32-byte key each time, wrapped as base64url', async () => {
      const [one, two] = [await keys.generateDataKey(alice), await keys.generateDataKey(alice)];
      expect(one.plaintext).toHaveLength(32);
      expect(one.wrapped).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(one.plaintext.equals(two.plaintext)).toBe(false);
      expect(one.wrapped).not.toBe(two.wrapped);
    });

    it('unwraps under the same context, in this process and in another', async () => {
      const { plaintext, wrapped } = await keys.generateDataKey(alice);
      expect((await keys.decryptDataKey(wrapped, alice)).equals(plaintext)).toBe(true);
      expect(
        (
          await subject
            .another()
            .decryptDataKey(wrapped, { owner: alice.owner, purpose: alice.purpose })
        ).equals(plaintext),
      ).toBe(true);
    });

    it('refuses another owner or another purpose with DecryptionError', async () => {
      const { wrapped } = await keys.generateDataKey(alice);
      await refused(keys.decryptDataKey(wrapped, bob));
      await refused(keys.decryptDataKey(wrapped, aliceDevice));
      await refused(subject.another().decryptDataKey(wrapped, bob));
    });

    it('refuses a tampered or made-up wrapped key with DecryptionError', async () => {
      const { wrapped } = await keys.generateDataKey(alice);
      const tampered = (wrapped[0] === 'A' ? 'B' : 'A') + wrapped.slice(1);
      await refused(keys.decryptDataKey(tampered, alice));
      await refused(
        keys.decryptDataKey(
          'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          alice,
        ),
      );
    });

    it('hands out copies: a caller zeroing its key breaks no later unwrap', async () => {
      const { plaintext, wrapped } = await keys.generateDataKey(alice);
      const kept = Buffer.from(plaintext);
      plaintext.fill(0);
      const first = await keys.decryptDataKey(wrapped, alice);
      expect(first.equals(kept)).toBe(true);
      first.fill(0);
      expect((await keys.decryptDataKey(wrapped, alice)).equals(kept)).toBe(true);
    });

    it('seals and opens envelopes bound to their context', async () => {
      const [one, two] = [
        await sealEnvelope(keys, 'ghu_secret', alice),
        await sealEnvelope(keys, 'ghu_secret', alice),
      ];
      expect(one).not.toBe(two);
      expect(one).not.toContain('ghu_secret');
      expect(await openEnvelope(keys, one, alice)).toBe('ghu_secret');
      expect(await openEnvelope(subject.another(), two, alice)).toBe('ghu_secret');
      await refused(openEnvelope(keys, one, bob));
    });
  });
}
