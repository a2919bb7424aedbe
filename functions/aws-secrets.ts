import { createAwsJsonClient, type AwsJsonClient } from '../shared/aws/aws-json-client';

export class SecretError extends Error {
  override name = 'SecretError';
}

/** Secrets Manager's JSON protocol, with the role's credentials from the environment. */
export const createSecretsClient = (): AwsJsonClient => createAwsJsonClient({ service: 'secretsmanager', targetPrefix: 'secretsmanager', jsonVersion: '1.1' });

/** A secret's string; the error names the secret, never a value. */
export async function readSecret(secrets: AwsJsonClient, secretArn: string): Promise<string> {
  const { SecretString } = await secrets.call<{ SecretString?: string }>('GetSecretValue', { SecretId: secretArn });
  if (!SecretString) throw new SecretError(`Secret ${secretArn} has no string value`);
  return SecretString;
}
