import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export class SecretError extends Error {
  override name = 'SecretError';
}

/** The container's Secrets Manager client (shared/adapters/secrets-manager/secrets-manager.ts), as the readers below take it. */
export type SecretsClient = Pick<SecretsManagerClient, 'send'>;

/** A secret's string; the error names the secret, never a value. */
export async function readSecret(secrets: SecretsClient, secretArn: string): Promise<string> {
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new SecretError(`Secret ${secretArn} has no string value`);
  return SecretString;
}
