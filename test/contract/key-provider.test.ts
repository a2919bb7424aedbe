import { randomBytes } from 'node:crypto';
import { createKmsKeyProvider } from '../../shared/adapters/kms/kms-key-provider';
import { createLocalKeyProvider } from '../../shared/adapters/local/local-key-provider';
import { fakeKms } from '../fakes/kms';
import { createMemoryKeyProvider, type MemoryKeyVault } from '../fakes/memory-key-provider';
import { keyProviderContract } from './key-provider-contract';

keyProviderContract('in memory', async () => {
  const vault: MemoryKeyVault = new Map();
  return { keys: createMemoryKeyProvider(vault), another: () => createMemoryKeyProvider(vault) };
});

keyProviderContract('local (AES-GCM under a master key)', async () => {
  const masterKey = randomBytes(32);
  return {
    keys: createLocalKeyProvider(masterKey),
    another: () => createLocalKeyProvider(masterKey),
  };
});

keyProviderContract('KMS (at the SDK seam)', async () => {
  const kms = fakeKms();
  const keyId = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
  const provider = () => createKmsKeyProvider({ client: kms.client(), keyId });
  return { keys: provider(), another: provider };
});
