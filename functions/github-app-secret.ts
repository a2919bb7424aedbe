import * as z from 'zod/mini';
import '../shared/zod-locale';
import { UnavailableError } from '../shared/errors';
import { readSecret, SecretError, type SecretsClient } from './aws-secrets';

const filled = z.string().check(z.minLength(1));

/** The JSON the operator stores in the GitHub App secret (docs/deploy-aws.md). */
export const GitHubAppSecretSchema = z.object({
  appId: z.pipe(
    z.union([z.string().check(z.regex(/^\d+$/)), z.number().check(z.int(), z.positive())]),
    z.transform(String),
  ),
  clientId: filled,
  clientSecret: filled,
  privateKey: filled.check(z.startsWith('-----BEGIN')),
  /** The App's webhook secret (optional): with it, GitHub's push deliveries keep lists fresh without a GitHub request. */
  webhookSecret: z.optional(z.string().check(z.minLength(16))),
});
export type GitHubApp = z.infer<typeof GitHubAppSecretSchema>;

/**
 * The GitHub App secret is not filled in (yet): every group that needs the App answers 503 with
 * this message, and health reports it. It names the secret and the fields, never a value.
 */
export class GitHubAppNotConfiguredError extends UnavailableError {
  override name = 'GitHubAppNotConfiguredError';
  constructor(problem: string) {
    super(`The GitHub App is not configured: ${problem} (docs/deploy-aws.md)`);
  }
}

/**
 * A secret's name from its ARN (`…:secret:<name>-<6 random characters>`): what the operator
 * looks for in the console, without the account id an ARN carries.
 */
export const secretName = (secretArn: string) =>
  /:secret:(.+)-[A-Za-z0-9]{6}$/.exec(secretArn)?.[1] ??
  secretArn.split(':secret:').pop() ??
  secretArn;

/**
 * Reads and checks the GitHub App credentials. Errors name the secret and the fields at fault,
 * never a value; a JSON syntax error is not passed on, because its message quotes the text.
 */
export async function readGitHubApp(secrets: SecretsClient, secretArn: string): Promise<GitHubApp> {
  const name = secretName(secretArn);
  let text: string;
  try {
    text = await readSecret(secrets, secretArn);
  } catch (error) {
    // No current value at all (created without one, or its value deleted): not filled in either.
    if (error instanceof SecretError || (error as Error).name === 'ResourceNotFoundException')
      throw new GitHubAppNotConfiguredError(
        `the secret ${name} has no value; store {"appId","clientId","clientSecret","privateKey"} in it`,
      );
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GitHubAppNotConfiguredError(
      `the secret ${name} is not JSON; store {"appId","clientId","clientSecret","privateKey"} in it`,
    );
  }
  const result = GitHubAppSecretSchema.safeParse(parsed);
  if (!result.success) {
    const fields = [
      ...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '(the whole value)'))),
    ];
    throw new GitHubAppNotConfiguredError(`fill in the secret ${name} (${fields.join(', ')})`);
  }
  return result.data;
}
