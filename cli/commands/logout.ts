import { leaf, run } from '../lib/command';
import { ApiError, CliError } from '../lib/errors';
import { createApi } from '../lib/http';
import type { Io } from '../lib/io';

type Outcome = 'revoked' | 'already-invalid' | 'kept';

const said: Record<Outcome, string> = {
  revoked: 'The token is revoked.',
  'already-invalid': 'The token had already expired or been revoked.',
  kept: "The token stays valid until it expires; revoke it in the editor's Settings (API tokens) to end it now.",
};

/**
 * Revokes the stored token on the service (DELETE /api/auth/token), then forgets it. A 401 means
 * it is already dead: forgotten all the same. Any other failure keeps it, so logout can be run
 * again; `--local` only forgets. CMS_TOKEN is never revoked: this command did not store it.
 */
export const logoutCommand = (io: Io) =>
  leaf('logout', 'Revoke the stored token on the service and forget it')
    .option('--local', 'only forget the token here; it stays valid on the service until it expires')
    .action(
      run<[], { local?: boolean }>(io, async (context, _args, options) => {
        const url = await context.serviceUrl();
        const stored = await context.store.get(url);
        if (!stored) {
          context.print(
            { url, removed: false, revoked: false },
            () => `No stored login for ${url}.\n`,
          );
          return;
        }
        const outcome = options.local
          ? 'kept'
          : Date.parse(stored.expiresAt) <= Date.now()
            ? 'already-invalid'
            : await revoke(url, stored.token);
        await context.store.remove(url);
        context.print(
          { url, removed: true, revoked: outcome === 'revoked' },
          () => `Signed out of ${url}. ${said[outcome]}\n`,
        );
      }),
    );

async function revoke(url: string, token: string): Promise<Outcome> {
  try {
    await createApi({ url, token }).call('revokeCurrentToken');
    return 'revoked';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'already-invalid';
    const reason = error instanceof Error ? error.message : String(error);
    const exitCode = error instanceof CliError ? error.exitCode : undefined;
    throw new CliError(
      `Could not revoke the token at ${url}: ${reason}. It is still stored: run cms logout again, or cms logout --local to forget it without revoking it`,
      exitCode,
      { cause: error },
    );
  }
}
