import { ApiError, CliError, exitCodes } from './errors';

/**
 * Merge and update answer 409 with `{merged|ok: false, reason}` rather than `{error}`: say which
 * action did not happen, keep the server's reason as sent, keep exit code 3.
 */
export async function explainConflict<T>(what: string, work: Promise<T>, hint = ''): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 409 &&
      typeof (error.body as { error?: unknown })?.error !== 'string'
    ) {
      throw new CliError(`${what}: ${error.message}${hint}`, exitCodes.conflict, { cause: error });
    }
    throw error;
  }
}
