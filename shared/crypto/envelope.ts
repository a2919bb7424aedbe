import { gcmOpen, gcmSeal } from './aes-gcm';
import {
  contextBytes,
  DecryptionError,
  type EncryptionContext,
  type KeyProvider,
} from '../ports/key-provider';

/**
 * Envelope format, the same for every KeyProvider: `v1.<wrapped data key>.<iv ‖ tag ‖ ciphertext>`
 * (base64url parts). The context is the AAD of the payload and the KMS encryption context of the
 * data key, so a ciphertext copied into another owner's record fails to open.
 */
export async function sealEnvelope(
  keys: KeyProvider,
  plaintext: string,
  context: EncryptionContext,
): Promise<string> {
  const dataKey = await keys.generateDataKey(context);
  try {
    const sealed = gcmSeal(
      dataKey.plaintext,
      Buffer.from(plaintext, 'utf8'),
      contextBytes(context),
    );
    return `v1.${dataKey.wrapped}.${sealed.toString('base64url')}`;
  } finally {
    dataKey.plaintext.fill(0);
  }
}

export async function openEnvelope(
  keys: KeyProvider,
  envelope: string,
  context: EncryptionContext,
): Promise<string> {
  const [version, wrapped, payload, extra] = envelope.split('.');
  if (version !== 'v1' || !wrapped || !payload || extra !== undefined)
    throw new DecryptionError('Unknown envelope format');
  const key = await keys.decryptDataKey(wrapped, context);
  try {
    return gcmOpen(key, Buffer.from(payload, 'base64url'), contextBytes(context)).toString('utf8');
  } catch (cause) {
    throw new DecryptionError(undefined, { cause });
  } finally {
    key.fill(0);
  }
}
