import * as z from 'zod/mini';
import '../shared/zod-locale';
import type { Logger } from '../shared/logger';
import { UnavailableError } from '../shared/errors';
import { statusOf } from '../shared/http/error-status';
import { json } from '../shared/http/respond';
import type { LambdaHttpHandler } from '../shared/http/types';

const nonEmpty = z.string().check(z.minLength(1));
const httpsUrl = z.url({ protocol: /^https$/ });

/**
 * Every environment variable a function may be given. The stack's `CmsFunction.use*` methods set
 * each together with its IAM grant; a handler parses only the keys of the ports it builds.
 */
const envShape = {
  /** The single table (`useTable`). */
  TABLE_NAME: nonEmpty,
  /** The KMS key that wraps data keys (`useKey`). */
  KMS_KEY_ID: nonEmpty,
  /** Secrets Manager ARN of the GitHub App credentials JSON (`useGitHub`). */
  GITHUB_APP_SECRET_ARN: nonEmpty,
  /** Secrets Manager ARN of the API-token HMAC key (`useTokenKey`). */
  TOKEN_HMAC_SECRET_ARN: nonEmpty,
  /** GitHub's web origin: https://github.com, or the GitHub Enterprise Server host (`useGitHub`). */
  GITHUB_WEB_URL: httpsUrl,
  /** GitHub's REST base: https://api.github.com, or `<host>/api/v3` on GHES (`useGitHub`). */
  GITHUB_API_URL: httpsUrl,
  /** The origin browsers use (CloudFront or the custom domain); every function gets it. */
  PUBLIC_URL: httpsUrl,
  /** Secrets Manager ARN of the CloudFront origin secret; when set, requests without it get 403 (`useSecret`). */
  ORIGIN_SECRET_ARN: nonEmpty,
  /** The S3 bucket media uploads and large reads are staged in (`useUploads`). */
  UPLOADS_BUCKET: z
    .string()
    .check(
      z.regex(
        /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/,
        'must be an S3 bucket name (lowercase letters, digits and hyphens)',
      ),
    ),
  /** How many days audit records are kept (`useSetting`; the deployment's `activityRetentionDays`, 365 by default). */
  ACTIVITY_RETENTION_DAYS: z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,4}$/, 'must be a whole number of days, 1 to 99999')),
    z.transform(Number),
  ),
  /** The EventBridge Scheduler group the schedules are made in (`useScheduler`). */
  SCHEDULE_GROUP: nonEmpty,
  /** The scheduler function the schedules invoke, and the role they invoke it with (`useScheduler`). */
  SCHEDULER_FUNCTION_ARN: z
    .string()
    .check(z.regex(/^arn:aws[a-z-]*:lambda:/, 'must be a Lambda function ARN')),
  SCHEDULER_ROLE_ARN: z.string().check(z.regex(/^arn:aws[a-z-]*:iam::/, 'must be an IAM role ARN')),
  /** The SQS queue webhook deliveries wait in (`useWebhookQueue`: every group that writes the audit log, and the sender). */
  WEBHOOK_QUEUE_URL: httpsUrl,
  /** The SQS queue collection index builds wait in (`useIndexQueue`: content, repos, webhooks and the indexer). */
  INDEX_QUEUE_URL: httpsUrl,
  /** The webhook dead-letter queue (the sender only). */
  WEBHOOK_DLQ_URL: httpsUrl,
  /** Private CIDRs or host names webhooks may reach, comma-separated; empty: none (the deployment's `webhookAllowedPrivate`). */
  WEBHOOK_ALLOWED_PRIVATE: z.pipe(
    z.string(),
    z.transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ),
};
export type AwsEnv = { [K in keyof typeof envShape]: z.infer<(typeof envShape)[K]> };
export type AwsEnvKey = keyof AwsEnv;
export const awsEnvKeys = Object.keys(envShape) as AwsEnvKey[];

export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/**
 * Reads the given keys once, at cold start, and throws naming every missing or invalid one, so a
 * misconfigured function fails its first invocation with the whole list, never half-way through.
 */
export function parseAwsEnv<K extends AwsEnvKey>(
  source: Record<string, string | undefined>,
  keys: readonly K[],
): Pick<AwsEnv, K> {
  const result = z
    .object(Object.fromEntries(keys.map((key) => [key, envShape[key]])))
    .safeParse(source);
  if (result.success) return result.data as Pick<AwsEnv, K>;
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    if (!problems.has(key))
      problems.set(key, source[key] === undefined ? 'missing' : issue.message);
  }
  throw new EnvironmentError(
    `Invalid environment: ${[...problems].map(([key, problem]) => `${key} (${problem})`).join(', ')}`,
  );
}

/**
 * `init` run once, on first use, its result shared by every caller (concurrent first calls
 * included); a failed attempt is forgotten, so the next call tries again.
 */
export function lazyOnce<T>(init: () => Promise<T>): () => Promise<T> {
  let ready: Promise<T> | undefined;
  return () => {
    if (ready) return ready;
    const attempt = init();
    ready = attempt;
    attempt.catch(() => {
      if (ready === attempt) ready = undefined;
    });
    return attempt;
  };
}

/**
 * A handler whose dependencies need I/O first (secrets). Initialisation runs on the first
 * invocation, never at import: a module load touches no network, so the init phase is pure CPU
 * and a container that is never invoked costs no Secrets Manager call. It runs once per
 * container (concurrent first requests share it). A failed one is logged (error name and message
 * only) and retried by the next request: filling in a secret after deploying needs no redeploy.
 * It answers 503 naming what is missing when a setting is not filled in (an UnavailableError,
 * e.g. the GitHub App secret), otherwise 500.
 */
export function lazyHandler(
  logger: Logger,
  init: () => Promise<LambdaHttpHandler>,
): LambdaHttpHandler {
  const ready = lazyOnce(init);
  return async (event, context, options) => {
    let handler: LambdaHttpHandler;
    try {
      handler = await ready();
    } catch (error) {
      logger.error('Initialisation failed', {
        requestId: context.awsRequestId,
        errorName: (error as Error).name,
        errorMessage: (error as Error).message,
      });
      // Something not set up yet (the GitHub App secret) says what to fill in; anything else is our bug.
      if (error instanceof UnavailableError)
        return json(
          statusOf[error.code],
          { error: error.message },
          { headers: { 'cache-control': 'no-store' } },
        );
      return json(
        500,
        { error: 'Internal Server Error' },
        { headers: { 'cache-control': 'no-store' } },
      );
    }
    return handler(event, context, options);
  };
}
