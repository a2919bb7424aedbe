import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import '../shared/http/zod-locale';
import { createGitHubGitHost } from '../shared/githost/github-git-host';
import { createGitHubOAuth } from '../shared/githost/github-oauth';
import type { AwsEnv } from './aws-deps';

const filled = z.string().check(z.minLength(1));

/** The JSON the operator stores in the GitHub App secret (see docs/deploy-aws.md). */
export const GitHubAppSecretSchema = z.object({
  appId: z.pipe(z.union([z.string().check(z.regex(/^\d+$/)), z.number().check(z.int(), z.positive())]), z.transform(String)),
  clientId: filled,
  clientSecret: filled,
  privateKey: filled.check(z.startsWith('-----BEGIN')),
});
export type GitHubApp = z.infer<typeof GitHubAppSecretSchema>;

export class GitHubAppSecretError extends Error {
  override name = 'GitHubAppSecretError';
}

/**
 * Reads and checks the GitHub App credentials. Error messages name the secret and the fields at
 * fault, never a value: a JSON syntax error is not passed on, because its message quotes the text.
 */
export async function loadGitHubApp(secrets: SecretsManagerClient, secretArn: string): Promise<GitHubApp> {
  const answer = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.SecretString ?? '');
  } catch {
    throw new GitHubAppSecretError(`Secret ${secretArn} is not JSON; store {"appId","clientId","clientSecret","privateKey"} as described in docs/deploy-aws.md`);
  }
  const result = GitHubAppSecretSchema.safeParse(parsed);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '(root)')))];
    throw new GitHubAppSecretError(`Secret ${secretArn} is not filled in correctly: ${fields.join(', ')}; see docs/deploy-aws.md`);
  }
  return result.data;
}

/** The provider ports, from the GitHub App credentials and the GitHub (or GHES) addresses. */
export async function createGitHubDeps(env: Pick<AwsEnv, 'GITHUB_APP_SECRET_ARN' | 'GITHUB_WEB_URL' | 'GITHUB_API_URL'>, secrets: SecretsManagerClient) {
  const app = await loadGitHubApp(secrets, env.GITHUB_APP_SECRET_ARN);
  return {
    oauth: createGitHubOAuth({ webUrl: env.GITHUB_WEB_URL, clientId: app.clientId, clientSecret: app.clientSecret }),
    gitHost: createGitHubGitHost({ apiUrl: env.GITHUB_API_URL }),
  };
}
