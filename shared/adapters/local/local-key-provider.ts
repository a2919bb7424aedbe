import { randomBytes } from 'node:crypto';
import { gcmOpen, gcmSeal } from '../../crypto/aes-gcm';
import { contextBytes, DecryptionError, type KeyProvider } from '../../ports/key-provider';

/**
 * Local mode's KeyProvider: data keys wrapped with AES-256-GCM under a 32-byte master key (kept
 * in the data directory with mode 0600), the context as AAD — what KMS does with its key.
 */
export function createLocalKeyProvider(masterKey: Buffer): KeyProvider {
  if (masterKey.length !== 32) throw new Error('The local master key must be 32 bytes');
  return {
    async generateDataKey(context) {
      const plaintext = randomBytes(32);
      return {
        plaintext,
        wrapped: gcmSeal(masterKey, plaintext, contextBytes(context)).toString('base64url'),
      };
    },
    async decryptDataKey(wrapped, context) {
      try {
        return gcmOpen(masterKey, Buffer.from(wrapped, 'base64url'), contextBytes(context));
      } catch (cause) {
        throw new DecryptionError(undefined, { cause });
      }
    },
  };
}
