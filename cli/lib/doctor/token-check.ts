import { createApiClient, HttpError } from '../../../shared/client/api-client';
import { httpApiIntegrationTimeoutMs } from '../../../shared/http/aws-limits';
import { failed, passed, skipped, type CheckResult, type DoctorOptions } from './check';
import { reasonOf } from './probe';

const name = 'API token';

/**
 * A throwaway API token end to end: accepted (`GET /api/auth/me` names its user: the HMAC key and
 * the table work), revoked with itself (`DELETE /api/auth/token`), and refused from the next
 * request on. Creating one needs a browser session (POST /api/tokens is session-only), so the
 * operator makes it and passes it; only that token is ever revoked, never a stored login.
 */
export async function tokenCheck(options: DoctorOptions): Promise<CheckResult> {
  if (!options.token)
    return skipped(
      name,
      'pass --token with a throwaway API token (the editor: Settings → API tokens) to check that tokens are accepted and revoked; it is revoked at the end',
    );
  const client = createApiClient({
    baseUrl: options.url,
    fetch: options.fetch,
    headers: { 'user-agent': 'cms-doctor', authorization: `Bearer ${options.token}` },
    signal: () => AbortSignal.timeout(options.timeoutMs ?? httpApiIntegrationTimeoutMs),
  });
  let step = 'GET /api/auth/me';
  try {
    const me = await client.call('getMe');
    if (!me.authenticated) {
      return failed(
        name,
        'the token is not accepted: /api/auth/me says not authenticated',
        'Automations and the command-line tool cannot use this token.',
        'Pass a token made on this deployment that has not expired or been revoked; if every token fails, the API-token HMAC secret changed (docs/deploy-aws.md, Backup: TokenHmacSecret).',
      );
    }
    step = 'DELETE /api/auth/token';
    await client.call('revokeCurrentToken');
    step = 'GET /api/auth/me after revoking';
    const after = await client.call('getMe');
    if (after.authenticated) {
      return failed(
        name,
        `the token still acts as ${after.username ?? 'its user'} after it was revoked`,
        'A revoked token keeps working: a leaked token cannot be stopped.',
        "Report this as a bug with the tokens function's log lines for these requests.",
      );
    }
    return passed(
      name,
      `accepted as ${me.username ?? 'its user'}, revoked with DELETE /api/auth/token, refused from the next request on`,
    );
  } catch (error) {
    const reason =
      error instanceof HttpError
        ? `answered ${error.status} (${error.message})`
        : `got no answer: ${reasonOf(error)}`;
    return failed(
      name,
      `${step} ${reason}`,
      'Automations and the command-line tool may not work.',
      "Read the session and tokens functions' logs for the request (docs/deploy-aws.md, Monitoring); a 503 names what is missing.",
    );
  }
}
