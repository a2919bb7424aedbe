import { createSecretsManagerClient } from '../../shared/aws/secrets-manager';
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
 * Ready once the GitHub App secret is filled in, remembered for the container's life; until then
 * the secret is read again on each request (filling it in needs no redeploy). Only the verdict is
 * kept, never the credentials.
 */
let ready = false;
async function readiness(): Promise<Readiness> {
  if (ready) return { ready };
  try {
    await readGitHubApp(secrets, env.GITHUB_APP_SECRET_ARN);
  } catch (error) {
    if (error instanceof UnavailableError) return { ready: false, reason: error.message };
    throw error;
  }
  ready = true;
  return { ready };
}

const logger = createJsonLogger();
export const handler = guardOrigin(wireHealth({ logger, publicUrl: () => env.PUBLIC_URL, readiness }), logger, process.env, secrets);
