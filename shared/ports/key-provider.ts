/**
 * KeyProvider: makes and unwraps data keys for envelope encryption. The encryption context is
 * bound into the wrapped key (KMS encryption context locally emulated as AES-GCM AAD), so a data
 * key unwraps only under the context it was made for.
 */
export type EncryptionContext = { purpose: string; owner: string };

/**
 * Every purpose the domain seals under. The KMS key policy grants each function only the purposes
 * of its group, so a function can never open another purpose's records.
 */
export const encryptionPurposes = {
  providerToken: 'provider-token',
  deviceCode: 'device-code',
  webhookSecret: 'webhook-secret',
} as const;
export type EncryptionPurpose = (typeof encryptionPurposes)[keyof typeof encryptionPurposes];

export interface DataKey {
  /** 32 bytes for AES-256-GCM; callers drop it after use. */
  plaintext: Buffer;
  /** The wrapped key, opaque, base64url. */
  wrapped: string;
}

export interface KeyProvider {
  generateDataKey(context: EncryptionContext): Promise<DataKey>;
  decryptDataKey(wrapped: string, context: EncryptionContext): Promise<Buffer>;
}

export class DecryptionError extends Error {
  override name = 'DecryptionError';
  constructor(
    message = 'Ciphertext could not be decrypted under this context',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Canonical bytes of a context (sorted keys), used as AAD. */
export const contextBytes = (context: EncryptionContext): Buffer =>
  Buffer.from(
    JSON.stringify([
      ['owner', context.owner],
      ['purpose', context.purpose],
    ]),
    'utf8',
  );
