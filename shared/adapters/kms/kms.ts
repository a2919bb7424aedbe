import { KMSClient, type KMSClientConfig } from '@aws-sdk/client-kms';
import { sdkDefaults } from '../sdk-defaults';

/** The KMS client of a container: the key provider's (shared/adapters/kms/kms-key-provider.ts). */
export const createKmsClient = (config: KMSClientConfig = {}): KMSClient =>
  new KMSClient({ ...sdkDefaults, ...config });
