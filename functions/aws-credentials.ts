import { EnvironmentError } from './aws-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild alias set by
 * `CmsFunction`). Lambda gives every function its role's credentials in the environment, which is
 * the first place the SDK's default chain looks; the rest of that chain (SSO, INI files, web
 * identity, process, IMDS, and the STS/SSO clients they carry) is 130 KB of bundle and ~10 ms of
 * cold start that never run on Lambda.
 */
export const defaultProvider = (_init?: unknown) => async () => {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  if (!accessKeyId || !secretAccessKey) throw new EnvironmentError('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
};
