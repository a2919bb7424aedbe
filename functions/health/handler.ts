import { createSecretsManagerClient } from '../../shared/adapters/secrets-manager/secrets-manager';
import { UnavailableError } from '../../shared/errors';
import { createJsonLogger } from '../../shared/logger';
import { parseAwsEnv } from '../aws-env';
import { guardOrigin } from '../aws-origin-check';
import { readGitHubApp } from '../github-app-secret';
import type { Readiness } from '../ports';
import { wireHealth } from './wire';

const env = parseAwsEnv(process.env, ['PUBLIC_URL', 'GITHUB_APP_SECRET_ARN']);
const secrets = createSecretsManagerClient();

/**
 * Ready once the GitHub App secret is filled in, remembered for the container's life with its
 * webhookSecret; until then the secret is read again on each request (filling it in needs no
 * redeploy), and while the webhook secret is missing at most every five minutes, so adding it
 * shows here soon without a Secrets Manager call per health check. Only the verdict is kept,
 * never the credentials.
 */
const webhookRecheckMs = 5 * 60_000;
let verdict: { readiness: Readiness & { ready: true }; readAt: number } | undefined;
async function readiness(): Promise<Readiness> {
  if (
    verdict &&
    (verdict.readiness.webhookSecret || Date.now() - verdict.readAt < webhookRecheckMs)
  )
    return verdict.readiness;
  let app: Awaited<ReturnType<typeof readGitHubApp>>;
  try {
    app = await readGitHubApp(secrets, env.GITHUB_APP_SECRET_ARN);
  } catch (error) {
    if (error instanceof UnavailableError) return { ready: false, reason: error.message };
    throw error;
  }
  verdict = {
    readiness: { ready: true, webhookSecret: app.webhookSecret !== undefined },
    readAt: Date.now(),
  };
  return verdict.readiness;
}

const logger = createJsonLogger();
export const handler = guardOrigin(
  wireHealth({ logger, publicUrl: () => env.PUBLIC_URL, readiness }),
  logger,
  process.env,
  secrets,
);
