import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openEnvelope, sealEnvelope } from '../../shared/crypto/envelope';
import { DecryptionError } from '../../shared/ports/key-provider';
import { createKmsKeyProvider } from '../../shared/adapters/kms/kms-key-provider';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';
import { KMSServiceException } from '@aws-sdk/client-kms';
import { requestMetrics, withRequestMetrics } from '../../shared/request-metrics';
import { fakeKms } from '../fakes/kms';

const keyId = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const alice = { purpose: 'provider-token', owner: 'USER#1' };
const bob = { purpose: 'provider-token', owner: 'USER#2' };

describe('KMS key provider', () => {
  let kms: ReturnType<typeof fakeKms>;
  let issued: ReturnType<typeof fakeKms>['issued'];
  beforeEach(() => {
    kms = fakeKms();
    ({ issued } = kms);
  });
  const decrypts = () => kms.calls('Decrypt').length;

  it('round-trips through the envelope with the context as the KMS encryption context', async () => {
    // Prepare
    const writer = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 0 },
    });
    const reader = createKmsKeyProvider({ client: kms.client(), keyId });

    // Act
    const sealed = await sealEnvelope(writer, 'ghu_secret_token_value', alice);
    const opened = await openEnvelope(reader, sealed, alice);

    // Assess
    expect(opened).toBe('ghu_secret_token_value');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('ghu_secret');
    const generate = kms.calls('GenerateDataKey')[0];
    expect(generate).toEqual({
      KeyId: keyId,
      KeySpec: 'AES_256',
      EncryptionContext: { purpose: 'provider-token', owner: 'USER#1' },
    });
    const decrypt = kms.calls('Decrypt')[0]!;
    expect(decrypt.EncryptionContext).toEqual({ purpose: 'provider-token', owner: 'USER#1' });
    expect(decrypt.KeyId).toBe(keyId);
  });

  it('keeps the envelope format of the local provider: the wrapped key is the CiphertextBlob, base64url', async () => {
    // Prepare
    const keys = createKmsKeyProvider({ client: kms.client(), keyId });

    // Act
    const sealed = await sealEnvelope(keys, 'x', alice);
    const local = await sealEnvelope(createLocalKeyProvider(randomBytes(32)), 'x', alice);

    // Assess
    const [version, wrapped] = sealed.split('.');
    expect(version).toBe(local.split('.')[0]);
    expect([...issued.keys()]).toEqual([Buffer.from(wrapped!, 'base64url').toString('hex')]);
    expect(sealed.split('.')).toHaveLength(local.split('.').length);
  });

  it("refuses a ciphertext copied into another owner's record or opened for another purpose", async () => {
    // Prepare
    const keys = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 0 },
    });
    const sealed = await sealEnvelope(keys, 'alice token', alice);

    // Act
    const asBob = openEnvelope(keys, sealed, bob);
    const otherPurpose = openEnvelope(keys, sealed, { ...alice, purpose: 'api-token' });

    // Assess
    await expect(asBob).rejects.toBeInstanceOf(DecryptionError);
    await expect(otherPurpose).rejects.toBeInstanceOf(DecryptionError);
  });

  it('does not let the cache answer for another context', async () => {
    // Prepare: the key made for alice is cached under alice's context only.
    const keys = createKmsKeyProvider({ client: kms.client(), keyId });
    const sealed = await sealEnvelope(keys, 'alice token', alice);

    // Act
    const asAlice = await openEnvelope(keys, sealed, alice);
    const asBob = openEnvelope(keys, sealed, bob);

    // Assess
    expect(asAlice).toBe('alice token');
    await expect(asBob).rejects.toBeInstanceOf(DecryptionError);
    expect(decrypts()).toBe(1);
  });

  it('passes KMS failures other than a refused ciphertext through unchanged', async () => {
    // Prepare
    const keys = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 0 },
    });
    const sealed = await sealEnvelope(keys, 'alice token', alice);
    kms.failNext('KMSInvalidStateException', 'Key is pending deletion');

    // Act
    const opening = openEnvelope(keys, sealed, alice);

    // Assess
    await expect(opening).rejects.toBeInstanceOf(KMSServiceException);
    await expect(opening).rejects.toMatchObject({
      name: 'KMSInvalidStateException',
      message: 'Key is pending deletion',
    });
  });

  it("counts each failed KMS call, refused or not, in the request's metrics; a successful one counts nothing", async () => {
    // Prepare
    const keys = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 0 },
    });

    // Act
    const counts = await withRequestMetrics(async () => {
      const sealed = await sealEnvelope(keys, 'alice token', alice);
      await openEnvelope(keys, sealed, alice);
      const afterSuccess = requestMetrics()!.kmsFailures;
      await expect(openEnvelope(keys, sealed, bob)).rejects.toBeInstanceOf(DecryptionError);
      kms.failNext('KMSInvalidStateException', 'Key is pending deletion');
      await expect(openEnvelope(keys, sealed, alice)).rejects.toMatchObject({
        name: 'KMSInvalidStateException',
      });
      return { afterSuccess, afterFailures: requestMetrics()!.kmsFailures };
    });

    // Assess
    expect(counts).toEqual({ afterSuccess: 0, afterFailures: 2 });
  });

  it('serves repeated reads from the cache, and hands out copies the envelope may zero', async () => {
    // Prepare
    const writer = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 0 },
    });
    const reader = createKmsKeyProvider({ client: kms.client(), keyId });
    const sealed = await sealEnvelope(writer, 'alice token', alice);

    // Act
    const first = await openEnvelope(reader, sealed, alice);
    const second = await openEnvelope(reader, sealed, alice);

    // Assess
    expect([first, second]).toEqual(['alice token', 'alice token']);
    expect(decrypts()).toBe(1);
  });

  it('knows the keys it generated without asking KMS again', async () => {
    // Prepare
    const keys = createKmsKeyProvider({ client: kms.client(), keyId });

    // Act
    const sealed = await sealEnvelope(keys, 'fresh', alice);
    const opened = await openEnvelope(keys, sealed, alice);

    // Assess
    expect(opened).toBe('fresh');
    expect(decrypts()).toBe(0);
  });

  it('bounds the cache by count, evicting the least recently used key', async () => {
    // Prepare
    const writer = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 0 },
    });
    const reader = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 2, maxAgeMs: 60_000 },
    });
    const owners = ['USER#1', 'USER#2', 'USER#3'].map((owner) => ({
      purpose: 'provider-token',
      owner,
    }));
    const sealed = await Promise.all(
      owners.map((owner) => sealEnvelope(writer, owner.owner, owner)),
    );

    // Act: read 1, 2, touch 1, read 3 (evicts 2), then 1 and 3 again, then 2 again.
    await openEnvelope(reader, sealed[0]!, owners[0]!);
    await openEnvelope(reader, sealed[1]!, owners[1]!);
    await openEnvelope(reader, sealed[0]!, owners[0]!);
    await openEnvelope(reader, sealed[2]!, owners[2]!);
    const beforeRereads = decrypts();
    await openEnvelope(reader, sealed[0]!, owners[0]!);
    await openEnvelope(reader, sealed[2]!, owners[2]!);
    const afterCachedRereads = decrypts();
    await openEnvelope(reader, sealed[1]!, owners[1]!);

    // Assess
    expect(beforeRereads).toBe(3);
    expect(afterCachedRereads).toBe(3);
    expect(decrypts()).toBe(4);
  });

  it('bounds the cache by age', async () => {
    // Prepare
    let now = 1_000_000;
    const writer = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 0 },
    });
    const reader = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 10, maxAgeMs: 1_000 },
      now: () => now,
    });
    const sealed = await sealEnvelope(writer, 'alice token', alice);

    // Act
    await openEnvelope(reader, sealed, alice);
    now += 999;
    await openEnvelope(reader, sealed, alice);
    const withinAge = decrypts();
    now += 1;
    await openEnvelope(reader, sealed, alice);

    // Assess
    expect(withinAge).toBe(1);
    expect(decrypts()).toBe(2);
  });

  it('turns the cache off with maxEntries 0', async () => {
    // Prepare
    const keys = createKmsKeyProvider({
      client: kms.client(),
      keyId,
      cache: { maxEntries: 0, maxAgeMs: 60_000 },
    });
    const sealed = await sealEnvelope(keys, 'alice token', alice);

    // Act
    await openEnvelope(keys, sealed, alice);
    await openEnvelope(keys, sealed, alice);

    // Assess
    expect(decrypts()).toBe(2);
  });
});
