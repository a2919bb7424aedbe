import { createApiClient, HttpError } from '../../../shared/client/api-client';
import { httpApiIntegrationTimeoutMs } from '../../../shared/http/aws-limits';
import { failed, passed, warned, type CheckResult, type DoctorOptions } from './check';
import { reasonOf } from './probe';

/** The service's typed client, without credentials, for the open routes. */
export const openClient = (options: DoctorOptions, headers: Record<string, string> = {}) =>
  createApiClient({
    baseUrl: options.url,
    fetch: options.fetch,
    headers: { 'user-agent': 'cms-doctor', ...headers },
    signal: () => AbortSignal.timeout(options.timeoutMs ?? httpApiIntegrationTimeoutMs),
  });

/**
 * `GET /api/health`: whether the service answers at all (the other checks need it), whether the
 * GitHub App secret is filled in, and whether it holds the webhook secret.
 */
export async function healthChecks(
  options: DoctorOptions,
): Promise<{ reachable: boolean; results: CheckResult[] }> {
  let health: { status?: unknown; reason?: unknown; webhookSecret?: unknown };
  try {
    health = await openClient(options).call('getHealth');
  } catch (error) {
    return { reachable: false, results: [unanswered(options.url, error)] };
  }
  if (health?.status !== 'ok' && health?.status !== 'not_ready') {
    return {
      reachable: false,
      results: [
        failed(
          'health',
          `${options.url}/api/health answered ${JSON.stringify(health).slice(0, 120)}, not the service's health`,
          'This address is not the content editing service (or a proxy in front of it answers instead).',
          'Pass the SiteUrl output of the stack as --url.',
        ),
      ],
    };
  }
  const results = [
    passed('health', `${options.url}/api/health answers 200 {"status":"${health.status}"}`),
  ];
  if (health.status === 'not_ready') {
    results.push(
      failed(
        'readiness',
        `not ready: ${typeof health.reason === 'string' ? health.reason : 'no reason given'}`,
        'Sign-in and every request that reaches GitHub answer 503 until the GitHub App secret is filled in.',
        'Fill in the GitHub App secret (docs/deploy-aws.md, "3. Fill in the secrets"); no redeploy is needed.',
      ),
    );
    return { reachable: true, results };
  }
  results.push(passed('readiness', 'the GitHub App secret is filled in'));
  results.push(
    health.webhookSecret === false
      ? warned(
          'webhook secret',
          'the GitHub App secret holds no webhookSecret',
          "GitHub's App deliveries to /api/github/webhook are refused (401), so every list reads GitHub: correct, one GitHub request slower each time.",
          'Set a webhook secret on the GitHub App and the same value as webhookSecret in the App secret (docs/deploy-aws.md, steps 2 and 3).',
        )
      : passed(
          'webhook secret',
          health.webhookSecret === true
            ? "GitHub's App deliveries are verified (webhookSecret is set)"
            : 'not reported by this version of the service',
        ),
  );
  return { reachable: true, results };
}

function unanswered(url: string, error: unknown): CheckResult {
  if (error instanceof HttpError) {
    const edge = error.status === 403 || error.status === 502 || error.status === 504;
    return failed(
      'health',
      `${url}/api/health answered ${error.status}${typeof error.body === 'string' ? ` (${error.body.replace(/\s+/g, ' ').slice(0, 120)})` : error.message ? ` (${error.message})` : ''}`,
      edge
        ? 'CloudFront cannot reach the API, or refuses the request (a WAF block is a 403 too).'
        : 'The service is up but does not answer its health check.',
      edge
        ? 'Check the stack finished deploying (aws cloudformation describe-stacks), the WAF rules, and the API behaviours of the distribution (cdk diff).'
        : "Read the health function's log group for the request (docs/deploy-aws.md, Monitoring).",
    );
  }
  return failed(
    'health',
    `cannot reach ${url}: ${reasonOf(error)}`,
    'Nobody can use the service at this address.',
    'Check the address (the SiteUrl output) and, with your own domain, its DNS record (docs/deploy-aws.md, "Your own domain").',
  );
}
