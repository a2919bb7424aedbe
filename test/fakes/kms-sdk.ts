import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';

/**
 * KMS at the SDK seam: GenerateDataKey hands out a random key and an opaque blob; Decrypt gives
 * the key back only for the same key id and exactly the same encryption context, and otherwise
 * throws InvalidCiphertextException, as KMS does. Mocks every KMSClient until `kms.restore()`.
 */
export function fakeKms() {
  const kms = mockClient(KMSClient);
  const issued = new Map<string, { plaintext: Buffer; context: Record<string, string> | undefined; keyId: string | undefined }>();
  kms.on(GenerateDataKeyCommand).callsFake((input) => {
    const plaintext = randomBytes(32);
    const blob = randomBytes(48);
    issued.set(blob.toString('hex'), { plaintext: Buffer.from(plaintext), context: input.EncryptionContext, keyId: input.KeyId });
    return { Plaintext: plaintext, CiphertextBlob: blob, KeyId: input.KeyId };
  });
  kms.on(DecryptCommand).callsFake((input) => {
    const record = issued.get(Buffer.from(input.CiphertextBlob ?? []).toString('hex'));
    const sameContext = JSON.stringify(Object.entries(record?.context ?? {}).sort()) === JSON.stringify(Object.entries(input.EncryptionContext ?? {}).sort());
    if (!record || !sameContext || record.keyId !== input.KeyId) {
      throw new InvalidCiphertextException({ message: 'InvalidCiphertextException', $metadata: {} });
    }
    return { Plaintext: Buffer.from(record.plaintext), KeyId: record.keyId };
  });
  return { kms, issued };
}
