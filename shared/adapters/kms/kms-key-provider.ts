import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { requestMetrics } from '../../request-metrics';
import {
  DecryptionError,
  type EncryptionContext,
  type KeyProvider,
} from '../../ports/key-provider';

export interface KmsKeyProviderOptions {
  /** The container's KMS client (shared/adapters/kms/kms.ts). */
  client: Pick<KMSClient, 'send'>;
  /** Key id, key ARN or alias ARN of the symmetric key that wraps the data keys. */
  keyId: string;
  /**
   * Unwrapped data keys kept in memory, so reading the same record twice in one container costs
   * one KMS call. Both bounds hold: at most `maxEntries` keys, none older than `maxAgeMs`.
   * `maxEntries: 0` turns the cache off.
   */
  cache?: { maxEntries: number; maxAgeMs: number };
  now?: () => number;
}

/** KMS answers these when the ciphertext, the key or the encryption context does not fit. */
const refusals = new Set(['InvalidCiphertextException', 'IncorrectKeyException']);

/**
 * AWS's KeyProvider: GenerateDataKey (AES_256) and Decrypt, with `{purpose, owner}` as the KMS
 * encryption context, so the key policy can restrict each function to its own purpose and a
 * ciphertext moved to another owner's record fails to unwrap. The wrapped key in the envelope is
 * the KMS CiphertextBlob, base64url, exactly where the local provider puts its wrapped key.
 */
export function createKmsKeyProvider(options: KmsKeyProviderOptions): KeyProvider {
  const { client, keyId } = options;
  const cache = createDataKeyCache(
    options.cache ?? { maxEntries: 100, maxAgeMs: 5 * 60_000 },
    options.now ?? Date.now,
  );
  const encryptionContext = (context: EncryptionContext) => ({
    purpose: context.purpose,
    owner: context.owner,
  });
  // A failed call counts for the request's metrics (the KMS failures alarm), then fails as before.
  const counted = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (error) {
      const metrics = requestMetrics();
      if (metrics) metrics.kmsFailures += 1;
      throw error;
    }
  };

  return {
    async generateDataKey(context) {
      const answer = await counted(
        client.send(
          new GenerateDataKeyCommand({
            KeyId: keyId,
            KeySpec: 'AES_256',
            EncryptionContext: encryptionContext(context),
          }),
        ),
      );
      if (!answer.Plaintext || !answer.CiphertextBlob)
        throw new Error('KMS GenerateDataKey answered without a key');
      const plaintext = Buffer.from(answer.Plaintext);
      answer.Plaintext.fill(0); // the SDK's copy; callers zero theirs
      const wrapped = Buffer.from(answer.CiphertextBlob).toString('base64url');
      cache.set(wrapped, context, plaintext);
      return { plaintext, wrapped };
    },
    async decryptDataKey(wrapped, context) {
      const cached = cache.get(wrapped, context);
      if (cached) return cached;
      let plaintext: Uint8Array | undefined;
      try {
        const answer = await counted(
          client.send(
            new DecryptCommand({
              KeyId: keyId,
              CiphertextBlob: Buffer.from(wrapped, 'base64url'),
              EncryptionContext: encryptionContext(context),
            }),
          ),
        );
        plaintext = answer.Plaintext;
      } catch (error) {
        if (refusals.has((error as { name?: string }).name ?? ''))
          throw new DecryptionError(undefined, { cause: error });
        throw error;
      }
      if (!plaintext) throw new Error('KMS Decrypt answered without a key');
      const key = Buffer.from(plaintext);
      plaintext.fill(0);
      cache.set(wrapped, context, key);
      return key;
    },
  };
}

/**
 * Insertion-ordered map used as an LRU: a hit moves the entry to the end, an insert sweeps out
 * expired entries and then evicts from the front past the count bound. Callers get copies (the
 * envelope code zeroes the keys it is handed); evicted keys are zeroed here.
 */
function createDataKeyCache(bounds: { maxEntries: number; maxAgeMs: number }, now: () => number) {
  const entries = new Map<string, { key: Buffer; storedAt: number }>();
  const id = (wrapped: string, context: EncryptionContext) =>
    JSON.stringify([wrapped, context.purpose, context.owner]);
  const drop = (cacheKey: string) => {
    entries.get(cacheKey)?.key.fill(0);
    entries.delete(cacheKey);
  };

  return {
    get(wrapped: string, context: EncryptionContext): Buffer | undefined {
      const cacheKey = id(wrapped, context);
      const entry = entries.get(cacheKey);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= bounds.maxAgeMs) {
        drop(cacheKey);
        return undefined;
      }
      entries.delete(cacheKey);
      entries.set(cacheKey, entry);
      return Buffer.from(entry.key);
    },
    set(wrapped: string, context: EncryptionContext, key: Buffer): void {
      if (bounds.maxEntries <= 0 || bounds.maxAgeMs <= 0) return;
      const cacheKey = id(wrapped, context);
      const at = now();
      drop(cacheKey);
      for (const [other, entry] of entries) if (at - entry.storedAt >= bounds.maxAgeMs) drop(other);
      entries.set(cacheKey, { key: Buffer.from(key), storedAt: at });
      for (const oldest of entries.keys()) {
        if (entries.size <= bounds.maxEntries) break;
        drop(oldest);
      }
    },
  };
}
