import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export class SecretError extends Error {
  override name = 'SecretError';
}

/** A secret's string; the error names the secret, never a value. */
export async function readSecret(secrets: SecretsManagerClient, secretArn: string): Promise<string> {
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new SecretError(`Secret ${secretArn} has no string value`);
  return SecretString;
}
