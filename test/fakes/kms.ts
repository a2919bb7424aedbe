import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSServiceException } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { createKmsClient } from '../../shared/adapters/kms/kms';

/** An error as the KMS client throws it for an error answer of type `name`. */
export const kmsError = (name: string, message: string) =>
  new KMSServiceException({ name, message, $fault: 'client', $metadata: { httpStatusCode: 400 } });

/**
 * KMS at the SDK seam (aws-sdk-client-mock on a real KMS client): GenerateDataKey hands out a
 * random key and an opaque blob; Decrypt gives the key back only for the same key id and exactly
 * the same encryption context, and otherwise fails with InvalidCiphertextException, as KMS does.
 * `failNext` makes the next Decrypt fail with another error type. Every call is recorded with
 * its operation and input.
 */
export function fakeKms() {
  const issued = new Map<
    string,
    { plaintext: Buffer; context: Record<string, string> | undefined; keyId: string | undefined }
  >();
  let failure: { type: string; message: string } | undefined;
  const client = createKmsClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
  const mock = mockClient(client);
  mock
    .on(GenerateDataKeyCommand)
    .callsFake(async (input: { KeyId?: string; EncryptionContext?: Record<string, string> }) => {
      const plaintext = randomBytes(32);
      const blob = randomBytes(48);
      issued.set(blob.toString('hex'), {
        plaintext: Buffer.from(plaintext),
        context: input.EncryptionContext,
        keyId: input.KeyId,
      });
      return {
        Plaintext: new Uint8Array(plaintext),
        CiphertextBlob: new Uint8Array(blob),
        KeyId: input.KeyId,
      };
    });
  mock
    .on(DecryptCommand)
    .callsFake(
      async (input: {
        KeyId?: string;
        CiphertextBlob?: Uint8Array;
        EncryptionContext?: Record<string, string>;
      }) => {
        if (failure) {
          const { type, message } = failure;
          failure = undefined;
          throw kmsError(type, message);
        }
        const record = issued.get(
          Buffer.from(input.CiphertextBlob ?? new Uint8Array()).toString('hex'),
        );
        const sameContext =
          JSON.stringify(Object.entries(record?.context ?? {}).sort()) ===
          JSON.stringify(Object.entries(input.EncryptionContext ?? {}).sort());
        if (!record || !sameContext || record.keyId !== input.KeyId)
          throw kmsError('InvalidCiphertextException', 'InvalidCiphertextException');
        return { Plaintext: new Uint8Array(record.plaintext), KeyId: record.keyId };
      },
    );
  const inputs = (operation: string) =>
    mock
      .calls()
      .map(
        (call) =>
          call.args[0] as unknown as {
            constructor: { name: string };
            input: Record<string, unknown>;
          },
      )
      .filter((command) => command.constructor.name === `${operation}Command`)
      .map((command) => command.input);
  return {
    issued,
    /** The inputs of the calls made of one operation. */
    calls: inputs,
    failNext: (type: string, message: string) => {
      failure = { type, message };
    },
    client: () => client,
  };
}
