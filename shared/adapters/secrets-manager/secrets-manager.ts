import {
  SecretsManagerClient,
  type SecretsManagerClientConfig,
} from '@aws-sdk/client-secrets-manager';
import { sdkDefaults } from '../sdk-defaults';

/** The Secrets Manager client of a container (functions/aws-secrets.ts reads the service's secrets with it). */
export const createSecretsManagerClient = (
  config: SecretsManagerClientConfig = {},
): SecretsManagerClient => new SecretsManagerClient({ ...sdkDefaults, ...config });
