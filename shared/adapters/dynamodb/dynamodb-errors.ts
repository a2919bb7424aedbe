import { UnavailableError } from '../../errors';

/** DynamoDB's answers for "too many requests now", whatever the SDK retries left. */
const throttling = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);
/** Node's socket failures: DynamoDB (or the emulator) could not be reached. */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when the table could not answer now: throttled, a server-side fault (InternalServerError,
 * ServiceUnavailable) or not reachable. A client fault (a validation error, access denied, no
 * such table) is a bug or a broken deployment, and stays what it is: a 500.
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const sdk = error as Error & { $fault?: string; code?: string };
  return (
    throttling.has(error.name) ||
    sdk.$fault === 'server' ||
    error.name === 'TimeoutError' ||
    unreachable.has(sdk.code ?? '')
  );
}

/**
 * One request to the table with its failures translated once, here in the adapter: an
 * unavailable table becomes the domain's UnavailableError (503); anything else passes through
 * unchanged.
 */
export async function withUnavailable<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw isUnavailable(error)
      ? new UnavailableError('The database is unavailable; try again shortly', { cause: error })
      : error;
  }
}
