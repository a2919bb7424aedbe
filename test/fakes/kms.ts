import { randomBytes } from 'node:crypto';
import type { AwsJsonClient, Transport } from '../../shared/aws/aws-json-client';
import { createKmsClient } from '../../shared/crypto/kms-key-provider';

/**
 * KMS at the protocol seam: GenerateDataKey hands out a random key and an opaque blob; Decrypt
 * gives the key back only for the same key id and exactly the same encryption context, and
 * otherwise answers InvalidCiphertextException, as KMS does. `failNext` makes the next Decrypt
 * answer another error type. Every request is recorded with its operation and input.
 */
export function fakeKms() {
  const issued = new Map<string, { plaintext: Buffer; context: Record<string, string> | undefined; keyId: string | undefined }>();
  const requests: { operation: string; input: Record<string, unknown>; headers: Record<string, string> }[] = [];
  let failure: { type: string; message: string } | undefined;
  const answer = (status: number, body: unknown) => ({ status, headers: {}, body: JSON.stringify(body) });
  const transport: Transport = async (request) => {
    const operation = request.headers['x-amz-target']!.replace('TrentService.', '');
    const input = JSON.parse(request.body) as { KeyId?: string; CiphertextBlob?: string; EncryptionContext?: Record<string, string> };
    requests.push({ operation, input, headers: request.headers });
    if (operation === 'GenerateDataKey') {
      const plaintext = randomBytes(32);
      const blob = randomBytes(48);
      issued.set(blob.toString('hex'), { plaintext: Buffer.from(plaintext), context: input.EncryptionContext, keyId: input.KeyId });
      return answer(200, { Plaintext: plaintext.toString('base64'), CiphertextBlob: blob.toString('base64'), KeyId: input.KeyId });
    }
    if (failure) {
      const { type, message } = failure;
      failure = undefined;
      return answer(400, { __type: type, message });
    }
    const record = issued.get(Buffer.from(input.CiphertextBlob ?? '', 'base64').toString('hex'));
    const sameContext = JSON.stringify(Object.entries(record?.context ?? {}).sort()) === JSON.stringify(Object.entries(input.EncryptionContext ?? {}).sort());
    if (!record || !sameContext || record.keyId !== input.KeyId) return answer(400, { __type: 'InvalidCiphertextException', message: 'InvalidCiphertextException' });
    return answer(200, { Plaintext: record.plaintext.toString('base64'), KeyId: record.keyId });
  };
  return {
    issued,
    /** The inputs of the requests sent for one operation. */
    calls: (operation: string) => requests.filter((request) => request.operation === operation).map((request) => request.input),
    failNext: (type: string, message: string) => {
      failure = { type, message };
    },
    client: (): AwsJsonClient => createKmsClient({ region: 'eu-west-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, transport }),
  };
}
