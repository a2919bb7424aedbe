import type { AwsEnv } from './aws-env';
import type { SecretsClient } from './aws-secrets';
import { readGitHubApp } from './github-app-secret';
import { createGitHubPorts } from './github-ports';
import type { Ports } from './ports';

/** The provider ports from the GitHub App secret: OAuth flows and the REST/GraphQL host, GitHub or GHES, and the webhook secret when set. */
export async function createAwsGitHubPorts(
  env: Pick<AwsEnv, 'GITHUB_APP_SECRET_ARN' | 'GITHUB_WEB_URL' | 'GITHUB_API_URL'>,
  secrets: SecretsClient,
  now: Ports['now'],
) {
  const app = await readGitHubApp(secrets, env.GITHUB_APP_SECRET_ARN);
  return {
    ...createGitHubPorts({
      webUrl: env.GITHUB_WEB_URL,
      apiUrl: env.GITHUB_API_URL,
      app: {
        appId: app.appId,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        privateKeyPem: app.privateKey,
      },
      now,
    }),
    ...(app.webhookSecret !== undefined && { githubWebhookSecret: app.webhookSecret }),
  };
}
