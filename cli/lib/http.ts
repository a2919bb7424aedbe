import { createApiClient } from '../../shared/client/api-client';
import { ApiError, CliError, exitCodes } from './errors';

export interface ApiOptions {
  url: string;
  /** Sent as `Authorization: Bearer …` when present. */
  token?: string;
  fetch?: typeof fetch;
}

/**
 * The service's typed client (shared with the editor): `api.call('getPull', { params: { repo,
 * number } })` answers the 2xx body typed from the route table; anything else throws an ApiError
 * (exit code by status), an unreachable service a CliError.
 */
export function createApi(options: ApiOptions) {
  const { call } = createApiClient({
    baseUrl: options.url,
    fetch: options.fetch,
    headers: {
      'user-agent': 'cms-cli',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    signal: () => AbortSignal.timeout(60_000),
    unreachable: (error) => {
      const reason =
        (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      return new CliError(`Cannot reach ${options.url}: ${reason}`, exitCodes.error, {
        cause: error,
      });
    },
    failed: (status, body, _call, headers) => new ApiError(status, body, headers),
  });
  return { url: options.url, call };
}

export type Api = ReturnType<typeof createApi>;
