import { randomBytes } from 'node:crypto';
import { contextBytes, DecryptionError, type KeyProvider } from '../../shared/ports/key-provider';

/** The data keys a memory key provider has issued: wrapped id → key and the context it is bound to. */
export type MemoryKeyVault = Map<string, { key: Buffer; context: string }>;

/**
 * The KeyProvider port in memory, as KMS behaves: a wrapped key is an opaque handle that unwraps
 * only under the exact context it was made for (else DecryptionError), and every key handed out
 * is a copy the caller may zero. Providers sharing a vault are one key service seen by two
 * processes. No cryptography: the keys are random bytes kept in the vault.
 */
export function createMemoryKeyProvider(vault: MemoryKeyVault = new Map()): KeyProvider {
  return {
    async generateDataKey(context) {
      const key = randomBytes(32);
      const wrapped = randomBytes(24).toString('base64url');
      vault.set(wrapped, {
        key: Buffer.from(key),
        context: contextBytes(context).toString('utf8'),
      });
      return { plaintext: key, wrapped };
    },
    async decryptDataKey(wrapped, context) {
      const entry = vault.get(wrapped);
      if (!entry || entry.context !== contextBytes(context).toString('utf8'))
        throw new DecryptionError();
      return Buffer.from(entry.key);
    },
  };
}
