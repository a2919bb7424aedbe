import type { AwsJsonClient } from '../shared/aws/aws-json-client';
import * as z from 'zod/mini';
import '../shared/zod-locale';
import type { AwsEnv } from './aws-env';
import { readSecret, SecretError } from './aws-ports';
import { createGitHubPorts } from './github-ports';
import type { Ports } from './ports';

const filled = z.string().check(z.minLength(1));

/** The JSON the operator stores in the GitHub App secret (docs/deploy-aws.md). */
export const GitHubAppSecretSchema = z.object({
  appId: z.pipe(z.union([z.string().check(z.regex(/^\d+$/)), z.number().check(z.int(), z.positive())]), z.transform(String)),
  clientId: filled,
  clientSecret: filled,
  privateKey: filled.check(z.startsWith('-----BEGIN')),
});
export type GitHubApp = z.infer<typeof GitHubAppSecretSchema>;

/**
 * Reads and checks the GitHub App credentials. Errors name the secret and the fields at fault,
 * never a value; a JSON syntax error is not passed on, because its message quotes the text.
 */
export async function readGitHubApp(secrets: AwsJsonClient, secretArn: string): Promise<GitHubApp> {
  const text = await readSecret(secrets, secretArn);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SecretError(`Secret ${secretArn} is not JSON; store {"appId","clientId","clientSecret","privateKey"} (docs/deploy-aws.md)`);
  }
  const result = GitHubAppSecretSchema.safeParse(parsed);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '(the whole value)')))];
    throw new SecretError(`Secret ${secretArn} is not filled in: check ${fields.join(', ')} (docs/deploy-aws.md)`);
  }
  return result.data;
}

/** The provider ports from the GitHub App secret: OAuth flows and the REST/GraphQL host, GitHub or GHES. */
export async function createAwsGitHubPorts(
  env: Pick<AwsEnv, 'GITHUB_APP_SECRET_ARN' | 'GITHUB_WEB_URL' | 'GITHUB_API_URL'>,
  secrets: AwsJsonClient,
  now: Ports['now'],
) {
  const app = await readGitHubApp(secrets, env.GITHUB_APP_SECRET_ARN);
  return createGitHubPorts({ webUrl: env.GITHUB_WEB_URL, apiUrl: env.GITHUB_API_URL, app: { appId: app.appId, clientId: app.clientId, clientSecret: app.clientSecret, privateKeyPem: app.privateKey }, now });
}
